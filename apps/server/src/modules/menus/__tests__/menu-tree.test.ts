import { flagsForKind } from '@formloop/domain';
import { describe, expect, it } from 'vitest';
import {
  arrangementProblem,
  buildMenuTree,
  normalisePlacements,
  placementsOf,
  visibleAppMenu,
  type MenuView,
} from '../menu-tree.ts';

const row = (
  id: string,
  parentId: string | null,
  orderIndex: number,
  extra: Partial<MenuView> = {},
): MenuView => ({
  id,
  parentId,
  menuName: id.toUpperCase(),
  actionUrl: extra.isGroup ? '' : `/${id}`,
  iconClass: '',
  description: '',
  isGroup: false,
  showOnSeed: false,
  orderIndex,
  ...extra,
});

// g (group) > [a (seed), b], h (group, seed) > [], c (top-level link)
const rows: MenuView[] = [
  row('c', null, 2),
  row('g', null, 0, { isGroup: true }),
  row('b', 'g', 1),
  row('a', 'g', 0, { showOnSeed: true }),
  row('h', null, 1, { isGroup: true, showOnSeed: true }),
];

const titles = (entries: ReturnType<typeof visibleAppMenu>): unknown[] =>
  entries.map((entry) => (entry.items.length ? [entry.title, titles(entry.items)] : entry.title));

describe('menu tree', () => {
  it('nests and orders siblings, with spec §3 node fields', () => {
    const tree = buildMenuTree(rows);
    expect(tree.map((node) => node.id)).toEqual(['g', 'h', 'c']);
    expect(tree[0]).toMatchObject({ type: 'group', text: 'G', icon: null });
    expect(tree[0]!.children.map((node) => [node.id, node.type])).toEqual([
      ['a', 'Module'],
      ['b', 'Module'],
    ]);
  });

  it('shows settings roles everything and others only what is seeded or granted', () => {
    const admin = visibleAppMenu(rows, flagsForKind('ADMINISTRATOR'), new Set());
    expect(titles(admin)).toEqual([['G', ['A', 'B']], 'H', 'C']);
    expect(admin[1]).toMatchObject({ disabled: true, items: [] });

    const user = flagsForKind('USER');
    expect(titles(visibleAppMenu(rows, user, new Set()))).toEqual([['G', ['A']]]);
    expect(titles(visibleAppMenu(rows, user, new Set(['menu:b', 'menu:c'])))).toEqual([
      ['G', ['A', 'B']],
      'C',
    ]);
  });

  it('finds the first problem of an arrangement', () => {
    const base = placementsOf(rows);
    expect(arrangementProblem(rows, base)).toBeNull();
    expect(arrangementProblem(rows, base.slice(1))).toEqual({ status: 400, key: 'orderIncomplete' });
    expect(arrangementProblem(rows, [...base, { id: 'zz', parent_id: null, order_index: 0 }])).toEqual({
      status: 404,
      key: 'notFound',
    });
    const under = (id: string, parent: string) =>
      base.map((item) => (item.id === id ? { ...item, parent_id: parent } : item));
    expect(arrangementProblem(rows, under('c', 'a'))).toEqual({ status: 400, key: 'parentNotGroup' });
    expect(arrangementProblem(rows, under('c', 'nope'))).toEqual({ status: 404, key: 'parentNotFound' });
    expect(arrangementProblem(rows, under('g', 'g'))).toEqual({ status: 400, key: 'cycle' });
    const cyclic = under('g', 'h').map((item) => (item.id === 'h' ? { ...item, parent_id: 'g' } : item));
    expect(arrangementProblem(rows, cyclic)).toEqual({ status: 400, key: 'cycle' });
  });

  it('refuses nesting deeper than four levels', () => {
    const chain = [
      row('l1', null, 0, { isGroup: true }),
      row('l2', 'l1', 0, { isGroup: true }),
      row('l3', 'l2', 0, { isGroup: true }),
      row('l4', 'l3', 0, { isGroup: true }),
      row('l5', null, 1),
    ];
    expect(arrangementProblem(chain, placementsOf(chain))).toBeNull();
    const deeper = placementsOf(chain).map((item) =>
      item.id === 'l5' ? { ...item, parent_id: 'l4' } : item,
    );
    expect(arrangementProblem(chain, deeper)).toEqual({ status: 400, key: 'tooDeep' });
  });

  it('renumbers siblings densely, keeping the request order on ties', () => {
    expect(
      normalisePlacements([
        { id: 'x', parent_id: null, order_index: 5 },
        { id: 'y', parent_id: null, order_index: 5 },
        { id: 'z', parent_id: null, order_index: 1 },
        { id: 'k', parent_id: 'x', order_index: 9 },
      ]),
    ).toEqual([
      { id: 'x', parent_id: null, order_index: 1 },
      { id: 'y', parent_id: null, order_index: 2 },
      { id: 'z', parent_id: null, order_index: 0 },
      { id: 'k', parent_id: 'x', order_index: 0 },
    ]);
  });
});
