import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { activeTrail, type Crumb } from '../navigation.ts';
import { useAppMenu } from './use-app-menu.ts';

/** The active menu entries for the current page (title, breadcrumbs and highlighted menu keys). */
export function useActiveTrail(): Crumb[] {
  const { t } = useTranslation('shell');
  const { config } = useAuth();
  const appMenu = useAppMenu();
  const { pathname } = useLocation();
  return useMemo(
    () => activeTrail({ pathname, flags: config, appMenu, translate: (key) => t(key) }),
    [pathname, config, appMenu, t],
  );
}
