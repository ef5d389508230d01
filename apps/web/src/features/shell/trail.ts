// Which breadcrumbs a page gets (spec §2: "the page title and breadcrumbs from the active menu
// entries"). The menus come first; a page outside every menu says its own trail (the app or list it
// shows); any other page of the route table still gets its area's name as title.
import type { UIMatch } from 'react-router';
import type { Crumb } from './navigation.ts';

/** The area the router's matched route names in its handle (app/router.tsx), or null. */
export function matchedArea(matches: readonly UIMatch[]): string | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as { area?: unknown } | undefined;
    if (typeof handle?.area === 'string') return handle.area;
  }
  return null;
}

const pathOf = (href: string): string => href.split(/[?#]/)[0] ?? href;

/**
 * The trail shown for a location:
 * 1. the menus', when a menu entry links to this very page;
 * 2. else the page's own, when it declared one (an app's records, an entry, a list);
 * 3. else the menus' nearest entry above it (a settings sub-page under Settings);
 * 4. else the page's area from the route table, so no shell page is left without a title.
 */
export function resolveTrail(input: {
  pathname: string;
  menuTrail: readonly Crumb[];
  pageTrail: readonly Crumb[] | null;
  /** The route's area (route table), titled by areaTitle. */
  area: string | null;
  areaTitle: (area: string) => string;
}): Crumb[] {
  const { pathname, menuTrail, pageTrail } = input;
  const last = menuTrail[menuTrail.length - 1];
  if (last && pathOf(last.href) === pathname) return [...menuTrail];
  if (pageTrail && pageTrail.length > 0) return [...pageTrail];
  if (menuTrail.length > 0) return [...menuTrail];
  const { area } = input;
  return area ? [{ key: `area:${area}`, title: input.areaTitle(area), href: pathname }] : [];
}
