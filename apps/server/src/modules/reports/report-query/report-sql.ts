import { sql, type SQL } from 'drizzle-orm';
import {
  msg,
  REPORT_PIVOT_COLUMN_LIMIT,
  type DateGrain,
  type ReportDefinition,
  type ReportGroup,
  type ReportMeasure,
  type ReportSort,
} from '@formloop/contracts';
import {
  STATUS_SQL,
  filterSql,
  type ListColumn,
  type ListColumns,
  type ListFilter,
} from '../../records/index.ts';
import { LIST_SOURCE, scopeSql } from '../../record-lists/index.ts';
import { badField, badRequest } from '../../../platform/http/errors.ts';

// A report definition as parametrised SQL over one app's records (ADR 0014). It reads the same
// source with the same scope and the same filters as the app's record list (record-lists), through
// the viewer's own list columns: a field hidden from the viewer is not a column, so a report that
// names it is refused (records.unknownField) rather than quietly read. Groups, measures and totals
// are computed by PostgreSQL (GROUP BY ROLLUP / GROUPING SETS) on the app's own partition; the
// service only shapes rows. Pure: it never touches the database, so unit tests pin every statement.

/**
 * A BI question's other apps (issue 24 item 8): each joined through a lookup field of the base app
 * (the lookup's stored id is the other app's record id), read with the viewer's columns of that app.
 */
export interface JoinSource {
  alias: string;
  moduleId: string;
  columns: ListColumns;
  /** The base record's lookup value as the joined record's id (null when it is not a uuid). */
  key: SQL;
}

/** Where a report's fields come from: the base app, and for BI questions the joined apps. */
export interface ReportSources {
  base: ListColumns;
  joins: JoinSource[];
}

const sourcesOf = (columns: ListColumns | ReportSources): ReportSources =>
  'base' in columns ? columns : { base: columns, joins: [] };

function columnsFor(sources: ReportSources, source: string | undefined): ListColumns {
  if (source === undefined || source === 'base') return sources.base;
  const join = sources.joins.find((entry) => entry.alias === source);
  if (!join) throw badField('joins', msg('reports.unknownJoin', { alias: source }));
  return join.columns;
}

/** A group level as the statement computes it. */
export interface ResolvedGroup {
  /** 'base', or the alias of a joined app. */
  source: string;
  column: ListColumn;
  grain: DateGrain | null;
  /** Whether the key is a user id whose name the statement adds as label_N. */
  userLabel: boolean;
}

/** A measure as the statement computes it. */
export interface ResolvedMeasure {
  source: string;
  measure: ReportMeasure;
  column: ListColumn | null;
  /** Whether the result is a number (counts, sums, averages, min/max of numbers). */
  numeric: boolean;
}

export interface ReportScope {
  tenantId: string;
  moduleId: string;
  /** The organization's IANA time zone: date grains are periods of its calendar. */
  timeZone: string;
}

const GROUPABLE_KINDS = new Set([
  'text',
  'number',
  'date',
  'datetime',
  'time',
  'boolean',
  'user',
  'lookup',
  'stamp',
  'sysuser',
  'status',
]);
const DATE_KINDS = new Set(['date', 'datetime', 'stamp']);
const ORDERED_KINDS = new Set(['number', 'date', 'datetime', 'time', 'stamp', 'text', 'lookup']);
const ISO_DATE = "'^[0-9]{4}-[0-9]{2}-[0-9]{2}$'";
const ISO_DATE_TIME = "'^[0-9]{4}-[0-9]{2}-[0-9]{2}T'";

/** The report's rows: the app's submitted records the viewer's list shows, narrowed by the filters. */
export function reportWhere(columns: ListColumns, scope: ReportScope, filters: ListFilter[]): SQL {
  const parts = [scopeSql({ tenantId: scope.tenantId, moduleId: scope.moduleId })];
  for (const filter of filters) parts.push(filterSql(columns.get(filter.field), filter));
  return sql.join(parts, sql.raw(' AND '));
}

/** A date column as a local timestamp in the organization's zone (dates have no zone: midnight). */
function localTime(column: ListColumn, timeZone: string): SQL {
  const zone = sql`${timeZone}::text`;
  switch (column.kind) {
    case 'stamp':
      return sql`(${column.value} AT TIME ZONE ${zone})`;
    case 'datetime':
      return sql`(CASE WHEN ${column.text} ~ ${sql.raw(ISO_DATE_TIME)} THEN (${column.text})::timestamptz AT TIME ZONE ${zone} END)`;
    default:
      return sql`(CASE WHEN ${column.text} ~ ${sql.raw(ISO_DATE)} THEN (${column.text})::date::timestamp END)`;
  }
}

