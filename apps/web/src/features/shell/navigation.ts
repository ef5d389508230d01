// The shell's navigation model (spec §2, §6): which fixed entries and settings pages a user sees,
// how the application menu splits between the header and the quick actions, and how the active
// entries become breadcrumbs. Pure functions, so the rules are tested without rendering.
import type { AppMenuEntry } from '@formloop/contracts';
import {
  canUseBuilder,
  canUseIntegrations,
  canUseSettings,
  isSystemAdminOnly,
  type UserFlags,
} from '@formloop/domain';
import { NOTIFICATIONS_PATH, PROFILE_PATH, SETTINGS_PATH } from './shell-constants.ts';

/** A page the shell links to by itself; its label is a key of the 'shell' namespace. */
export interface ShellLink {
  key: string;
  path: string;
  labelKey: string;
  icon: string;
  /** Dashboards & Reports opens with a full page load (spec §2), i.e. a plain <a href>. */
  fullPageLoad?: boolean;
  /** Process opens in a new tab (spec §2): <a target="_blank" rel="noopener">. */
  newTab?: boolean;
}

interface GuardedLink extends ShellLink {
  visible: (flags: UserFlags) => boolean;
}

const everyone = () => true;

const SIDEBAR_LINKS: readonly GuardedLink[] = [
  { key: 'home', path: '/tasks', labelKey: 'sidebar.home', icon: 'home', visible: everyone },
  {
    key: 'dashboards',
    path: '/dashboard',
    labelKey: 'sidebar.dashboards',
    icon: 'dashboard',
    fullPageLoad: true,
    visible: canUseBuilder,
  },
  {
    key: 'business-intelligence',
    path: '/business-intelligence',
    labelKey: 'sidebar.businessIntelligence',
    icon: 'bar-chart',
    visible: canUseBuilder,
  },
  {
    key: 'quick-report',
    path: '/inquiry',
    labelKey: 'sidebar.quickReport',
    icon: 'file-search',
    visible: canUseBuilder,
  },
  { key: 'apps', path: '/applications', labelKey: 'sidebar.apps', icon: 'appstore', visible: everyone },
  // Builders' own pages (spec §6: form editor, reference data), reachable without typing a URL.
  {
    key: 'app-builder',
    path: '/form-editor',
    labelKey: 'sidebar.appBuilder',
    icon: 'build',
    visible: canUseBuilder,
  },
  {
    key: 'reference-data',
    path: '/referencedata',
    labelKey: 'sidebar.referenceData',
    icon: 'database',
    visible: canUseBuilder,
  },
];

const SETTINGS_LINKS: readonly GuardedLink[] = [
  {
    key: 'settings',
    path: SETTINGS_PATH,
    labelKey: 'settings.settings',
    icon: 'setting',
    visible: canUseSettings,
  },
  {
    key: 'user-management',
    path: '/settings/user-management',
    labelKey: 'settings.userManagement',
    icon: 'team',
    visible: canUseSettings,
  },
  {
    key: 'roles-permissions',
    path: '/settings/roles-permissions',
    labelKey: 'settings.rolesPermissions',
    icon: 'safety',
    visible: canUseSettings,
  },
  { key: 'menu', path: '/settings/menu', labelKey: 'settings.menu', icon: 'menu', visible: canUseSettings },
  {
    key: 'module-categories',
    path: '/module-categories',
    labelKey: 'settings.moduleCategories',
    icon: 'folder',
    visible: canUseSettings,
  },
  {
    key: 'organization',
    path: '/settings/organization',
    labelKey: 'settings.organization',
    icon: 'bank',
    visible: canUseSettings,
  },
  {
    key: 'webhooks',
    path: '/webhooks',
    labelKey: 'settings.webhooks',
    icon: 'api',
    visible: canUseIntegrations,
  },
  {
    key: 'robotic-automation',
    path: '/robotic-automation',
    labelKey: 'settings.roboticAutomation',
    icon: 'robot',
    visible: canUseIntegrations,
  },
  {
    key: 'connect-hub',
    path: '/connect-hub',
    labelKey: 'settings.connectHub',
    icon: 'cluster',
    visible: canUseIntegrations,
  },
  {
    key: 'process-engine',
    path: '/process-engine',
    labelKey: 'settings.processEngine',
    icon: 'deployment',
    visible: isSystemAdminOnly,
  },
  {
    key: 'process',
    path: '/process/dashboard',
    labelKey: 'settings.process',
    icon: 'dashboard',
    newTab: true,
    visible: isSystemAdminOnly,
  },
  {
    key: 'audit',
    path: '/app/audit',
    labelKey: 'settings.auditTrail',
    icon: 'audit',
    visible: isSystemAdminOnly,
  },
];

