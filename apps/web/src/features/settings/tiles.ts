// The /settings landing page's tiles (spec §2 settings and integrations routes, §6 roles): which
// sections and tiles a user sees, and which tiles need a bot licence. Pure data and rules, so the
// role rules are tested without rendering; titles and descriptions live in the 'settings' namespace
// under tiles.<key>.title / tiles.<key>.description.
import ApartmentOutlined from '@ant-design/icons/es/icons/ApartmentOutlined';
import ApiOutlined from '@ant-design/icons/es/icons/ApiOutlined';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import BankOutlined from '@ant-design/icons/es/icons/BankOutlined';
import CarOutlined from '@ant-design/icons/es/icons/CarOutlined';
import ClusterOutlined from '@ant-design/icons/es/icons/ClusterOutlined';
import DeploymentUnitOutlined from '@ant-design/icons/es/icons/DeploymentUnitOutlined';
import HistoryOutlined from '@ant-design/icons/es/icons/HistoryOutlined';
import IdcardOutlined from '@ant-design/icons/es/icons/IdcardOutlined';
import LoginOutlined from '@ant-design/icons/es/icons/LoginOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import RobotOutlined from '@ant-design/icons/es/icons/RobotOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/es/icons/SafetyCertificateOutlined';
import ShoppingCartOutlined from '@ant-design/icons/es/icons/ShoppingCartOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import {
  botLicenceKey,
  canUseIntegrations,
  canUseSettings,
  isSystemAdminOnly,
  type UserFlags,
} from '@formloop/domain';
import type { ComponentType } from 'react';
import { SSO_SETTINGS_PATH } from '../sso/index.ts';

export interface SettingsTile {
  key: string;
  path: string;
  icon: ComponentType;
  /** The bot licence key the tenant must hold, e.g. BOT_COMPANIES_HOUSE (spec §6). */
  licence?: string;
  /** Shown but never usable (spec §2: Travel Management is shown disabled). */
  alwaysDisabled?: boolean;
}

export interface SettingsSection {
  key: 'people' | 'appSetup' | 'integrations' | 'security' | 'system';
  visible: (flags: UserFlags) => boolean;
  tiles: readonly SettingsTile[];
}

export const SETTINGS_SECTIONS: readonly SettingsSection[] = [
  {
    key: 'people',
    visible: canUseSettings,
    tiles: [
      { key: 'users', path: '/settings/user-management', icon: UserOutlined },
      { key: 'teams', path: '/settings/team-management', icon: ApartmentOutlined },
      { key: 'rolesPermissions', path: '/settings/roles-permissions', icon: SafetyCertificateOutlined },
    ],
  },
  {
    key: 'appSetup',
    visible: canUseSettings,
    tiles: [
      { key: 'menus', path: '/settings/menu', icon: MenuOutlined },
      { key: 'appGroups', path: '/module-categories', icon: AppstoreOutlined },
      { key: 'organization', path: '/settings/organization', icon: BankOutlined },
    ],
  },
  {
    // Spec §6: Webhooks, RPA and Connect Hub are for administrators and system administrators;
    // consultants use settings but not these.
    key: 'integrations',
    visible: canUseIntegrations,
    tiles: [
      { key: 'webhooks', path: '/webhooks', icon: ApiOutlined },
      {
        key: 'roboticAutomation',
        path: '/robotic-automation',
        icon: RobotOutlined,
        licence: botLicenceKey('Robotic Automation'),
      },
      { key: 'connectHub', path: '/connect-hub', icon: ClusterOutlined },
      {
        key: 'companiesHouse',
        path: '/connect-hub/companies-house',
        icon: IdcardOutlined,
        licence: botLicenceKey('Companies House'),
      },
      {
        key: 'ecommerce',
        path: '/connect-hub/ecommerce',
        icon: ShoppingCartOutlined,
        licence: botLicenceKey('Ecommerce'),
      },
      {
        key: 'travelManagement',
        path: '/connect-hub/travel-management',
        icon: CarOutlined,
        alwaysDisabled: true,
      },
    ],
  },
  {
    // Single sign-on (issue 9): how people sign in is the administrators' call, as integrations are.
    key: 'security',
    visible: canUseIntegrations,
    tiles: [{ key: 'singleSignOn', path: SSO_SETTINGS_PATH, icon: LoginOutlined }],
  },
  {
    key: 'system',
    visible: isSystemAdminOnly,
    tiles: [
      { key: 'auditTrail', path: '/app/audit', icon: HistoryOutlined },
      { key: 'processEngine', path: '/process-engine', icon: DeploymentUnitOutlined },
    ],
  },
];

const NO_FLAGS: UserFlags = {
  isSysAdmin: false,
  isAdministrator: false,
  isConsultant: false,
  isFullUser: false,
};

/** The sections a user with these flags sees (none when signed out). */
export function visibleSections(flags: UserFlags | null | undefined): SettingsSection[] {
  const effective = flags ?? NO_FLAGS;
  return SETTINGS_SECTIONS.filter((section) => section.visible(effective));
}
