import type { RecordRow } from '@formloop/contracts';
import type { ListColumn, ListColumns } from '../records/index.ts';

// What an export shows in each cell (spec §2 record list export): values as the list shows them,
// as text people can read: users by name, lookups by label, files by name, lists joined. Numbers
// and booleans stay numbers and booleans (XLSX types its cells; CSV writes them out).

export type Cell = string | number | boolean | null;

/** Shown when the request names no columns: every listed field, then the usual system columns. */
export const DEFAULT_EXPORT_SYSTEM_COLUMNS = [
  'status',
  'created_by',
  'created_on',
  'modified_by',
  'modified_on',
];

/** The request's columns the list knows (in order, once each), or the default ones. */
export function exportColumns(columns: ListColumns, requested: readonly string[] | undefined): ListColumn[] {
  const names = requested?.length
    ? requested
    : [...columns.fields().map((column) => column.name), ...DEFAULT_EXPORT_SYSTEM_COLUMNS];
  const seen = new Set<string>();
  const chosen: ListColumn[] = [];
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    // A stale column (a field since removed) is left out rather than failing the export.
    if (columns.isSystem(name) || columns.hasField(name)) chosen.push(columns.get(name));
  }
  return chosen;
}

/** User ids a batch of rows shows, so their names can be read in one query. */
export function userIdsOf(columns: readonly ListColumn[], rows: readonly RecordRow[]): Set<string> {
  const ids = new Set<string>();
  for (const row of rows) {
    for (const column of columns) {
      if (column.name === 'workflow_initiator_user' && row.workflow_initiator_user)
        ids.add(row.workflow_initiator_user);
      const value = row.data[column.name];
      if (column.kind === 'user' && typeof value === 'string') ids.add(value.toLowerCase());
      if (column.kind === 'users' && Array.isArray(value)) {
        for (const id of value) if (typeof id === 'string') ids.add(id.toLowerCase());
      }
    }
  }
  return ids;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value that is not the stored shape still shows as something readable. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const named = (object: unknown, key: 'label' | 'name'): string =>
  isObject(object) ? asText(object[key] ?? '') : asText(object);

function fieldCell(column: ListColumn, value: unknown, names: ReadonlyMap<string, string>): Cell {
  if (value === null || value === undefined) return null;
  const user = (id: unknown) => (typeof id === 'string' ? (names.get(id.toLowerCase()) ?? id) : asText(id));
  switch (column.kind) {
    case 'number':
      return typeof value === 'number' ? value : asText(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : asText(value);
    case 'user':
      return user(value);
    case 'users':
      return Array.isArray(value) ? value.map(user).join(', ') : user(value);
    case 'lookup':
      return named(value, 'label');
    case 'file':
      return named(value, 'name');
    case 'files':
      return Array.isArray(value)
        ? value.map((file) => named(file, 'name')).join(', ')
        : named(value, 'name');
    case 'list':
      return Array.isArray(value) ? value.map(asText).join(', ') : asText(value);
    default:
      return asText(value);
  }
}

function systemCell(column: ListColumn, row: RecordRow, names: ReadonlyMap<string, string>): Cell {
  switch (column.name) {
    case 'status':
      return row.display_status;
    case 'created_by':
      return row.created_by_name ?? row.created_by;
    case 'modified_by':
      return row.modified_by_name ?? row.modified_by;
    case 'workflow_initiator_user':
      return row.workflow_initiator_user
        ? (names.get(row.workflow_initiator_user.toLowerCase()) ?? row.workflow_initiator_user)
        : null;
    default: {
      const value = row[column.name as keyof RecordRow];
      return typeof value === 'string' || typeof value === 'number' ? value : null;
    }
  }
}

/** One row of the export, in the columns' order. */
export function exportCells(
  columns: readonly ListColumn[],
  row: RecordRow,
  names: ReadonlyMap<string, string>,
): Cell[] {
  return columns.map((column) =>
    column.fieldType === null
      ? systemCell(column, row, names)
      : fieldCell(column, row.data[column.name], names),
  );
}

/**
 * CSV cells: booleans written out, and text a spreadsheet would run as a formula (=, +, -, @, tab,
 * carriage return first) prefixed with an apostrophe (OWASP CSV injection).
 */
export function csvCell(cell: Cell): string | number | null {
  if (typeof cell === 'boolean') return String(cell);
  if (typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell)) return `'${cell}`;
  return cell;
}
