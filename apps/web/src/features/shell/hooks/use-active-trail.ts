import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { usePageTrail } from '../../../shared/navigation/page-trail.ts';
import { useAuth } from '../../../shared/auth/auth-store.ts';
import { activeTrail, type Crumb } from '../navigation.ts';
import { matchedArea, resolveTrail } from '../trail.ts';
import { useAppMenu } from './use-app-menu.ts';

/** The active trail for the current page (title, breadcrumbs and highlighted menu keys). */
export function useActiveTrail(): Crumb[] {
  const { t } = useTranslation(['shell', 'home']);
  const { config } = useAuth();
  const appMenu = useAppMenu();
  const { pathname, search } = useLocation();
  const pageTrail = usePageTrail(pathname);
  const area = matchedArea(useMatches());
  return useMemo(
    () =>
      resolveTrail({
        pathname,
        menuTrail: activeTrail({ pathname, search, flags: config, appMenu, translate: (key) => t(key) }),
        pageTrail,
        area,
        areaTitle: (area) => t(`home:areas.${area}`),
      }),
    [pathname, search, config, appMenu, pageTrail, area, t],
  );
}