/**
 * The first day of the period holding the value, as YYYY-MM-DD in the organization's calendar.
 * Weeks start on Monday (ISO); truncating the local time keeps a week whole across a DST change.
 */
export function periodStart(column: ListColumn, grain: DateGrain, timeZone: string): SQL {
  return sql`to_char(date_trunc(${sql.raw(`'${grain}'`)}, ${localTime(column, timeZone)}), 'YYYY-MM-DD')`;
}

export function resolveGroup(from: ListColumns | ReportSources, group: ReportGroup): ResolvedGroup {
  const source = group.source ?? 'base';
  const column = columnsFor(sourcesOf(from), source).get(group.field);
  if (!GROUPABLE_KINDS.has(column.kind))
    throw badField(group.field, msg('reports.notGroupable', { field: column.label }));
  if (group.grain && !DATE_KINDS.has(column.kind)) throw badField(group.field, msg('reports.grainNeedsDate'));
  // An instant is grouped by day unless a grain is chosen: grouping by the instant itself is useless.
  const grain = group.grain ?? (column.kind === 'stamp' || column.kind === 'datetime' ? 'day' : null);
  return { source, column, grain, userLabel: column.kind === 'user' || column.kind === 'sysuser' };
}

export function resolveMeasure(from: ListColumns | ReportSources, measure: ReportMeasure): ResolvedMeasure {
  const source = measure.source ?? 'base';
  if (measure.aggregate === 'count') return { source, measure, column: null, numeric: true };
  const columns = columnsFor(sourcesOf(from), source);
  if (!measure.field)
    throw badField('measures', msg('reports.measureNeedsField', { aggregate: measure.aggregate }));
  const column = columns.get(measure.field);
  switch (measure.aggregate) {
    case 'countDistinct':
      return { source, measure, column, numeric: true };
    case 'sum':
    case 'avg':
      if (column.kind !== 'number')
        throw badField(measure.field, msg('reports.measureNeedsNumber', { field: column.label }));
      return { source, measure, column, numeric: true };
    case 'min':
    case 'max':
      if (!ORDERED_KINDS.has(column.kind))
        throw badField(measure.field, msg('reports.measureNotOrdered', { field: column.label }));
      return { source, measure, column, numeric: column.kind === 'number' };
  }
}

/** What a group level is keyed by in the inner select (g_N). */
function groupKey(group: ResolvedGroup, timeZone: string): SQL {
  if (group.grain) return periodStart(group.column, group.grain, timeZone);
  if (group.column.kind === 'status') return STATUS_SQL;
  if (group.column.kind === 'sysuser') return sql`(${group.column.value})::text`;
  if (group.column.kind === 'user') return group.column.text;
  return group.column.value;
}

/** What a measure reads in the inner select (v_N); count reads nothing. */
function measureInput(measure: ResolvedMeasure): SQL | null {
  if (!measure.column) return null;
  if (measure.measure.aggregate === 'countDistinct') {
    return measure.column.kind === 'status'
      ? STATUS_SQL
      : measure.column.kind === 'sysuser'
        ? sql`(${measure.column.value})::text`
        : measure.column.value;
  }
  return measure.column.value;
}