/** Pages outside every menu that still deserve a title and a crumb. */
const OTHER_PAGES: readonly ShellLink[] = [
  { key: 'profile', path: PROFILE_PATH, labelKey: 'user.profile', icon: 'user' },
  { key: 'notifications', path: NOTIFICATIONS_PATH, labelKey: 'notifications.title', icon: 'bell' },
];

const NO_FLAGS: UserFlags = {
  isSysAdmin: false,
  isAdministrator: false,
  isConsultant: false,
  isFullUser: false,
};

const strip = ({ visible: _visible, ...link }: GuardedLink): ShellLink => link;

/** The fixed sidebar entries the user may see (Home and Apps for everyone). */
export function sidebarLinks(flags: UserFlags | null): ShellLink[] {
  return SIDEBAR_LINKS.filter((link) => link.visible(flags ?? NO_FLAGS)).map(strip);
}

/** Settings pages for the quick-actions dropdown; empty for users who may open none. */
export function settingsLinks(flags: UserFlags | null): ShellLink[] {
  return SETTINGS_LINKS.filter((link) => link.visible(flags ?? NO_FLAGS)).map(strip);
}

/** The quick-actions dropdown shows to system administrators, administrators and consultants only. */
export const showsQuickActions = (flags: UserFlags | null): boolean => canUseSettings(flags ?? NO_FLAGS);

/** Create App shows to full users and consultants only. */
export const showsCreateApp = (flags: UserFlags | null): boolean => canUseBuilder(flags ?? NO_FLAGS);

