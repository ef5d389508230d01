import { describe, expect, it } from 'vitest';
import type { UIMatch } from 'react-router';
import { matchedArea, resolveTrail } from '../trail.ts';

const crumb = (key: string, href: string) => ({ key, title: key, href });
const areaTitle = (area: string) => `area:${area}`;

describe('the trail a page shows', () => {
  it('takes the area of the innermost matched route that names one', () => {
    const match = (handle: unknown) => ({ handle }) as UIMatch;
    expect(matchedArea([match(undefined), match({ area: 'formEditor' }), match({})])).toBe('formEditor');
    expect(matchedArea([match({ area: 'settings' }), match({ area: 'menuSettings' })])).toBe('menuSettings');
    expect(matchedArea([match(null)])).toBeNull();
  });

  it('takes the menus when an entry links to this very page', () => {
    const menuTrail = [crumb('hr', ''), crumb('leave', '/module/leave?from=menu')];
    expect(
      resolveTrail({
        pathname: '/module/leave',
        menuTrail,
        pageTrail: [crumb('apps', '/applications')],
        area: 'module',
        areaTitle,
      }),
    ).toEqual(menuTrail);
  });

  it('takes the page’s own trail over a menu entry above it, and the entry above over the area', () => {
    const menuTrail = [crumb('app-builder', '/form-editor')];
    const pageTrail = [crumb('app-builder', '/form-editor'), crumb('app:1', '/form-editor/show/1')];
    expect(
      resolveTrail({ pathname: '/form-editor/show/1', menuTrail, pageTrail, area: 'formEditor', areaTitle }),
    ).toEqual(pageTrail);
    expect(
      resolveTrail({
        pathname: '/form-editor/show/1',
        menuTrail,
        pageTrail: null,
        area: 'formEditor',
        areaTitle,
      }),
    ).toEqual(menuTrail);
  });

  it('gives any other page of the route table its area as title, and nothing elsewhere', () => {
    expect(
      resolveTrail({
        pathname: '/schedule-editor/m1',
        menuTrail: [],
        pageTrail: null,
        area: 'scheduleEditor',
        areaTitle,
      }),
    ).toEqual([{ key: 'area:scheduleEditor', title: 'area:scheduleEditor', href: '/schedule-editor/m1' }]);
    expect(
      resolveTrail({ pathname: '/elsewhere', menuTrail: [], pageTrail: [], area: null, areaTitle }),
    ).toEqual([]);
  });
});
