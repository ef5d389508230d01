// What a report result shows, pure: group labels, measure labels, the points a chart draws and the
// single figure a number card or gauge shows. Tested without rendering.
import type { ReportDefinition, ReportGroupRow, ReportMeasure, ReportResult } from '@formloop/contracts';

type Cell = string | number | boolean | null;

/** A group's value as people read it: the server's label (user names, periods) or the key itself. */
export function groupText(labels: ReadonlyArray<string | null>, groups: readonly Cell[], index: number) {
  const label = labels[index];
  if (label !== null && label !== undefined && label !== '') return label;
  const key = groups[index];
  return key === null || key === undefined || key === '' ? null : String(key);
}

/** One point of a chart: a group (or pivot row) and the chosen measure's value. */
export interface ChartPoint {
  name: string;
  value: number | null;
}

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

const pathOf = (row: { labels: ReadonlyArray<string | null>; groups: readonly Cell[] }, emptyLabel: string) =>
  row.groups.map((_, index) => groupText(row.labels, row.groups, index) ?? emptyLabel).join(' / ');

/**
 * The points a chart draws: a grouped report's full-depth groups with the chosen measure, a pivot's
 * rows with their totals. A plain table has none.
 */
export function chartPoints(result: ReportResult, measure: number, emptyLabel: string): ChartPoint[] {
  if (result.kind === 'grouped') {
    return result.rows
      .filter((row) => row.level === 0)
      .map((row) => ({ name: pathOf(row, emptyLabel), value: numberOf(row.measures[measure]) }));
  }
  if (result.kind === 'pivot') {
    return result.rows.map((row) => ({ name: pathOf(row, emptyLabel), value: numberOf(row.total) }));
  }
  return [];
}

/** The one figure of a number card or gauge: the grand total when there is one, else the sum of the points. */
export function headlineValue(result: ReportResult, measure: number): number | null {
  if (result.kind === 'grouped') {
    const total = result.total ? numberOf(result.total.measures[measure]) : null;
    if (total !== null) return total;
    const values = result.rows.filter((row) => row.level === 0).map((row) => numberOf(row.measures[measure]));
    if (values.every((value) => value === null)) return null;
    return values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  }
  if (result.kind === 'pivot') return numberOf(result.total);
  return result.recordsFiltered;
}

/**
 * A grouped result's rows in reading order: each group, then after the last group of a parent the
 * parent's subtotal (deepest first), then the grand total. Subtotals belong under the rows that
 * share their leading group keys.
 */
export function groupedRowsInOrder(
  rows: readonly ReportGroupRow[],
  subtotals: readonly ReportGroupRow[],
): ReportGroupRow[] {
  const depth = rows[0]?.groups.length ?? 0;
  if (subtotals.length === 0 || depth < 2) return [...rows];
  const keyOf = (row: ReportGroupRow, length: number) => JSON.stringify(row.groups.slice(0, length));
  const byKey = new Map(subtotals.map((row) => [`${row.level}:${keyOf(row, depth - row.level)}`, row]));
  const out: ReportGroupRow[] = [];
  rows.forEach((row, index) => {
    out.push(row);
    const next = rows[index + 1];
    // Close every parent level whose keys change with the next row (or at the end).
    for (let level = 1; level < depth; level += 1) {
      const length = depth - level;
      if (next && keyOf(next, length) === keyOf(row, length)) break;
      const subtotal = byKey.get(`${level}:${keyOf(row, length)}`);
      if (subtotal) out.push(subtotal);
    }
  });
  return out;
}

/** The label a measure column gets: the builder's own, else the aggregate and field in the reader's words. */
export function measureLabel(
  measure: ReportMeasure,
  aggregateLabel: (aggregate: ReportMeasure['aggregate'], field: string) => string,
  fieldLabel: (field: string) => string,
): string {
  if (measure.label) return measure.label;
  return aggregateLabel(measure.aggregate, measure.field ? fieldLabel(measure.field) : '');
}

/** Whether a definition groups or aggregates (a grouped result) rather than listing records. */
export const isGrouped = (definition: Pick<ReportDefinition, 'groupBy' | 'measures' | 'pivot'>) =>
  definition.groupBy.length > 0 || definition.measures.length > 0 || definition.pivot !== undefined;

/** The drill keys of each chart point, in the order chartPoints answers them. */
export function chartPointKeys(result: ReportResult): Cell[][] {
  if (result.kind === 'grouped') return result.rows.filter((row) => row.level === 0).map((row) => row.groups);
  if (result.kind === 'pivot') return result.rows.map((row) => row.groups);
  return [];
}

/** A group's keys for drilling: a subtotal's rolled-up (trailing) levels are left out, the total has none. */
export function drillKeysOf(row: ReportGroupRow): Cell[] {
  return row.groups.slice(0, Math.max(row.groups.length - row.level, 0));
}

/** The group's values as people read them, outermost first, joined ("North / Jan 2026"). */
export function drillLabelOf(row: ReportGroupRow, emptyLabel: string): string {
  return drillKeysOf(row)
    .map((_, index) => groupText(row.labels, row.groups, index) ?? emptyLabel)
    .join(' / ');
}