const pathOf = (href: string): string => href.split(/[?#]/)[0] ?? href;
const isSettingsEntry = (entry: AppMenuEntry) => pathOf(entry.href) === SETTINGS_PATH;

/**
 * Spec §2: the header menu is the application menu without the /settings entry, which moves into
 * the quick-actions dropdown. Nested /settings entries are moved too, so the page is never listed twice.
 */
export function splitAppMenu(menu: readonly AppMenuEntry[]): {
  header: AppMenuEntry[];
  settings: AppMenuEntry | null;
} {
  let settings: AppMenuEntry | null = null;
  const walk = (entries: readonly AppMenuEntry[]): AppMenuEntry[] =>
    entries.flatMap((entry) => {
      if (isSettingsEntry(entry)) {
        settings ??= entry;
        return [];
      }
      return [{ ...entry, items: walk(entry.items) }];
    });
  const header = walk(menu);
  return { header, settings };
}

/** The sidebar's application tree: the header entries minus those the fixed entries already show. */
export function sidebarTree(menu: readonly AppMenuEntry[], fixed: readonly ShellLink[]): AppMenuEntry[] {
  const shown = new Set(fixed.map((link) => link.path));
  // A group whose every entry is dropped goes too: shown empty it would read as a link to nowhere.
  const walk = (entries: readonly AppMenuEntry[]): AppMenuEntry[] =>
    entries.flatMap((entry) => {
      // Only a plain copy of a fixed entry is dropped; '/applications?menu=x' is a different page.
      const copiesFixed = !entry.href.includes('?') && shown.has(pathOf(entry.href));
      if (entry.items.length === 0) return copiesFixed ? [] : [entry];
      const items = walk(entry.items);
      return items.length > 0 ? [{ ...entry, items }] : [];
    });
  return walk(splitAppMenu(menu).header);
}

/**
 * Keeps the entries whose title contains the query (case-insensitive), with all their children, and
 * the groups on the way to a match. An empty query keeps everything.
 */
export function filterMenu(entries: readonly AppMenuEntry[], query: string): AppMenuEntry[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...entries];
  return entries.flatMap((entry) => {
    if (entry.title.toLocaleLowerCase().includes(needle)) return [entry];
    const items = filterMenu(entry.items, needle);
    return items.length > 0 ? [{ ...entry, items }] : [];
  });
}

/** Every group key of a tree, so a filtered tree can open all its groups. */
export function groupKeys(entries: readonly AppMenuEntry[]): string[] {
  return entries.flatMap((entry) => (entry.items.length > 0 ? [entry.id, ...groupKeys(entry.items)] : []));
}

/** A node of the combined navigation used for the page title and breadcrumbs. */
export interface Crumb {
  key: string;
  title: string;
  href: string;
}

interface TrailNode extends Crumb {
  children: TrailNode[];
}

/**
 * How well an entry's href fits the location: -1 when it does not, else the length of its path, and
 * more when its query (say '/applications?menu=alpha') is also in the location's, so that entry wins
 * over the plain '/applications'. An entry with a query the location lacks does not fit.
 */
function fit(href: string, pathname: string, search: string): number {
  const path = pathOf(href);
  if (path === '' || path === '/') return -1;
  if (pathname !== path && !pathname.startsWith(`${path}/`)) return -1;
  const query = href.includes('?')
    ? new URLSearchParams(href.slice(href.indexOf('?') + 1).split('#')[0])
    : null;
  if (!query || query.size === 0) return path.length;
  const current = new URLSearchParams(search);
  for (const [name, value] of query) if (current.get(name) !== value) return -1;
  return path.length + 10_000;
}

/** The chain of nodes leading to the most specific href that contains the location. */
function deepestTrail(nodes: readonly TrailNode[], pathname: string, search: string): TrailNode[] {
  let best: TrailNode[] = [];
  let bestFit = -1;
  const visit = (node: TrailNode, chain: TrailNode[]) => {
    const next = [...chain, node];
    const score = fit(node.href, pathname, search);
    if (score > bestFit) {
      best = next;
      bestFit = score;
    }
    node.children.forEach((child) => visit(child, next));
  };
  nodes.forEach((node) => visit(node, []));
  return best;
}

const fromMenu = (entries: readonly AppMenuEntry[]): TrailNode[] =>
  entries.map((entry) => ({
    key: entry.id,
    title: entry.title,
    href: entry.href,
    children: fromMenu(entry.items),
  }));

/**
 * Spec §2: the page title and breadcrumbs come from the active menu entries. The fixed sidebar
 * entries, the header menu (with its groups), the settings entry with the settings pages under it
 * and a few other pages are searched; the deepest matching entry wins and its ancestors become the
 * crumbs before it.
 */
export function activeTrail(input: {
  pathname: string;
  /** The location's query ('?menu=alpha'): a stored entry linking to that very query is preferred. */
  search?: string;
  flags: UserFlags | null;
  appMenu: readonly AppMenuEntry[];
  translate: (labelKey: string) => string;
}): Crumb[] {
  const link = (item: ShellLink): TrailNode => ({
    key: item.key,
    title: input.translate(item.labelKey),
    href: item.path,
    children: [],
  });
  const { header, settings } = splitAppMenu(input.appMenu);
  const pages = settingsLinks(input.flags);
  const settingsNode: TrailNode[] =
    settings || pages.length > 0
      ? [
          {
            key: settings?.id ?? 'settings',
            title: settings?.title ?? input.translate('settings.settings'),
            href: SETTINGS_PATH,
            children: [
              ...fromMenu(settings?.items ?? []),
              ...pages.filter((page) => page.path !== SETTINGS_PATH).map(link),
            ],
          },
        ]
      : [];
  const nodes: TrailNode[] = [
    ...sidebarLinks(input.flags).map(link),
    ...fromMenu(header),
    ...settingsNode,
    ...OTHER_PAGES.map(link),
  ];
  return deepestTrail(nodes, input.pathname, input.search ?? '').map(({ key, title, href }) => ({
    key,
    title,
    href,
  }));
}
