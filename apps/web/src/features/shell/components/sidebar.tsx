import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import MenuFoldOutlined from '@ant-design/icons/es/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/es/icons/MenuUnfoldOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Layout from 'antd/es/layout';
import theme from 'antd/es/theme';
import { useEffect, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import '../sidebar.css';
import { useFavourites, useSidebarApps, useTaskTotal } from '../api.ts';
import { withPublishedApps } from '../sidebar-apps.ts';
import { useSidebarMinimised } from '../hooks/use-sidebar-minimised.ts';
import { closeNavigationDrawer, useNavigationDrawer, useShellViewport } from '../hooks/use-shell-viewport.ts';
import { filterMenu, showsCreateApp, sidebarLinks, sidebarTree } from '../navigation.ts';
import {
  CREATE_APP_PATH,
  SIDEBAR_MINIMISED_WIDTH,
  SIDEBAR_WIDTH,
  TOP_BAR_HEIGHT,
} from '../shell-constants.ts';
import { SidebarSearch } from './sidebar-search.tsx';
import { ApplicationTree, FavouritesMenu, LinkMenu } from './sidebar-menus.tsx';
import { useAppMenu } from '../hooks/use-app-menu.ts';

const WIDTH = SIDEBAR_WIDTH;
const MINIMISED_WIDTH = SIDEBAR_MINIMISED_WIDTH;
/** The phone drawer: the sidebar's width plus room for longer names, never the whole screen. */
const DRAWER_WIDTH = 'min(300px, calc(100vw - 48px))';

const favouriteKey = (pathname: string): string[] => {
  const match = /^\/module\/([^/]+)/.exec(pathname);
  return match?.[1] ? [`favourite:${decodeURIComponent(match[1])}`] : [];
};

/**
 * The dark sidebar (spec §2, §9): fixed entries, search, favourites, the application tree and
 * Create App. It can be minimised (remembered in a cookie); a minimised sidebar expands over the
 * page on hover or keyboard focus after 50 ms and collapses 100 ms after leaving. From md to lg it
 * starts minimised; below md (phones) it is a drawer the top bar opens, closed again on navigation.
 */
export function Sidebar({ selectedKeys }: { selectedKeys: string[] }) {
  const { token } = theme.useToken();
  const viewport = useShellViewport();
  const sidebar = useSidebarMinimised(viewport.narrow);
  const drawerOpen = useNavigationDrawer();
  const { pathname } = useLocation();
  useEffect(() => closeNavigationDrawer(), [pathname]);
  useEffect(() => {
    if (!viewport.phone) closeNavigationDrawer();
  }, [viewport.phone]);

  if (viewport.phone) {
    return (
      <Drawer
        open={drawerOpen}
        onClose={closeNavigationDrawer}
        placement="left"
        size={DRAWER_WIDTH}
        closable={false}
        styles={{ body: { padding: 0 } }}
      >
        <Layout.Sider
          className="formloop-sidebar"
          theme="dark"
          width="100%"
          trigger={null}
          style={{ minHeight: '100%' }}
        >
          <SidebarNav selectedKeys={selectedKeys} collapsed={false} onClose={closeNavigationDrawer} />
        </Layout.Sider>
      </Drawer>
    );
  }

  const collapsed = sidebar.collapsed;
  // Focus moving between elements inside the sidebar is not a "leave".
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) sidebar.leave();
  };

  return (
    <div
      style={{
        position: 'sticky',
        top: TOP_BAR_HEIGHT,
        height: `calc(100vh - ${TOP_BAR_HEIGHT}px)`,
        width: sidebar.minimised ? MINIMISED_WIDTH : WIDTH,
        flex: 'none',
        zIndex: 50,
      }}
    >
      <Layout.Sider
        className="formloop-sidebar"
        theme="dark"
        width={WIDTH}
        collapsedWidth={MINIMISED_WIDTH}
        collapsed={collapsed}
        trigger={null}
        onMouseEnter={sidebar.enter}
        onMouseLeave={sidebar.leave}
        onFocus={sidebar.enter}
        onBlur={onBlur}
        style={{
          position: 'absolute',
          insetBlock: 0,
          insetInlineStart: 0,
          overflowY: 'auto',
          boxShadow: sidebar.minimised && !collapsed ? token.boxShadowSecondary : undefined,
        }}
      >
        <SidebarNav
          selectedKeys={selectedKeys}
          collapsed={collapsed}
          minimised={sidebar.minimised}
          onToggle={sidebar.toggle}
        />
      </Layout.Sider>
    </div>
  );
}

