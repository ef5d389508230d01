// A BI question (issue 24 item 8, ADR 0014 decision 8) as the builder holds it, and as the report
// definition the server runs: a base app, up to three apps joined through its lookup fields, pivot
// rows, an optional pivot column and one measure. Without a column it is a grouped report (a chart
// and a table); with one, a pivot matrix. Pure, tested without rendering.
import {
  REPORT_SOURCES,
  type DateGrain,
  type Report,
  type ReportAggregate,
  type ReportDefinitionInput,
  type ReportGroup,
} from '@formloop/contracts';
import type { RecordFilter } from '@formloop/domain';

export type Source = (typeof REPORT_SOURCES)[number];
export type JoinAlias = Exclude<Source, 'base'>;
export const JOIN_ALIASES: readonly JoinAlias[] = ['j0', 'j1', 'j2'];
export const MAX_JOINS = 3;
export const MAX_ROWS = 2;

export interface FieldRef {
  source: Source;
  field: string;
  grain?: DateGrain;
}

export interface QuestionJoin {
  alias: JoinAlias;
  /** The lookup field of the base app the join goes through. */
  field: string;
}

export interface QuestionMeasure {
  aggregate: ReportAggregate;
  source: Source;
  /** Every aggregate but count needs one. */
  field: string;
}

export interface QuestionState {
  moduleId: string;
  joins: QuestionJoin[];
  rows: FieldRef[];
  column: FieldRef | null;
  measure: QuestionMeasure;
  filters: RecordFilter[];
}

export interface QuestionDetails {
  name: string;
  description: string;
  collection: string;
  sharing: Report['sharing'];
  teamIds: string[];
  roleIds: string[];
}

export const blankQuestion = (moduleId = ''): QuestionState => ({
  moduleId,
  joins: [],
  rows: [],
  column: null,
  measure: { aggregate: 'count', source: 'base', field: '' },
  filters: [],
});

export const blankQuestionDetails = (): QuestionDetails => ({
  name: '',
  description: '',
  collection: '',
  sharing: 'private',
  teamIds: [],
  roleIds: [],
});

/** A field reference as one select value ("j0:region"), and back. */
export const refKey = (ref: { source: Source; field: string }) => `${ref.source}:${ref.field}`;
export function parseRefKey(key: string): { source: Source; field: string } {
  const at = key.indexOf(':');
  const source = key.slice(0, at) as Source;
  return { source: REPORT_SOURCES.includes(source) ? source : 'base', field: key.slice(at + 1) };
}

/** The first alias no join uses yet, or null when three apps are joined. */
export function freeAlias(joins: readonly QuestionJoin[]): JoinAlias | null {
  return JOIN_ALIASES.find((alias) => !joins.some((join) => join.alias === alias)) ?? null;
}

/** Removes a join and everything that reads the joined app (rows, column, measure). */
export function withoutJoin(state: QuestionState, alias: JoinAlias): QuestionState {
  const keep = (ref: FieldRef) => ref.source !== alias;
  return {
    ...state,
    joins: state.joins.filter((join) => join.alias !== alias),
    rows: state.rows.filter(keep),
    column: state.column && keep(state.column) ? state.column : null,
    measure:
      state.measure.source === alias
        ? { aggregate: state.measure.aggregate, source: 'base', field: '' }
        : state.measure,
  };
}

const group = (ref: FieldRef): ReportGroup => ({
  field: ref.field,
  source: ref.source,
  ...(ref.grain ? { grain: ref.grain } : {}),
});

/** Whether the question can run: a base app, a row, and a field for every aggregate but count. */
export function isComplete(state: QuestionState): boolean {
  if (!state.moduleId || state.rows.length === 0) return false;
  if (state.rows.some((row) => row.field === '')) return false;
  if (state.column && state.column.field === '') return false;
  return state.measure.aggregate === 'count' || state.measure.field !== '';
}

/** The report definition the server runs and saves (null until the question is complete). */
export function toQuestionDefinition(state: QuestionState, collection = ''): ReportDefinitionInput | null {
  if (!isComplete(state)) return null;
  const measure = {
    aggregate: state.measure.aggregate,
    source: state.measure.source,
    ...(state.measure.aggregate !== 'count' ? { field: state.measure.field } : {}),
  };
  const base = {
    moduleId: state.moduleId,
    filters: state.filters,
    joins: state.joins.map((join) => ({ alias: join.alias, field: join.field })),
    collection: collection.trim(),
  };
  if (state.column) {
    return { ...base, pivot: { rows: state.rows.map(group), column: group(state.column), measure } };
  }
  return {
    ...base,
    groupBy: state.rows.map(group),
    measures: [measure],
    totals: true,
    chart: { type: 'bar', measure: 0 },
  };
}

const refOf = (entry: ReportGroup): FieldRef => ({
  source: entry.source ?? 'base',
  field: entry.field,
  ...(entry.grain ? { grain: entry.grain } : {}),
});

/** A saved question (or any grouped report) back into the builder. */
export function questionFromReport(report: Report): { state: QuestionState; details: QuestionDetails } {
  const { definition } = report;
  const pivot = definition.pivot;
  const measure = pivot?.measure ?? definition.measures[0];
  return {
    state: {
      moduleId: definition.moduleId,
      joins: (definition.joins ?? []).map((join) => ({ alias: join.alias, field: join.field })),
      rows: (pivot ? pivot.rows : definition.groupBy).slice(0, MAX_ROWS).map(refOf),
      column: pivot ? refOf(pivot.column) : null,
      measure: measure
        ? { aggregate: measure.aggregate, source: measure.source ?? 'base', field: measure.field ?? '' }
        : { aggregate: 'count', source: 'base', field: '' },
      filters: [...definition.filters] as RecordFilter[],
    },
    details: {
      name: report.name,
      description: report.description,
      collection: definition.collection ?? '',
      sharing: report.sharing,
      teamIds: report.teamIds,
      roleIds: report.roleIds,
    },
  };
}
