import type { CatalogueRow, Grant } from '@formloop/contracts';
import { PERMISSION_ACTIONS, type PermissionAction } from '@formloop/domain';

// The permission matrix as the page edits it: a set of granted cells, one per resource and action.
// Pure, so the group toggling and what is sent can be tested without rendering.

export type Cells = ReadonlySet<string>;

export const cellKey = (resource: string, action: string): string => `${resource}\n${action}`;

const offers = (row: CatalogueRow, action: string) => (row.actions as readonly string[]).includes(action);

/**
 * The cells of `grants` that the catalogue still shows. A grant on a menu deleted since is dropped
 * here, so saving the matrix also clears it (the server refuses resources that no longer exist).
 */
export function cellsOf(grants: readonly Grant[], rows: readonly CatalogueRow[]): Set<string> {
  const byResource = new Map(rows.map((row) => [row.resource, row]));
  const cells = new Set<string>();
  for (const { resource, action } of grants) {
    const row = byResource.get(resource);
    if (row && offers(row, action)) cells.add(cellKey(resource, action));
  }
  return cells;
}

/** The cells as the grants PUT matrix takes, in catalogue order. */
export function grantsOf(cells: Cells, rows: readonly CatalogueRow[]): Grant[] {
  return rows.flatMap((row) =>
    row.actions
      .filter((action) => cells.has(cellKey(row.resource, action)))
      .map((action) => ({ resource: row.resource, action })),
  );
}

/** One column per action some row offers, in the fixed order view, create, edit, delete. */
export function actionColumns(rows: readonly CatalogueRow[]): PermissionAction[] {
  return PERMISSION_ACTIONS.filter((action) => rows.some((row) => offers(row, action)));
}

/** Every row below each row (children, grandchildren, …), by resource. */
export function descendants(rows: readonly CatalogueRow[]): Map<string, CatalogueRow[]> {
  const children = new Map<string, CatalogueRow[]>();
  for (const row of rows) {
    if (row.parent === null) continue;
    const list = children.get(row.parent) ?? [];
    list.push(row);
    children.set(row.parent, list);
  }
  const below = new Map<string, CatalogueRow[]>();
  const collect = (resource: string, seen: Set<string>): CatalogueRow[] => {
    const out: CatalogueRow[] = [];
    for (const child of children.get(resource) ?? []) {
      if (seen.has(child.resource)) continue;
      seen.add(child.resource);
      out.push(child, ...collect(child.resource, seen));
    }
    return out;
  };
  for (const row of rows) below.set(row.resource, collect(row.resource, new Set([row.resource])));
  return below;
}

export type CellState = 'checked' | 'unchecked' | 'partial' | 'none';

/** The cells a click on (row, action) sets: the row's own and, for a group, every row below that offers it. */
function targets(row: CatalogueRow, action: string, below: readonly CatalogueRow[]): string[] {
  return [row, ...below]
    .filter((entry) => offers(entry, action))
    .map((entry) => cellKey(entry.resource, action));
}

/** A leaf is checked or not; a group is checked when everything it toggles is, partial when some is. */
export function cellState(
  row: CatalogueRow,
  action: string,
  cells: Cells,
  below: readonly CatalogueRow[],
): CellState {
  const keys = targets(row, action, below);
  if (keys.length === 0) return 'none';
  const on = keys.filter((key) => cells.has(key)).length;
  if (on === 0) return 'unchecked';
  return on === keys.length ? 'checked' : 'partial';
}

/** Clicking a checked cell clears it (and everything below); clicking any other sets them all. */
export function toggleCell(
  row: CatalogueRow,
  action: string,
  cells: Cells,
  below: readonly CatalogueRow[],
): Set<string> {
  const next = new Set(cells);
  const keys = targets(row, action, below);
  const clear = cellState(row, action, cells, below) === 'checked';
  for (const key of keys) {
    if (clear) next.delete(key);
    else next.add(key);
  }
  return next;
}

/** Every cell of the catalogue. */
export const allCells = (rows: readonly CatalogueRow[]): Set<string> =>
  new Set(rows.flatMap((row) => row.actions.map((action) => cellKey(row.resource, action))));

export const sameCells = (a: Cells, b: Cells): boolean =>
  a.size === b.size && [...a].every((key) => b.has(key));
