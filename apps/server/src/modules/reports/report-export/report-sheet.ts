import type { ReportGroupRow, ReportResult } from '@formloop/contracts';
import type { ListFilter } from '../../records/index.ts';
import type { ExportTexts } from './export-texts.ts';

// What an exported report holds, before it is written as CSV, XLSX or PDF: a heading (the report's
// name, its filters with their values, when it was exported), a header row and the rows as the
// viewer sees them. A grouped report keeps its nesting: each group's rows, then its subtotal, then
// the grand total; a pivot stays a matrix with its row and column totals. Pure.

export type Cell = string | number | boolean | null;
export type RowKind = 'row' | 'subtotal' | 'total';

export interface ReportSheet {
  heading: string[];
  header: string[];
  rows: Cell[][];
  kinds: RowKind[];
}

const valueText = (value: unknown): string => {
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    const labelled = value as { label?: unknown; name?: unknown };
    return String(labelled.label ?? labelled.name ?? JSON.stringify(value));
  }
  return String(value);
};

/** One filter as people read it: "City = Berlin", "Amount ≥ 7", "Notes is empty". */
export function filterText(filter: ListFilter, label: string, texts: ExportTexts): string {
  const operator = texts.operators[filter.operator];
  if (['isnull', 'isnotnull', 'isempty', 'isnotempty'].includes(filter.operator))
    return `${label} ${operator}`;
  const values = Array.isArray(filter.value) ? filter.value.map(valueText) : [valueText(filter.value)];
  const joined =
    filter.operator === 'isin'
      ? values.join(', ')
      : values.join(` ${filter.matchesAll ? texts.and : texts.or} `);
  return `${label} ${operator} ${joined}`;
}

/** The heading lines: the report's name, its filters (or none), the moment of export in the zone. */
export function headingOf(
  name: string,
  filters: ListFilter[],
  labelOf: (field: string) => string,
  texts: ExportTexts,
  now: Date,
  timeZone: string,
): string[] {
  const described = filters.map((filter) => filterText(filter, labelOf(filter.field), texts));
  const when = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(now);
  return [
    name,
    `${texts.filters}: ${described.length ? described.join('; ') : texts.noFilters}`,
    `${texts.exported}: ${when} (${timeZone})`,
  ];
}

const prefixOf = (row: ReportGroupRow, length: number) => JSON.stringify(row.groups.slice(0, length));

/**
 * A grouped result in reading order: for each group of the first level (in the report's order) its
 * nested groups, then its subtotal; the grand total last. Rows whose parent was cut by the limit
 * follow at the end, so nothing shown on screen is left out of the file.
 */
export function nestGrouped(
  result: Extract<ReportResult, { kind: 'grouped' }>,
): Array<{ row: ReportGroupRow; kind: RowKind }> {
  const depth = result.columns.filter((column) => column.key.startsWith('group:')).length;
  const ordered: Array<{ row: ReportGroupRow; kind: RowKind }> = [];
  const emitted = new Set<ReportGroupRow>();
  const hasSubtotals = result.subtotals.length > 0;
  const emit = (prefixLength: number, prefix: string) => {
    if (prefixLength === depth - 1 || !hasSubtotals) {
      for (const row of result.rows) {
        if (!emitted.has(row) && (prefixLength === 0 || prefixOf(row, prefixLength) === prefix)) {
          emitted.add(row);
          ordered.push({ row, kind: 'row' });
        }
      }
      return;
    }
    const level = depth - (prefixLength + 1);
    for (const subtotal of result.subtotals) {
      if (subtotal.level !== level) continue;
      if (prefixLength > 0 && prefixOf(subtotal, prefixLength) !== prefix) continue;
      emit(prefixLength + 1, prefixOf(subtotal, prefixLength + 1));
      ordered.push({ row: subtotal, kind: 'subtotal' });
    }
  };
  if (depth > 0) emit(0, '[]');
  for (const row of result.rows) if (!emitted.has(row)) ordered.push({ row, kind: 'row' });
  if (result.total) ordered.push({ row: result.total, kind: 'total' });
  return ordered;
}

function groupedSheet(result: Extract<ReportResult, { kind: 'grouped' }>, texts: ExportTexts) {
  const depth = result.columns.filter((column) => column.key.startsWith('group:')).length;
  const rows: Cell[][] = [];
  const kinds: RowKind[] = [];
  for (const { row, kind } of nestGrouped(result)) {
    const groupCells: Cell[] = [];
    for (let i = 0; i < depth; i++) {
      const shown = row.labels[i] ?? (row.groups[i] === null ? null : valueText(row.groups[i]));
      if (kind === 'row') groupCells.push(shown ?? texts.empty);
      else if (i < depth - row.level) groupCells.push(shown ?? texts.empty);
      else if (i === depth - row.level) groupCells.push(kind === 'total' ? texts.total : texts.subtotal);
      else groupCells.push(null);
    }
    rows.push([...groupCells, ...row.measures]);
    kinds.push(kind);
  }
  return { header: result.columns.map((column) => column.label), rows, kinds };
}

function pivotSheet(result: Extract<ReportResult, { kind: 'pivot' }>, texts: ExportTexts) {
  const header = [
    ...result.rowColumns.map((column) => column.label),
    ...result.columnLabels.map(
      (label, i) => label ?? (result.columnKeys[i] === null ? texts.empty : valueText(result.columnKeys[i])),
    ),
    texts.total,
  ];
  const rows: Cell[][] = result.rows.map((row) => [
    ...row.labels.map(
      (label, i) => label ?? (row.groups[i] === null ? texts.empty : valueText(row.groups[i])),
    ),
    ...row.cells,
    row.total,
  ]);
  const kinds: RowKind[] = rows.map(() => 'row');
  const padding = result.rowColumns.slice(1).map((): Cell => null);
  rows.push([texts.total, ...padding, ...result.columnTotals, result.total]);
  kinds.push('total');
  return { header, rows, kinds };
}

function tableSheet(result: Extract<ReportResult, { kind: 'table' }>) {
  const rows: Cell[][] = result.rows.map((row) => {
    const data = (row.data ?? {}) as Record<string, unknown>;
    return result.columns.map((column) => {
      const value = column.key in data ? data[column.key] : row[column.key];
      return typeof value === 'number' || typeof value === 'boolean' ? value : valueText(value) || null;
    });
  });
  return {
    header: result.columns.map((column) => column.label),
    rows,
    kinds: rows.map((): RowKind => 'row'),
  };
}

/** The sheet of a report's result under its heading. */
export function sheetOf(result: ReportResult, heading: string[], texts: ExportTexts): ReportSheet {
  const body =
    result.kind === 'grouped'
      ? groupedSheet(result, texts)
      : result.kind === 'pivot'
        ? pivotSheet(result, texts)
        : tableSheet(result);
  return { heading, ...body };
}
