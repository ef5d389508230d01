import { describe, expect, it } from 'vitest';
import { formatCount, notificationTarget, telHref, withSidebarSource } from '../format.ts';
import {
  activeTrail,
  filterMenu,
  settingsLinks,
  sidebarTree,
  splitAppMenu,
  sidebarLinks,
} from '../navigation.ts';
import { entry } from './render-shell.tsx';

const flags = (
  patch: Partial<Record<'isSysAdmin' | 'isAdministrator' | 'isConsultant' | 'isFullUser', boolean>>,
) => ({
  isSysAdmin: false,
  isAdministrator: false,
  isConsultant: false,
  isFullUser: false,
  ...patch,
});

describe('shell navigation rules', () => {
  it('moves /settings out of the header menu, wherever it is', () => {
    const { header, settings } = splitAppMenu([
      entry('home', 'Home', '/tasks'),
      entry('admin', 'Admin', '', [entry('cfg', 'Settings', '/settings?tab=1'), entry('x', 'X', '/x')]),
    ]);
    expect(settings?.id).toBe('cfg');
    expect(header.map((item) => item.id)).toEqual(['home', 'admin']);
    expect(header[1]?.items.map((item) => item.id)).toEqual(['x']);
  });

  it('gives the settings pages by role and nothing to plain or full users', () => {
    expect(settingsLinks(flags({}))).toEqual([]);
    expect(settingsLinks(flags({ isFullUser: true }))).toEqual([]);
    expect(settingsLinks(flags({ isConsultant: true })).map((link) => link.path)).toEqual([
      '/settings',
      '/settings/user-management',
      '/settings/roles-permissions',
      '/settings/menu',
      '/module-categories',
      '/settings/organization',
    ]);
    expect(
      settingsLinks(flags({ isAdministrator: true, isFullUser: true })).map((link) => link.path),
    ).toContain('/connect-hub');
    expect(
      settingsLinks(flags({ isSysAdmin: true }))
        .map((link) => link.path)
        .slice(-3),
    ).toEqual(['/process-engine', '/process/dashboard', '/app/audit']);
    expect(sidebarLinks(null).map((link) => link.key)).toEqual(['home', 'apps']);
  });

  it('filters the tree case-insensitively, keeping the groups on the way', () => {
    const tree = [
      entry('hr', 'HR', '', [
        entry('leave', 'Leave requests', '/module/l'),
        entry('pay', 'Payroll', '/module/p'),
      ]),
    ];
    expect(filterMenu(tree, 'LEAVE')).toEqual([{ ...tree[0], items: [tree[0]?.items[0]] }]);
    expect(filterMenu(tree, 'hr')).toEqual(tree);
    expect(filterMenu(tree, '  ')).toEqual(tree);
    expect(filterMenu(tree, 'nothing')).toEqual([]);
  });

  it('leaves the fixed entries out of the sidebar tree', () => {
    const tree = sidebarTree(
      [
        entry('home', 'Home', '/tasks'),
        entry('apps', 'Apps', '/applications'),
        entry('m', 'Mine', '/module/m'),
      ],
      sidebarLinks(null),
    );
    expect(tree.map((item) => item.id)).toEqual(['m']);
  });

  it('keeps stored links that only share a fixed entry’s path, and drops groups left empty', () => {
    const group = (id: string, items: ReturnType<typeof entry>[]) => ({ ...entry(id, id, ''), items });
    const tree = sidebarTree(
      [
        group('g', [entry('a', 'Alpha', '/applications?menu=alpha'), entry('h', 'Home copy', '/tasks')]),
        group('only-copies', [entry('x', 'Apps copy', '/applications')]),
      ],
      sidebarLinks(null),
    );
    expect(tree.map((item) => item.id)).toEqual(['g']);
    expect(tree[0]!.items.map((item) => item.id)).toEqual(['a']);
  });

  it('finds the deepest active entry and its ancestors', () => {
    const trail = activeTrail({
      pathname: '/module/leave/extra',
      flags: flags({}),
      appMenu: [entry('hr', 'HR', '', [entry('leave', 'Leave', '/module/leave')])],
      translate: (key) => key,
    });
    expect(trail.map((crumb) => crumb.title)).toEqual(['HR', 'Leave']);
    expect(activeTrail({ pathname: '/nowhere', flags: null, appMenu: [], translate: (key) => key })).toEqual(
      [],
    );
    expect(
      activeTrail({ pathname: '/app/user/profile', flags: null, appMenu: [], translate: (key) => key }).map(
        (crumb) => crumb.title,
      ),
    ).toEqual(['user.profile']);
  });

  it('gives builders their own pages in the sidebar: the form editor and reference data', () => {
    expect(sidebarLinks(flags({ isFullUser: true })).map((link) => link.path)).toEqual([
      '/tasks',
      '/dashboard',
      '/business-intelligence',
      '/inquiry',
      '/applications',
      '/form-editor',
      '/referencedata',
    ]);
    expect(sidebarLinks(flags({ isAdministrator: true })).map((link) => link.path)).not.toContain(
      '/form-editor',
    );
  });

  it('lights the stored entry that links to the very query shown, not the plain page', () => {
    const appMenu = [
      entry('g', 'Field Work', '', [
        entry('alpha', 'Alpha', '/applications?menu=alpha'),
        entry('bravo', 'Bravo', '/applications?menu=bravo'),
      ]),
    ];
    const trail = (search: string) =>
      activeTrail({ pathname: '/applications', search, flags: null, appMenu, translate: (key) => key }).map(
        (crumb) => crumb.key,
      );
    expect(trail('?menu=bravo')).toEqual(['g', 'bravo']);
    expect(trail('?menu=alpha&page=2')).toEqual(['g', 'alpha']);
    expect(trail('')).toEqual(['apps']);
    expect(trail('?menu=charlie')).toEqual(['apps']);
  });

  it('formats badges, targets and links', () => {
    expect(formatCount(0, 9999)).toBe('0');
    expect(formatCount(10_000, 9999)).toBe('9999+');
    expect(withSidebarSource('/module/m-1')).toBe('/module/m-1?from=sidebar');
    expect(withSidebarSource('/module/m-1?x=1#top')).toBe('/module/m-1?x=1&from=sidebar#top');
    expect(withSidebarSource('/tasks')).toBe('/tasks');
    expect(telHref('+44 (20) 7946-0000')).toBe('tel:+442079460000');
    const base = {
      id: 'n 1',
      notification_content: '',
      notification_type_name: '',
      current_step: null,
      task_id: null,
      module_id: 'm',
      record_id: null,
      record_created_by: null,
      created_on: '',
      time_since: 0,
      read_on: null,
      notification_params: {},
    };
    expect(notificationTarget(base)).toBe('/notifications/n%201');
    expect(notificationTarget({ ...base, record_id: 'r' })).toBe('/item-editor/m/r');
  });
});
