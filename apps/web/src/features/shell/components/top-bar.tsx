import Layout from 'antd/es/layout';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TOP_BAR_HEIGHT } from '../shell-constants.ts';
import { HeaderMenu } from './header-menu.tsx';
import { HelpDropdown } from './help-dropdown.tsx';
import { NotificationsDropdown } from './notifications-dropdown.tsx';
import { SettingsDropdown } from './settings-dropdown.tsx';
import { UserDropdown } from './user-dropdown.tsx';

/**
 * The fixed top bar (spec §9 layout default): brand, header menu, then the notifications, settings
 * quick-actions, help and user dropdowns.
 */
export function TopBar({ selectedKeys }: { selectedKeys: string[] }) {
  const { t } = useTranslation('common');
  const { token } = theme.useToken();
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        display: 'flex',
        alignItems: 'center',
        gap: token.margin,
        height: TOP_BAR_HEIGHT,
        lineHeight: `${TOP_BAR_HEIGHT}px`,
        padding: `0 ${token.paddingLG}px`,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Link
        to="/"
        style={{
          fontWeight: 700,
          fontSize: token.fontSizeLG,
          color: token.colorPrimary,
          whiteSpace: 'nowrap',
        }}
      >
        {t('appName')}
      </Link>
      <HeaderMenu selectedKeys={selectedKeys} />
      <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXS, marginLeft: 'auto' }}>
        <NotificationsDropdown />
        <SettingsDropdown />
        <HelpDropdown />
        <UserDropdown />
      </div>
    </Layout.Header>
  );
}
