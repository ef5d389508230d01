import MenuFoldOutlined from '@ant-design/icons/es/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/es/icons/MenuUnfoldOutlined';
import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import Button from 'antd/es/button';
import Layout from 'antd/es/layout';
import theme from 'antd/es/theme';
import { useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { useFavourites, useSidebarApps, useTaskTotal } from '../api.ts';
import { withPublishedApps } from '../sidebar-apps.ts';
import { useSidebarMinimised } from '../hooks/use-sidebar-minimised.ts';
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

const favouriteKey = (pathname: string): string[] => {
  const match = /^\/module\/([^/]+)/.exec(pathname);
  return match?.[1] ? [`favourite:${decodeURIComponent(match[1])}`] : [];
};

/**
 * The dark sidebar (spec §2, §9): fixed entries, search, favourites, the application tree and
 * Create App. It can be minimised (remembered in a cookie); a minimised sidebar expands over the
 * page on hover or keyboard focus after 50 ms and collapses 100 ms after leaving.
 */
export function Sidebar({ selectedKeys }: { selectedKeys: string[] }) {
  const { t } = useTranslation('shell');
  const { token } = theme.useToken();
  const { config } = useAuth();
  const appMenu = useAppMenu();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const sidebar = useSidebarMinimised();
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
        <nav
          aria-label={t('sidebar.label')}
          data-testid="sidebar"
          data-collapsed={collapsed ? 'true' : 'false'}
        >
          <div
            style={{
              display: 'flex',
              justifyContent: collapsed ? 'center' : 'flex-end',
              padding: token.paddingXS,
            }}
          >
            <Button
              type="text"
              aria-label={sidebar.minimised ? t('sidebar.expand') : t('sidebar.minimise')}
              aria-pressed={sidebar.minimised}
              onClick={sidebar.toggle}
              style={{ color: 'rgba(255, 255, 255, 0.85)' }}
              icon={sidebar.minimised ? <MenuUnfoldOutlined aria-hidden /> : <MenuFoldOutlined aria-hidden />}
            />
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
      </Layout.Sider>
    </div>
  );
}
