import { TASK_BADGE_MAX } from '@formloop/domain';
import Empty from 'antd/es/empty';
import Menu, { type MenuProps } from 'antd/es/menu';
import theme from 'antd/es/theme';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountBadge } from '../../../shared/ui/count-badge.tsx';
import type { FavouriteModule } from '../api.ts';
import { formatCount, withSidebarSource } from '../format.ts';
import { filterMenu, groupKeys, type ShellLink } from '../navigation.ts';
import { resetTaskListPosition } from '../../tasks/index.ts';
import type { AppMenuEntry } from '@formloop/contracts';
import { menuItems } from './header-menu.tsx';
import { MenuIcon } from '../../../shared/ui/menu-icon.tsx';

type Items = NonNullable<MenuProps['items']>;

/** The fixed entries: Home (with the pending-task badge), Dashboards & Reports, BI, Quick Report, Apps. */
export function LinkMenu(props: {
  links: readonly ShellLink[];
  taskTotal: number | undefined;
  selectedKeys: string[];
}) {
  const { t } = useTranslation('shell');
  const items: Items = props.links.map((link) => {
    const text = t(link.labelKey);
    const anchor = link.fullPageLoad ? (
      // A full page load on purpose (spec §2): the dashboards area starts from a clean document.
      <a href={link.path}>{text}</a>
    ) : (
      // Home forgets where the task list was: tab Tasks, page 1, no module (spec §2).
      <Link to={link.path} onClick={link.key === 'home' ? resetTaskListPosition : undefined}>
        {text}
      </Link>
    );
    const badge =
      link.key === 'home' && props.taskTotal !== undefined && props.taskTotal > 0
        ? formatCount(props.taskTotal, TASK_BADGE_MAX)
        : null;
    return {
      key: link.key,
      icon: <MenuIcon name={link.icon} />,
      title: text,
      label: badge ? (
        <span style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
          {anchor}
          <CountBadge text={badge} label={t('sidebar.pendingTasks', { count: badge })} />
        </span>
      ) : (
        anchor
      ),
    };
  });
  if (items.length === 0) return null;
  return (
    <Menu
      theme="dark"
      mode="inline"
      selectedKeys={props.selectedKeys}
      items={items}
      style={{ borderInlineEnd: 0 }}
    />
  );
}

function SectionTitle({ children, hidden }: { children: ReactNode; hidden: boolean }) {
  const { token } = theme.useToken();
  if (hidden) return null;
  return (
    <h2
      style={{
        margin: `${token.marginSM}px ${token.margin}px ${token.marginXXS}px`,
        color: 'rgba(255, 255, 255, 0.6)',
        fontSize: token.fontSizeSM,
        fontWeight: 600,
        textTransform: 'uppercase',
        letterSpacing: 0.5,
      }}
    >
      {children}
    </h2>
  );
}

/** Favourite modules; an empty state when there are none or the list cannot be loaded. */
export function FavouritesMenu(props: {
  favourites: readonly FavouriteModule[];
  loading: boolean;
  collapsed: boolean;
  searching: boolean;
  selectedKeys: string[];
}) {
  const { t } = useTranslation('shell');
  const items: Items = props.favourites.map((favourite) => ({
    key: `favourite:${favourite.id}`,
    icon: <MenuIcon name={favourite.icon ?? 'star'} />,
    title: favourite.title,
    label: (
      <Link to={withSidebarSource(`/module/${encodeURIComponent(favourite.id)}`)}>{favourite.title}</Link>
    ),
  }));
  // While searching, a section without matches disappears instead of claiming there are no favourites.
  if (items.length === 0 && (props.searching || props.collapsed)) return null;
  return (
    <section aria-label={t('sidebar.favourites')}>
      <SectionTitle hidden={props.collapsed}>{t('sidebar.favourites')}</SectionTitle>
      {items.length > 0 ? (
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={props.selectedKeys}
          items={items}
          style={{ borderInlineEnd: 0 }}
        />
      ) : props.loading ? null : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          styles={{ image: { height: 32, opacity: 0.5 } }}
          style={{ margin: '4px 16px 8px' }}
          description={
            <span style={{ color: 'rgba(255, 255, 255, 0.65)' }}>{t('sidebar.noFavourites')}</span>
          }
        />
      )}
    </section>
  );
}

/** The application menus with their nested groups; every group opens while a search is active. */
/** The keys of the groups that hold one of `keys`, outermost first. */
function groupsAbove(entries: readonly AppMenuEntry[], keys: readonly string[]): string[] {
  for (const entry of entries) {
    if (keys.includes(entry.id)) return [];
    const below = groupsAbove(entry.items, keys);
    if (below.length > 0 || entry.items.some((item) => keys.includes(item.id))) return [entry.id, ...below];
  }
  return [];
}

export function ApplicationTree(props: {
  tree: readonly AppMenuEntry[];
  query: string;
  collapsed: boolean;
  selectedKeys: string[];
}) {
  const { t } = useTranslation('shell');
  // The groups on the way to the page shown start open, so its entry is in sight.
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const above = groupsAbove(props.tree, props.selectedKeys).join('\n');
  useEffect(() => {
    if (above) setOpenKeys((keys) => [...new Set([...keys, ...above.split('\n')])]);
  }, [above]);
  const visible = filterMenu(props.tree, props.query);
  if (visible.length === 0) return null;
  const searching = props.query.trim() !== '';
  return (
    <section aria-label={t('sidebar.applications')}>
      <SectionTitle hidden={props.collapsed}>{t('sidebar.applications')}</SectionTitle>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={props.selectedKeys}
        openKeys={props.collapsed ? [] : searching ? groupKeys(visible) : openKeys}
        onOpenChange={(keys) => {
          if (!searching) setOpenKeys(keys);
        }}
        items={menuItems(visible, withSidebarSource)}
        style={{ borderInlineEnd: 0 }}
      />
    </section>
  );
}
