import {
  REPORT_PIVOT_COLUMN_LIMIT,
  type ReportColumn,
  type ReportGroupRow,
  type ReportPivot,
  type ReportResult,
} from '@formloop/contracts';
import type { GroupedStatement, PivotStatement, ResolvedGroup } from './report-sql.ts';

// The rows PostgreSQL answers for a grouped report or a pivot, shaped as the API answers them.
// GROUPING() bits tell a group at full depth from a subtotal and the grand total; ranks beyond the
// report's limit only say that the answer was cut. Pure, so the unit tests feed it rows directly.

export const groupColumn = (group: ResolvedGroup, i: number): ReportColumn => ({
  key: `group:${i}`,
  label: group.column.label,
  kind: group.grain ? `period:${group.grain}` : group.column.kind,
});

/** A group key as the answer carries it: numbers as numbers, the rest as text (null stays null). */
function keyValue(group: ResolvedGroup, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (group.column.kind === 'number' && !group.grain) return Number(value);
  if (typeof value === 'boolean') return value;
  return String(value);
}

function labelOf(group: ResolvedGroup, key: string | number | boolean | null, label: unknown): string | null {
  if (key === null) return null;
  if (group.userLabel) return typeof label === 'string' ? label : null;
  return String(key);
}

const measureValue = (value: unknown): number | string | null =>
  value === null || value === undefined ? null : typeof value === 'number' ? value : String(value);

/** The number of 1 bits: how many levels a GROUPING() row rolls up. */
const rolledUp = (bits: number): number => {
  let n = 0;
  for (let b = bits; b > 0; b >>= 1) n += b & 1;
  return n;
};

/** A grouped report's rows (groupedReportSql) as the answer: groups, subtotals, grand total. */
export function groupedResult(
  raw: Record<string, unknown>[],
  { groups, measures }: Pick<GroupedStatement, 'groups' | 'measures'>,
  limit: number,
): ReportResult {
  const depth = groups.length;
  const rows: ReportGroupRow[] = [];
  const subtotals: ReportGroupRow[] = [];
  let total: ReportGroupRow | null = null;
  let truncated = false;
  for (const row of raw) {
    const level = rolledUp(Number(row.grouping_bits));
    if (Number(row.rank) > limit) {
      truncated = true;
      continue;
    }
    const keys = groups.map((group, i) => (i < depth - level ? keyValue(group, row[`g_${i}`]) : null));
    const entry: ReportGroupRow = {
      groups: keys,
      labels: groups.map((group, i) =>
        i < depth - level ? labelOf(group, keys[i]!, row[`label_${i}`]) : null,
      ),
      measures: measures.map((_, i) => measureValue(row[`m_${i}`])),
      level,
    };
    if (depth > 0 && level === depth) total = entry;
    else if (level > 0) subtotals.push(entry);
    else rows.push(entry);
  }
  if (depth === 0) total = null;
  const columnsOut: ReportColumn[] = [
    ...groups.map(groupColumn),
    ...measures.map((measure, i) => ({
      key: `measure:${i}`,
      label:
        measure.measure.label ||
        (measure.column ? `${measure.measure.aggregate} ${measure.column.label}` : 'count'),
      kind: measure.numeric ? 'number' : (measure.column?.kind ?? 'number'),
    })),
  ];
  return { kind: 'grouped', columns: columnsOut, rows, subtotals, total, truncated };
}

/** A pivot's rows (pivotReportSql) as the answer: a matrix with row, column and grand totals. */
export function pivotResult(
  raw: Record<string, unknown>[],
  built: PivotStatement,
  pivot: ReportPivot,
  limit: number,
): ReportResult {
  const c = built.rows.length;
  const columnKeys: Array<string | number | boolean | null> = [];
  const columnLabels: Array<string | null> = [];
  const columnIndex = new Map<string, number>();
  const rowIndex = new Map<string, number>();
  const rowsOut: Extract<ReportResult, { kind: 'pivot' }>['rows'] = [];
  const columnTotals: Array<number | string | null> = [];
  let total: number | string | null = null;
  let truncated = false;
  const columnSlot = (row: Record<string, unknown>) => {
    const key = keyValue(built.column, row[`g_${c}`]);
    const id = JSON.stringify(key);
    let at = columnIndex.get(id);
    if (at === undefined) {
      at = columnKeys.length;
      columnIndex.set(id, at);
      columnKeys.push(key);
      columnLabels.push(labelOf(built.column, key, row[`label_${c}`]));
      columnTotals.push(null);
    }
    return at;
  };
  const rowSlot = (row: Record<string, unknown>) => {
    const keys = built.rows.map((group, i) => keyValue(group, row[`g_${i}`]));
    const id = JSON.stringify(keys);
    let at = rowIndex.get(id);
    if (at === undefined) {
      at = rowsOut.length;
      rowIndex.set(id, at);
      rowsOut.push({
        groups: keys,
        labels: built.rows.map((group, i) => labelOf(group, keys[i]!, row[`label_${i}`])),
        cells: [],
        total: null,
      });
    }
    return at;
  };
  // GROUPING(g_0 … g_c) has a bit per group, the first group highest: 0 for a cell, 1 for a row's
  // total (the column group rolled up), all but 1 for a column's total, all for the grand total.
  const all = (1 << (c + 1)) - 1;
  const cut = (row: Record<string, unknown>) =>
    Number(row.row_rank) > limit || Number(row.column_rank) > REPORT_PIVOT_COLUMN_LIMIT;
  // Column totals first: they fix the columns' order (ORDER BY puts them after the cells).
  for (const row of raw) {
    if (cut(row)) {
      truncated = true;
      continue;
    }
    if (Number(row.grouping_bits) === all - 1) columnTotals[columnSlot(row)] = measureValue(row.m_0);
  }
  for (const row of raw) {
    if (cut(row)) continue;
    const bits = Number(row.grouping_bits);
    const value = measureValue(row.m_0);
    if (bits === 0) {
      const k = columnIndex.get(JSON.stringify(keyValue(built.column, row[`g_${c}`])));
      if (k !== undefined) rowsOut[rowSlot(row)]!.cells[k] = value;
    } else if (bits === 1) {
      rowsOut[rowSlot(row)]!.total = value;
    } else if (bits === all) {
      total = value;
    }
  }
  for (const row of rowsOut) row.cells = columnKeys.map((_, k) => row.cells[k] ?? null);
  return {
    kind: 'pivot',
    rowColumns: built.rows.map(groupColumn),
    measure: {
      key: 'measure:0',
      label:
        pivot.measure.label ||
        (built.measure.column ? `${pivot.measure.aggregate} ${built.measure.column.label}` : 'count'),
      kind: built.measure.numeric ? 'number' : (built.measure.column?.kind ?? 'number'),
    },
    columnKeys,
    columnLabels,
    rows: rowsOut,
    columnTotals,
    total,
    truncated,
  };
}
