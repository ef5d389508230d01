import type { CatalogueRow } from '@formloop/contracts';
import { describe, expect, it } from 'vitest';
import {
  actionColumns,
  cellKey,
  cellState,
  cellsOf,
  descendants,
  grantsOf,
  toggleCell,
} from '../matrix-model.ts';
import { catalogue } from './roles-fixtures.tsx';

const app: CatalogueRow = {
  resource: 'app:a-1',
  kind: 'app',
  id: 'a-1',
  label: 'Expenses',
  parent: 'menu:m-fin',
  depth: 1,
  is_group: false,
  actions: ['view', 'create', 'edit', 'delete'],
};

describe('matrix model', () => {
  it('shows a view column for menus, and the other actions only once app rows exist', () => {
    expect(actionColumns(catalogue)).toEqual(['view']);
    expect(actionColumns([...catalogue, app])).toEqual(['view', 'create', 'edit', 'delete']);
  });

  it('toggles a group with every row below it that offers the action', () => {
    const rows = [...catalogue, app];
    const below = descendants(rows);
    const finance = rows[0]!;
    expect(below.get('menu:m-fin')?.map((row) => row.id)).toEqual(['m-bud', 'm-inv', 'a-1']);
    // A menu group offers no 'edit' itself, but toggles the app below it.
    const edited = toggleCell(finance, 'edit', new Set(), below.get('menu:m-fin')!);
    expect([...edited]).toEqual([cellKey('app:a-1', 'edit')]);
    expect(cellState(finance, 'edit', edited, below.get('menu:m-fin')!)).toBe('checked');
    expect(cellState(finance, 'view', edited, below.get('menu:m-fin')!)).toBe('unchecked');
    expect(cellState(rows[1]!, 'edit', edited, [])).toBe('none');
  });

  it('keeps only cells the catalogue offers, and sends them in catalogue order', () => {
    const cells = cellsOf(
      [
        { resource: 'menu:m-rep', action: 'view' },
        { resource: 'menu:m-bud', action: 'view' },
        { resource: 'menu:m-bud', action: 'delete' },
        { resource: 'menu:gone', action: 'view' },
      ],
      catalogue,
    );
    expect(grantsOf(cells, catalogue)).toEqual([
      { resource: 'menu:m-bud', action: 'view' },
      { resource: 'menu:m-rep', action: 'view' },
    ]);
  });
});
