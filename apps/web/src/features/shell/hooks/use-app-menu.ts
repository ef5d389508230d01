import type { AppMenuEntry } from '@formloop/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/auth-store.ts';

/**
 * The server names its built-in menu entries (ids home, apps, settings) in English; they are ours, so
 * they are shown in the user's language. Menus an administrator makes are their own words and stay as typed.
 */
const BUILT_IN_TITLES: Record<string, string> = {
  home: 'sidebar.home',
  apps: 'sidebar.apps',
  settings: 'settings.settings',
};

export function useAppMenu(): AppMenuEntry[] {
  const { config } = useAuth();
  const { t, i18n } = useTranslation('shell');
  const appMenu = config?.appMenu;
  return useMemo(() => {
    const translate = (entry: AppMenuEntry): AppMenuEntry => {
      const key = BUILT_IN_TITLES[entry.id];
      return { ...entry, title: key ? t(key) : entry.title, items: entry.items.map(translate) };
    };
    return (appMenu ?? []).map(translate);
    // The language is a dependency: t changes identity with it, but say so plainly.
  }, [appMenu, t, i18n.language]);
}