/** The aggregate over the inner select's v_N: numbers as float8, other minimums and maximums as text. */
function aggregateSql(measure: ResolvedMeasure, index: number): SQL {
  const v = sql.raw(`s.v_${index}`);
  switch (measure.measure.aggregate) {
    case 'count':
      return sql`count(*)::float8`;
    case 'countDistinct':
      return sql`count(DISTINCT ${v})::float8`;
    case 'sum':
      return sql`sum(${v})::float8`;
    case 'avg':
      return sql`avg(${v})::float8`;
    case 'min':
    case 'max': {
      const fn = sql.raw(measure.measure.aggregate);
      if (measure.numeric) return sql`${fn}(${v})::float8`;
      if (measure.column?.kind === 'stamp')
        return sql`to_char(${fn}(${v}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      return sql`(${fn}(${v}))::text`;
    }
  }
}

/** The inner select: one row per matching record, its group keys g_N and measure inputs v_N. */
function innerSelect(
  groups: Array<{ source: string; key: SQL }>,
  inputs: Array<{ source: string; input: SQL | null }>,
  where: SQL,
  sources: ReportSources,
  scope: ReportScope,
): SQL {
  const partsOf = (source: string): SQL[] => {
    const parts: SQL[] = [];
    groups.forEach((group, i) => {
      if (group.source === source) parts.push(sql`${group.key} AS ${sql.raw(`g_${i}`)}`);
    });
    inputs.forEach((entry, i) => {
      if (entry.input && entry.source === source) parts.push(sql`${entry.input} AS ${sql.raw(`v_${i}`)}`);
    });
    return parts;
  };
  const base = partsOf('base');
  if (sources.joins.length === 0) {
    const select = base.length ? sql.join(base, sql.raw(', ')) : sql.raw('1 AS one');
    return sql`SELECT ${select} FROM ${LIST_SOURCE} r WHERE ${where}`;
  }
  // A BI question: the base rows with each lookup's id (k_N), and each joined app's record (at most
  // one: the id is its key) read in a lateral subquery with that app's own scope and columns.
  const keys = sources.joins.map((join, n) => sql`${join.key} AS ${sql.raw(`k_${n}`)}`);
  const baseSelect = sql.join([...base, ...keys], sql.raw(', '));
  const laterals = sources.joins.map((join, n) => {
    const parts = partsOf(join.alias);
    const select = parts.length ? sql.join(parts, sql.raw(', ')) : sql.raw(`NULL AS ${join.alias}_none`);
    const alias = sql.raw(join.alias);
    return sql` LEFT JOIN LATERAL (SELECT ${select} FROM ${LIST_SOURCE} r
    WHERE ${scopeSql({ tenantId: scope.tenantId, moduleId: join.moduleId })} AND r.id = b.${sql.raw(`k_${n}`)}) ${alias} ON true`;
  });
  return sql`SELECT * FROM (SELECT ${baseSelect} FROM ${LIST_SOURCE} r WHERE ${where}) b${sql.join(laterals)}`;
}

const groupRef = (i: number) => sql.raw(`s.g_${i}`);

/** label_N: the user's name for user keys, else the key itself (periods are labelled by the client). */
function labelSql(group: ResolvedGroup, i: number): SQL {
  if (!group.userLabel) return sql`NULL::text AS ${sql.raw(`label_${i}`)}`;
  const key = groupRef(i);
  return sql`(SELECT u.fullname FROM users u WHERE u.id::text = ${key}) AS ${sql.raw(`label_${i}`)}`;
}

export interface GroupedStatement {
  statement: SQL;
  groups: ResolvedGroup[];
  measures: ResolvedMeasure[];
}

/** The order of groups within their level: the report's sort, then every group ascending. */
function windowOrder(sort: ReportSort[], groupCount: number, aggregates: SQL[]): SQL {
  const keys: SQL[] = [];
  const used = new Set<number>();
  for (const entry of sort) {
    const dir = sql.raw(entry.dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS LAST');
    if ('group' in entry) {
      if (entry.group >= groupCount) throw badField('sort', msg('reports.sortUnknown'));
      used.add(entry.group);
      keys.push(sql`${groupRef(entry.group)} ${dir}`);
    } else {
      const aggregate = aggregates[entry.measure];
      if (!aggregate) throw badField('sort', msg('reports.measureUnknown'));
      keys.push(sql`${aggregate} ${dir}`);
    }
  }
  for (let i = 0; i < groupCount; i++) if (!used.has(i)) keys.push(sql`${groupRef(i)} ASC NULLS LAST`);
  return sql.join(keys, sql.raw(', '));
}

/**
 * A grouped report: one row per group at full depth (at most `limit` + 1 per level, in the report's
 * order: one more tells the service the list was cut), and with totals a subtotal per group of each
 * shorter prefix and the grand total (ROLLUP). `grouping_bits` says which levels a row rolls up
 * (the first group is the highest bit), `rank` its place in its level.
 */
export function groupedReportSql(
  columns: ListColumns | ReportSources,
  definition: Pick<ReportDefinition, 'groupBy' | 'measures' | 'sort' | 'totals' | 'limit'>,
  scope: ReportScope,
  where: SQL,
): GroupedStatement {
  const groups = definition.groupBy.map((group) => resolveGroup(columns, group));
  const measureList: ReportMeasure[] = definition.measures.length
    ? definition.measures
    : [{ aggregate: 'count' }];
  const measures = measureList.map((measure) => resolveMeasure(columns, measure));
  const inner = innerSelect(
    groups.map((group) => ({ source: group.source, key: groupKey(group, scope.timeZone) })),
    measures.map((measure) => ({ source: measure.source, input: measureInput(measure) })),
    where,
    sourcesOf(columns),
    scope,
  );
  const aggregates = measures.map(aggregateSql);
  const measureColumns = sql.join(
    aggregates.map((aggregate, i) => sql`${aggregate} AS ${sql.raw(`m_${i}`)}`),
    sql.raw(', '),
  );
  if (groups.length === 0) {
    // Only aggregates (a number card): one row, the whole selection.
    const statement = sql`SELECT ${measureColumns}, 0 AS grouping_bits, 1 AS rank FROM (${inner}) s`;
    return { statement, groups, measures };
  }
  const refs = sql.join(
    groups.map((_, i) => groupRef(i)),
    sql.raw(', '),
  );
  const labels = sql.join(groups.map(labelSql), sql.raw(', '));
  const grouping = sql`GROUPING(${refs})`;
  const groupBy = definition.totals ? sql`ROLLUP (${refs})` : refs;
  const order = windowOrder(definition.sort, groups.length, aggregates);
  const statement = sql`SELECT t.* FROM (
  SELECT ${refs}, ${labels}, ${measureColumns}, ${grouping} AS grouping_bits,
         row_number() OVER (PARTITION BY ${grouping} ORDER BY ${order}) AS rank
  FROM (${inner}) s
  GROUP BY ${groupBy}
) t
WHERE t.rank <= ${sql.raw(String(definition.limit + 1))}
ORDER BY t.grouping_bits, t.rank`;
  return { statement, groups, measures };
}

export interface PivotStatement {
  statement: SQL;
  rows: ResolvedGroup[];
  column: ResolvedGroup;
  measure: ResolvedMeasure;
}

/**
 * A pivot: the measure for every (row groups, column group) cell, each row's total, each column's
 * total and the grand total, in one statement with GROUPING SETS. Rows and columns are ranked
 * (dense_rank) so at most `rowLimit` + 1 rows and REPORT_PIVOT_COLUMN_LIMIT + 1 columns come back.
 */
export function pivotReportSql(
  columns: ListColumns | ReportSources,
  pivot: NonNullable<ReportDefinition['pivot']>,
  scope: ReportScope,
  where: SQL,
  rowLimit: number,
): PivotStatement {
  if (pivot.rows.length === 0) throw badRequest(msg('reports.pivotNeedsGroups'));
  const rows = pivot.rows.map((group) => resolveGroup(columns, group));
  const column = resolveGroup(columns, pivot.column);
  const measure = resolveMeasure(columns, pivot.measure);
  const groups = [...rows, column];
  const inner = innerSelect(
    groups.map((group) => ({ source: group.source, key: groupKey(group, scope.timeZone) })),
    [{ source: measure.source, input: measureInput(measure) }],
    where,
    sourcesOf(columns),
    scope,
  );
  const c = rows.length;
  const rowRefs = sql.join(
    rows.map((_, i) => groupRef(i)),
    sql.raw(', '),
  );
  const allRefs = sql.join(
    groups.map((_, i) => groupRef(i)),
    sql.raw(', '),
  );
  const labels = sql.join(groups.map(labelSql), sql.raw(', '));
  const grouping = sql`GROUPING(${allRefs})`;
  const rowOrder = sql.join(
    rows.map((_, i) => sql`${groupRef(i)} ASC NULLS LAST`),
    sql.raw(', '),
  );
  const statement = sql`SELECT t.* FROM (
  SELECT ${allRefs}, ${labels}, ${aggregateSql(measure, 0)} AS m_0, ${grouping} AS grouping_bits,
         dense_rank() OVER (PARTITION BY ${grouping} ORDER BY ${rowOrder}) AS row_rank,
         dense_rank() OVER (PARTITION BY ${grouping} ORDER BY ${groupRef(c)} ASC NULLS LAST) AS column_rank
  FROM (${inner}) s
  GROUP BY GROUPING SETS ((${allRefs}), (${rowRefs}), (${groupRef(c)}), ())
) t
WHERE t.row_rank <= ${sql.raw(String(rowLimit + 1))} AND t.column_rank <= ${sql.raw(String(REPORT_PIVOT_COLUMN_LIMIT + 1))}
ORDER BY t.grouping_bits, t.row_rank, t.column_rank`;
  return { statement, rows, column, measure };
}
