import SettingOutlined from '@ant-design/icons/es/icons/SettingOutlined';
import type { AppMenuEntry } from '@formloop/contracts';
import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import type { MenuProps } from 'antd/es/menu';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { settingsLinks, showsQuickActions, splitAppMenu } from '../navigation.ts';
import { SETTINGS_PATH } from '../shell-constants.ts';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';
import { useAppMenu } from '../hooks/use-app-menu.ts';

type Items = NonNullable<MenuProps['items']>;

const entryItems = (entries: readonly AppMenuEntry[]): Items =>
  entries.map((entry) => ({
    key: `menu:${entry.id}`,
    icon: <MenuIcon name={entry.icon} />,
    disabled: entry.disabled,
    label: entry.disabled ? entry.title : <Link to={entry.href}>{entry.title}</Link>,
  }));

/**
 * The settings quick actions (spec §2, §6): the /settings entry taken out of the header menu (and
 * anything under it), then the settings pages the user's role may open. Shown to system
 * administrators, administrators and consultants only.
 */
export function SettingsDropdown() {
  const { t } = useTranslation('shell');
  const { config } = useAuth();
  const appMenu = useAppMenu();
  if (!showsQuickActions(config)) return null;

  const { settings } = splitAppMenu(appMenu);
  const pages = settingsLinks(config);
  const items: Items = [
    ...(settings ? entryItems([{ ...settings, items: [] }]) : []),
    ...entryItems(settings?.items ?? []),
    ...pages
      .filter((page) => !(settings && page.path === SETTINGS_PATH))
      .map((page) => ({
        key: page.key,
        icon: <MenuIcon name={page.icon} />,
        label: page.newTab ? (
          <a href={page.path} target="_blank" rel="noopener">
            {t(page.labelKey)}
          </a>
        ) : (
          <Link to={page.path}>{t(page.labelKey)}</Link>
        ),
      })),
  ];

  return (
    <Dropdown trigger={['click']} placement="bottomRight" menu={{ items }}>
      <Button
        type="text"
        shape="circle"
        aria-label={t('settings.quickActions')}
        aria-haspopup="menu"
        icon={<SettingOutlined aria-hidden />}
      />
    </Dropdown>
  );
}
