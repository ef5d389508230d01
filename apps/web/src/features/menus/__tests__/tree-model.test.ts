import { describe, expect, it } from 'vitest';
import {
  canPlace,
  dropNode,
  groupOptions,
  indent,
  moveDown,
  moveUp,
  outdent,
  placementsOf,
  removeNode,
  sameArrangement,
  type MenuTree,
} from '../tree-model.ts';
import { menuNode } from './menu-fixtures.ts';

/** Names nested as [group, [children]]. */
const shape = (tree: MenuTree | null): unknown[] | null =>
  tree ? tree.map((node) => (node.is_group ? [node.id, shape(node.children)] : node.id)) : null;

// Sales (group) > [Orders, Invoices]; Handbook; Archive (group, empty)
const tree: MenuTree = [
  menuNode('Sales', { children: [menuNode('Orders'), menuNode('Invoices')] }),
  menuNode('Handbook'),
  menuNode('Archive', { group: true }),
];

describe('menu tree moves', () => {
  it('moves up and down among siblings, and not past the ends', () => {
    expect(shape(moveDown(tree, 'Orders'))).toEqual([
      ['Sales', ['Invoices', 'Orders']],
      'Handbook',
      ['Archive', []],
    ]);
    expect(shape(moveUp(tree, 'Archive'))).toEqual([
      ['Sales', ['Orders', 'Invoices']],
      ['Archive', []],
      'Handbook',
    ]);
    expect(moveUp(tree, 'Sales')).toBeNull();
    expect(moveDown(tree, 'Invoices')).toBeNull();
  });

  it('indents into the group just above only, and outdents to just after the group', () => {
    expect(shape(indent(tree, 'Handbook'))).toEqual([
      ['Sales', ['Orders', 'Invoices', 'Handbook']],
      ['Archive', []],
    ]);
    expect(indent(tree, 'Sales')).toBeNull();
    // The entry above Invoices is a link, not a group.
    expect(indent(tree, 'Invoices')).toBeNull();
    expect(shape(outdent(tree, 'Orders'))).toEqual([
      ['Sales', ['Invoices']],
      'Orders',
      'Handbook',
      ['Archive', []],
    ]);
    expect(outdent(tree, 'Handbook')).toBeNull();
  });

  it('drops before, after or into a group, never into a link or into itself', () => {
    expect(shape(dropNode(tree, 'Handbook', 'Orders', 'before'))).toEqual([
      ['Sales', ['Handbook', 'Orders', 'Invoices']],
      ['Archive', []],
    ]);
    expect(shape(dropNode(tree, 'Orders', 'Archive', 'inside'))).toEqual([
      ['Sales', ['Invoices']],
      'Handbook',
      ['Archive', ['Orders']],
    ]);
    expect(shape(dropNode(tree, 'Sales', 'Archive', 'after'))).toEqual([
      'Handbook',
      ['Archive', []],
      ['Sales', ['Orders', 'Invoices']],
    ]);
    expect(dropNode(tree, 'Orders', 'Handbook', 'inside')).toBeNull();
    expect(dropNode(tree, 'Sales', 'Sales', 'inside')).toBeNull();
  });

  it('keeps nesting within four levels', () => {
    const deep: MenuTree = [
      menuNode('L1', {
        children: [
          menuNode('L2', { children: [menuNode('L3', { children: [menuNode('L4', { group: true })] })] }),
        ],
      }),
      menuNode('G', { children: [menuNode('Leaf')] }),
    ];
    // L4 sits at level 4: nothing fits inside it.
    expect(canPlace(deep, 'Leaf', 'L4')).toBe(false);
    expect(canPlace(deep, 'Leaf', 'L3')).toBe(true);
    // G with its leaf is two levels: inside L3 it would reach level 5.
    expect(canPlace(deep, 'G', 'L3')).toBe(false);
    expect(canPlace(deep, 'G', 'L2')).toBe(true);
    expect(canPlace(deep, 'L1', 'L4')).toBe(false);
    expect(groupOptions(deep).map((option) => option.id)).toEqual(['L1', 'L2', 'L3', 'G']);
    expect(groupOptions(deep, 'G').map((option) => option.id)).toEqual(['L1', 'L2']);
  });

  it('lists the arrangement for PUT order and compares arrangements', () => {
    expect(placementsOf(tree)).toEqual([
      { id: 'Sales', parent_id: null, order_index: 0 },
      { id: 'Orders', parent_id: 'Sales', order_index: 0 },
      { id: 'Invoices', parent_id: 'Sales', order_index: 1 },
      { id: 'Handbook', parent_id: null, order_index: 1 },
      { id: 'Archive', parent_id: null, order_index: 2 },
    ]);
    expect(sameArrangement(tree, moveUp(moveDown(tree, 'Orders')!, 'Orders')!)).toBe(true);
    expect(sameArrangement(tree, moveDown(tree, 'Orders')!)).toBe(false);
    expect(shape(removeNode(tree, 'Sales'))).toEqual(['Handbook', ['Archive', []]]);
  });
});
