// A page's own breadcrumbs. The shell builds the title and breadcrumbs from the menus (spec §2), but
// pages such as an app's records, the item editor or a reference-data list are in no menu and carry
// names only they know (the app's, the list's). Such a page says its trail here; the shell reads it.
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** One crumb: `key` matches a sidebar or menu entry's key where one should light up ('apps'). */
export interface PageCrumb {
  key: string;
  title: string;
  href: string;
}

interface PageTrailState {
  pathname: string;
  crumbs: readonly PageCrumb[];
}

let state: PageTrailState | null = null;
const listeners = new Set<() => void>();

function publish(next: PageTrailState | null): void {
  state = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The trail the page at `pathname` declared, or null (another page's trail never leaks over). */
export function usePageTrail(pathname: string): readonly PageCrumb[] | null {
  const current = useSyncExternalStore(subscribe, () => state);
  return current && current.pathname === pathname ? current.crumbs : null;
}

/**
 * Declares the current page's breadcrumbs, last crumb = the page itself. Crumbs with an empty title
 * (a name still loading) are left out; null declares nothing. Cleared when the page goes.
 */
export function useDeclarePageTrail(pathname: string, crumbs: readonly PageCrumb[] | null): void {
  const shown = crumbs?.filter((crumb) => crumb.title.trim() !== '') ?? null;
  const signature = JSON.stringify(shown);
  useEffect(() => {
    const declared: readonly PageCrumb[] | null = JSON.parse(signature);
    if (!declared || declared.length === 0) return undefined;
    const mine = { pathname, crumbs: declared };
    publish(mine);
    return () => {
      if (state === mine) publish(null);
    };
  }, [pathname, signature]);
}

const SHELL_ENTRIES = {
  home: { href: '/tasks', label: 'sidebar.home' },
  apps: { href: '/applications', label: 'sidebar.apps' },
  'app-builder': { href: '/form-editor', label: 'sidebar.appBuilder' },
  'reference-data': { href: '/referencedata', label: 'sidebar.referenceData' },
} as const;

export type ShellEntryKey = keyof typeof SHELL_ENTRIES;

/** A crumb for one of the sidebar's fixed entries, titled as the sidebar titles it (and lit there). */
export function useShellCrumb(key: ShellEntryKey): PageCrumb {
  const { t } = useTranslation('shell');
  const entry = SHELL_ENTRIES[key];
  return { key, title: t(entry.label), href: entry.href };
}

/** The fixed entry a path is (say '/tasks' → 'home'), or null. */
export function shellEntryAt(path: string | undefined): ShellEntryKey | null {
  const found = Object.entries(SHELL_ENTRIES).find(([, entry]) => entry.href === path);
  return found ? (found[0] as ShellEntryKey) : null;
}
