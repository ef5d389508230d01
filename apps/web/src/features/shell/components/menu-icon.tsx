import ApiOutlined from '@ant-design/icons/es/icons/ApiOutlined';
import AppstoreOutlined from '@ant-design/icons/es/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/es/icons/AuditOutlined';
import BankOutlined from '@ant-design/icons/es/icons/BankOutlined';
import BarChartOutlined from '@ant-design/icons/es/icons/BarChartOutlined';
import BellOutlined from '@ant-design/icons/es/icons/BellOutlined';
import ClusterOutlined from '@ant-design/icons/es/icons/ClusterOutlined';
import DashboardOutlined from '@ant-design/icons/es/icons/DashboardOutlined';
import DeploymentUnitOutlined from '@ant-design/icons/es/icons/DeploymentUnitOutlined';
import FileSearchOutlined from '@ant-design/icons/es/icons/FileSearchOutlined';
import FolderOutlined from '@ant-design/icons/es/icons/FolderOutlined';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import RobotOutlined from '@ant-design/icons/es/icons/RobotOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import StarOutlined from '@ant-design/icons/es/icons/StarOutlined';
import TeamOutlined from '@ant-design/icons/es/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/es/icons/UserOutlined';
import type { ComponentProps } from 'react';

// A fixed set rather than the whole icon library: menu data names icons by string, and importing
// every icon would add megabytes. Unknown names get the generic app icon.
const ICONS: Record<string, typeof HomeOutlined> = {
  api: ApiOutlined,
  appstore: AppstoreOutlined,
  audit: AuditOutlined,
  bank: BankOutlined,
  'bar-chart': BarChartOutlined,
  bell: BellOutlined,
  cluster: ClusterOutlined,
  dashboard: DashboardOutlined,
  deployment: DeploymentUnitOutlined,
  'file-search': FileSearchOutlined,
  folder: FolderOutlined,
  home: HomeOutlined,
  menu: MenuOutlined,
  robot: RobotOutlined,
  safety: SafetyOutlined,
  setting: SettingOutlined,
  star: StarOutlined,
  team: TeamOutlined,
  user: UserOutlined,
};

/** Accepts 'home', 'HomeOutlined', 'home-outlined' or 'anticon-home' alike. */
function normalise(name: string): string {
  return name
    .trim()
    .replace(/^anticon-/, '')
    .replace(/([a-z])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/-?(outlined|filled|two-tone)$/, '');
}

type IconProps = Omit<ComponentProps<typeof HomeOutlined>, 'ref' | 'name'>;

/** antd menus clone their icons with a class that spaces them from the label, so props pass through. */
export function MenuIcon({ name, ...props }: IconProps & { name: string | null | undefined }) {
  const Icon = (name ? ICONS[normalise(name)] : undefined) ?? AppstoreOutlined;
  return <Icon aria-hidden {...props} />;
}
