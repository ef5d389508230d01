import { describe, expect, it } from 'vitest';
import { appCatalogue, checkGrants, grantLines, matrixErrors, menuCatalogue } from '../role-catalogue.ts';
import type { MenuNode } from '../role.repository.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const node = (n: number, parent: number | null, order = 0, name = `m${n}`): MenuNode => ({
  id: id(n),
  parentId: parent === null ? null : id(parent),
  menuName: name,
  isGroup: false,
  orderIndex: order,
});
const labels = (nodes: MenuNode[]) => menuCatalogue(nodes).map((row) => `${row.depth}:${row.label}`);

describe('menuCatalogue', () => {
  it('walks the tree depth first, siblings by order_index then name', () => {
    expect(labels([node(1, null, 1), node(2, null, 0), node(3, 2, 0, 'b'), node(4, 2, 0, 'a')])).toEqual([
      '0:m2',
      '1:a',
      '1:b',
      '0:m1',
    ]);
  });

  it('shows an entry whose parent is gone at the top, and cuts a cycle instead of looping', () => {
    expect(labels([node(1, 99)])).toEqual(['0:m1']);
    const rows = menuCatalogue([node(1, 2), node(2, 1)]);
    expect(rows.map((row) => row.id).sort()).toEqual([id(1), id(2)]);
    expect(rows[0]!.parent).toBeNull();
  });
});

describe('appCatalogue', () => {
  it('lists apps by name as top-level rows with the four app actions', () => {
    const rows = appCatalogue([
      { id: id(2), displayName: 'orders' },
      { id: id(1), displayName: 'Expenses' },
    ]);
    expect(rows.map((row) => row.label)).toEqual(['Expenses', 'orders']);
    expect(rows[0]).toEqual({
      resource: `app:${id(1)}`,
      kind: 'app',
      id: id(1),
      label: 'Expenses',
      parent: null,
      depth: 0,
      is_group: false,
      actions: ['view', 'create', 'edit', 'delete'],
    });
  });
});

describe('checkGrants', () => {
  it('collapses duplicates, sorts, and leaves menu ids for the tenant lookup', () => {
    const grant = { resource: `menu:${id(2)}`, action: 'view' };
    const check = checkGrants([grant, { resource: `menu:${id(1)}`, action: 'view' }, grant]);
    expect(check.errors).toEqual([]);
    expect(check.grants.map((g) => g.resource)).toEqual([`menu:${id(1)}`, `menu:${id(2)}`]);
    expect(matrixErrors(check, { menus: new Set([id(1)]), apps: new Set() })).toEqual([
      { field: 'grants.0', message: 'This menu or app does not exist.' },
      { field: 'grants.2', message: 'This menu or app does not exist.' },
    ]);
  });

  it('refuses upper-case ids and actions a kind does not offer', () => {
    const check = checkGrants([
      { resource: 'menu:ABCDEF00-0000-4000-8000-000000000001', action: 'view' },
      { resource: 'app:ABCDEF00-0000-4000-8000-000000000001', action: 'view' },
      { resource: `menu:${id(1)}`, action: 'create' },
      { resource: `app:${id(1)}`, action: 'approve' },
    ]);
    expect(check.errors.map((error) => error.message)).toEqual([
      'This menu or app does not exist.',
      'This menu or app does not exist.',
      'This action cannot be granted on this kind of entry.',
      'This action cannot be granted on this kind of entry.',
    ]);
  });

  it('takes app grants for every app action, leaving app ids for the tenant lookup', () => {
    const grants = ['view', 'create', 'edit', 'delete'].map((action) => ({
      resource: `app:${id(3)}`,
      action,
    }));
    const check = checkGrants([...grants, { resource: `app:${id(4)}`, action: 'view' }]);
    expect(check.errors).toEqual([]);
    expect(check.grants).toHaveLength(5);
    expect(check.appEntries.map((entry) => entry.id)).toEqual([id(3), id(3), id(3), id(3), id(4)]);
    expect(check.menuEntries).toEqual([]);
    expect(matrixErrors(check, { menus: new Set(), apps: new Set([id(3)]) })).toEqual([
      { field: 'grants.4', message: 'This menu or app does not exist.' },
    ]);
  });

  it('writes grants for the audit trail as sorted lines', () => {
    expect(
      grantLines([
        { resource: 'menu:b', action: 'view' },
        { resource: 'menu:a', action: 'view' },
      ]),
    ).toEqual(['menu:a:view', 'menu:b:view']);
  });
});
