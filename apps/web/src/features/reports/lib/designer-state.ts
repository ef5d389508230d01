// The designer's state and the report definition it stands for, pure (tested without rendering).
import {
  REPORT_MAX_GROUPS,
  type ChartType,
  type ReportDefinition,
  type ReportDefinitionInput,
  type ReportGroup,
  type ReportMeasure,
  type ReportSharing,
  type ReportSort,
  type Report,
  REPORT_GROUP_LIMIT,
} from '@formloop/contracts';
import type { RecordFilter } from '@formloop/domain';

type RecordOrder = ReportDefinition['orders'][number];

export interface DesignerState {
  moduleId: string;
  /** A plain report's columns, in order. */
  columns: string[];
  filters: RecordFilter[];
  groupBy: ReportGroup[];
  measures: ReportMeasure[];
  totals: boolean;
  /** A grouped report's order (by a group or a measure) and how many groups it shows at most. */
  sort: ReportSort[];
  limit: number;
  /** A plain report's order (kept as saved; the viewer's table is in this order). */
  orders: RecordOrder[];
  pivot: { enabled: boolean; rows: ReportGroup[]; column: ReportGroup | null; measure: ReportMeasure };
  chart: { type: ChartType | 'none'; measure: number; target: number | null };
}

export interface SaveDetails {
  name: string;
  description: string;
  category: string;
  sharing: ReportSharing;
  teamIds: string[];
  roleIds: string[];
}

export const blankDesigner = (moduleId = ''): DesignerState => ({
  moduleId,
  columns: [],
  filters: [],
  groupBy: [],
  measures: [],
  totals: true,
  sort: [],
  limit: REPORT_GROUP_LIMIT,
  orders: [],
  pivot: { enabled: false, rows: [], column: null, measure: { aggregate: 'count' } },
  chart: { type: 'none', measure: 0, target: null },
});

export const blankDetails = (): SaveDetails => ({
  name: '',
  description: '',
  category: '',
  sharing: 'private',
  teamIds: [],
  roleIds: [],
});

/** A definition opened in the designer (a saved report's, or one Quick Report hands over). */
export function designerFromDefinition(d: ReportDefinition): DesignerState {
  return {
    moduleId: d.moduleId,
    columns: [...d.columns],
    filters: [...d.filters] as RecordFilter[],
    groupBy: d.groupBy.map((group) => ({ ...group })),
    measures: d.measures.map((measure) => ({ ...measure })),
    totals: d.totals,
    sort: d.sort.map((one) => ({ ...one })),
    limit: d.limit,
    orders: d.orders.map((one) => ({ ...one })),
    pivot: d.pivot
      ? { enabled: true, rows: [...d.pivot.rows], column: d.pivot.column, measure: d.pivot.measure }
      : { enabled: false, rows: [], column: null, measure: { aggregate: 'count' } },
    chart: d.chart
      ? { type: d.chart.type, measure: d.chart.measure, target: d.chart.target ?? null }
      : { type: 'none', measure: 0, target: null },
  };
}

/** A saved report opened in the designer. */
export function designerFromReport(report: Report): { state: DesignerState; details: SaveDetails } {
  return {
    state: designerFromDefinition(report.definition),
    details: {
      name: report.name,
      description: report.description,
      category: report.category,
      sharing: report.sharing,
      teamIds: [...report.teamIds],
      roleIds: [...report.roleIds],
    },
  };
}

/** A measure is complete when it has the field its aggregate needs. */
const completeMeasure = (measure: ReportMeasure) => measure.aggregate === 'count' || Boolean(measure.field);

/**
 * The definition the server runs and saves. Incomplete rows (a group without a field, a sum without
 * its field) are left out rather than sent half-made; the pivot only when its groups are chosen.
 */
export function toDefinition(state: DesignerState): ReportDefinitionInput {
  const groupBy = state.groupBy.filter((group) => group.field !== '').slice(0, REPORT_MAX_GROUPS);
  const measures = state.measures.filter(completeMeasure);
  const pivotRows = state.pivot.rows.filter((group) => group.field !== '');
  const pivot =
    state.pivot.enabled &&
    pivotRows.length > 0 &&
    state.pivot.column?.field &&
    completeMeasure(state.pivot.measure)
      ? { rows: pivotRows, column: state.pivot.column, measure: state.pivot.measure }
      : undefined;
  const grouped = groupBy.length > 0 || measures.length > 0 || pivot !== undefined;
  const chart =
    state.chart.type !== 'none' && grouped
      ? {
          type: state.chart.type,
          measure: Math.min(state.chart.measure, Math.max(measures.length - 1, 0)),
          ...(state.chart.target !== null ? { target: state.chart.target } : {}),
        }
      : undefined;
  // A sort naming a group or measure that is gone is dropped with it.
  const sort = state.sort.filter((one) =>
    'group' in one ? one.group < groupBy.length : one.measure < Math.max(measures.length, 1),
  );
  return {
    moduleId: state.moduleId,
    columns: grouped ? [] : state.columns,
    filters: state.filters,
    ...(state.orders.length > 0 ? { orders: state.orders } : {}),
    groupBy,
    measures,
    ...(sort.length > 0 ? { sort } : {}),
    totals: state.totals,
    ...(state.limit !== REPORT_GROUP_LIMIT ? { limit: state.limit } : {}),
    ...(pivot ? { pivot } : {}),
    ...(chart ? { chart } : {}),
  };
}

// Which columns suit what (the server checks again and says why with a translated message).
const GROUPABLE = new Set([
  'text',
  'number',
  'date',
  'datetime',
  'time',
  'boolean',
  'user',
  'lookup',
  'status',
]);
const DATES = new Set(['date', 'datetime']);
const ORDERED = new Set(['number', 'date', 'datetime', 'time', 'text', 'lookup']);

export const canGroupBy = (kind: string) => GROUPABLE.has(kind);
export const hasGrain = (kind: string) => DATES.has(kind);
/** The columns an aggregate may take: sum and average numbers, minimum and maximum ordered kinds. */
export function suitsAggregate(aggregate: ReportMeasure['aggregate'], kind: string): boolean {
  if (aggregate === 'sum' || aggregate === 'avg') return kind === 'number';
  if (aggregate === 'min' || aggregate === 'max') return ORDERED.has(kind);
  return kind !== 'html';
}
