import { MENU_PATHS, type AppMenuEntry } from '@formloop/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../shared/api/http.ts';
import { useAuth } from '../../../shared/auth/auth-store.ts';

/**
 * The live application menu list is cached under this prefix (then the user's id). The menu settings
 * page invalidates it after every change, so the sidebar and header show the change at once.
 */
export const APP_MENU_QUERY_KEY = ['appMenu', 'sidebar'] as const;
export const appMenuQueryKey = (uid: string) => [...APP_MENU_QUERY_KEY, uid] as const;

/** GET /api/sys/permissions/menu/sidebar: built-in entries, then the stored menus the user may see. */
export async function fetchAppMenu(): Promise<AppMenuEntry[]> {
  const { data } = await http.get<AppMenuEntry[] | null>(MENU_PATHS.sidebar);
  return Array.isArray(data) ? data : [];
}

/**
 * The server names its built-in menu entries (ids home, apps, settings) in English; they are ours, so
 * they are shown in the user's language. Menus an administrator makes are their own words and stay as typed.
 */
const BUILT_IN_TITLES: Record<string, string> = {
  home: 'sidebar.home',
  apps: 'sidebar.apps',
  settings: 'settings.settings',
};

const EMPTY: AppMenuEntry[] = [];

/**
 * The signed-in user's application menu list, live: the session token's config.appMenu is shown at
 * once, then replaced by the server's current list (roles and stored menus may have changed since
 * sign-in). If the list cannot be loaded, the token's copy stays, without an error toast: the menu is
 * chrome, and the page itself still works.
 */
export function useAppMenu(): AppMenuEntry[] {
  const { config } = useAuth();
  const { t, i18n } = useTranslation('shell');
  const fromToken = config?.appMenu ?? EMPTY;
  const uid = config?.userInfo.uid ?? '';
  const live = useQuery({
    queryKey: appMenuQueryKey(uid),
    queryFn: fetchAppMenu,
    enabled: config !== null,
    placeholderData: fromToken,
    // Fetched whenever the shell mounts (sign-in, reload), not just once per cache lifetime.
    staleTime: 0,
    meta: { errorToast: false },
  });
  const appMenu = live.data ?? fromToken;
  return useMemo(() => {
    const translate = (entry: AppMenuEntry): AppMenuEntry => {
      const key = BUILT_IN_TITLES[entry.id];
      return { ...entry, title: key ? t(key) : entry.title, items: entry.items.map(translate) };
    };
    return appMenu.map(translate);
    // The language is a dependency: t changes identity with it, but say so plainly.
  }, [appMenu, t, i18n.language]);
}