/**
 * What the sidebar holds, beside the page or in the phone drawer: the minimise toggle (or, in the
 * drawer, its close button), search, links, favourites, the application tree and Create App.
 */
function SidebarNav(props: {
  selectedKeys: string[];
  collapsed: boolean;
  minimised?: boolean;
  onToggle?: () => void;
  onClose?: () => void;
}) {
  const { selectedKeys, collapsed } = props;
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const { config } = useAuth();
  const appMenu = useAppMenu();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [query, setQuery] = useState('');
  const favourites = useFavourites();
  const taskTotal = useTaskTotal();

  const needle = query.trim().toLocaleLowerCase();
  const matches = (text: string) => needle === '' || text.toLocaleLowerCase().includes(needle);
  const links = sidebarLinks(config);
  const visibleLinks = links.filter((link) => matches(t(link.labelKey)));
  const visibleFavourites = (favourites.data ?? []).filter((favourite) => matches(favourite.title));
  const apps = useSidebarApps();
  const tree = withPublishedApps(sidebarTree(appMenu, links), apps.data ?? [], t('sidebar.otherApps'));
  const nothingFound =
    needle !== '' &&
    visibleLinks.length === 0 &&
    visibleFavourites.length === 0 &&
    filterMenu(tree, query).length === 0;
  const lightText = { color: 'rgba(255, 255, 255, 0.85)' };

  return (
    <nav aria-label={t('sidebar.label')} data-testid="sidebar" data-collapsed={collapsed ? 'true' : 'false'}>
      <div
        style={{
          display: 'flex',
          justifyContent: collapsed ? 'center' : 'flex-end',
          padding: token.paddingXS,
        }}
      >
        {props.onClose ? (
          <Button
            type="text"
            aria-label={t('sidebar.closeMenu')}
            onClick={props.onClose}
            style={{ ...lightText, minWidth: 44, minHeight: 44 }}
            icon={<CloseOutlined aria-hidden />}
          />
        ) : (
          <Button
            type="text"
            aria-label={props.minimised ? t('sidebar.expand') : t('sidebar.minimise')}
            aria-pressed={props.minimised}
            onClick={props.onToggle}
            style={lightText}
            icon={props.minimised ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
          />
        )}
      </div>
      {collapsed ? null : <SidebarSearch onSearch={setQuery} />}
      <LinkMenu links={visibleLinks} taskTotal={taskTotal.data} selectedKeys={selectedKeys} />
      <FavouritesMenu
        favourites={visibleFavourites}
        loading={favourites.isPending}
        collapsed={collapsed}
        searching={needle !== ''}
        selectedKeys={favouriteKey(pathname)}
      />
      <ApplicationTree tree={tree} query={query} collapsed={collapsed} selectedKeys={selectedKeys} />
      {nothingFound ? (
        <p role="status" style={{ margin: token.margin, color: 'rgba(255, 255, 255, 0.65)' }}>
          {t('sidebar.noMatches')}
        </p>
      ) : null}
      {showsCreateApp(config) ? (
        <div style={{ padding: token.paddingSM }}>
          <Button
            type="primary"
            block
            icon={<PlusOutlined aria-hidden />}
            aria-label={collapsed ? t('sidebar.createApp') : undefined}
            onClick={() => void navigate(CREATE_APP_PATH)}
          >
            {collapsed ? null : t('sidebar.createApp')}
          </Button>
        </div>
      ) : null}
    </nav>
  );
}
