import { describe, expect, it } from 'vitest';
import { resolveTrail, routeArea } from '../trail.ts';

const crumb = (key: string, href: string) => ({ key, title: key, href });
const areaTitle = (area: string) => `area:${area}`;

describe('the trail a page shows', () => {
  it('finds the route table area of a signed-in path, parameters and optional parts included', () => {
    expect(routeArea('/form-editor')).toBe('formEditor');
    expect(routeArea('/form-editor/show/42')).toBe('formEditor');
    expect(routeArea('/item-editor/m1/r1')).toBe('itemEditor');
    expect(routeArea('/task-editor/m1')).toBe('taskEditor');
    expect(routeArea('/referencedata/7')).toBe('referenceData');
    expect(routeArea('/nowhere')).toBeNull();
  });

  it('takes the menus when an entry links to this very page', () => {
    const menuTrail = [crumb('hr', ''), crumb('leave', '/module/leave?from=menu')];
    expect(
      resolveTrail({
        pathname: '/module/leave',
        menuTrail,
        pageTrail: [crumb('apps', '/applications')],
        areaTitle,
      }),
    ).toEqual(menuTrail);
  });

  it('takes the page’s own trail over a menu entry above it, and the entry above over the area', () => {
    const menuTrail = [crumb('app-builder', '/form-editor')];
    const pageTrail = [crumb('app-builder', '/form-editor'), crumb('app:1', '/form-editor/show/1')];
    expect(resolveTrail({ pathname: '/form-editor/show/1', menuTrail, pageTrail, areaTitle })).toEqual(
      pageTrail,
    );
    expect(resolveTrail({ pathname: '/form-editor/show/1', menuTrail, pageTrail: null, areaTitle })).toEqual(
      menuTrail,
    );
  });

  it('gives any other page of the route table its area as title, and nothing elsewhere', () => {
    expect(
      resolveTrail({ pathname: '/schedule-editor/m1', menuTrail: [], pageTrail: null, areaTitle }),
    ).toEqual([{ key: 'area:scheduleEditor', title: 'area:scheduleEditor', href: '/schedule-editor/m1' }]);
    expect(resolveTrail({ pathname: '/elsewhere', menuTrail: [], pageTrail: [], areaTitle })).toEqual([]);
  });
});
