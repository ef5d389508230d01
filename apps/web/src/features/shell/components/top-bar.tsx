import MenuOutlined from '@ant-design/icons/es/icons/MenuOutlined';
import Button from 'antd/es/button';
import Layout from 'antd/es/layout';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { openNavigationDrawer, useShellViewport } from '../hooks/use-shell-viewport.ts';
import { TOP_BAR_HEIGHT } from '../shell-constants.ts';
import { HeaderMenu } from './header-menu.tsx';
import { HelpDropdown } from './help-dropdown.tsx';
import { NotificationsDropdown } from './notifications-dropdown.tsx';
import { SettingsDropdown } from './settings-dropdown.tsx';
import { UserDropdown } from './user-dropdown.tsx';

/**
 * The fixed top bar (spec §9 layout default): brand, header menu, then the notifications, settings
 * quick-actions, help and user dropdowns. On a phone the header menu gives way to a button that
 * opens the sidebar as a drawer.
 */
export function TopBar({ selectedKeys }: { selectedKeys: string[] }) {
  const { t } = useTranslation(['common', 'shell']);
  const { token } = theme.useToken();
  const { phone } = useShellViewport();
  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        display: 'flex',
        alignItems: 'center',
        gap: phone ? token.marginXS : token.margin,
        height: TOP_BAR_HEIGHT,
        lineHeight: `${TOP_BAR_HEIGHT}px`,
        padding: `0 ${phone ? token.paddingXS : token.paddingLG}px`,
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {phone ? (
        <Button
          type="text"
          aria-label={t('shell:sidebar.openMenu')}
          onClick={openNavigationDrawer}
          icon={<MenuOutlined aria-hidden />}
          style={{ minWidth: 44, minHeight: 44 }}
        />
      ) : null}
      <Link
        to="/"
        style={{
          fontWeight: 700,
          fontSize: token.fontSizeLG,
          color: token.colorPrimary,
          whiteSpace: 'nowrap',
        }}
      >
        {t('common:appName')}
      </Link>
      {phone ? null : <HeaderMenu selectedKeys={selectedKeys} />}
      <div style={{ display: 'flex', alignItems: 'center', gap: token.marginXS, marginLeft: 'auto' }}>
        <NotificationsDropdown />
        <SettingsDropdown />
        <HelpDropdown />
        <UserDropdown />
      </div>
    </Layout.Header>
  );
}
