import { sql, type SQL } from 'drizzle-orm';
import { COMPLETE_ACTIVITY_ID, START_ACTIVITY_ID, type ModuleDefinition } from '@formloop/domain';
import {
  RECORD_SELECT,
  RECORD_USER_JOINS,
  filterSql,
  type ListFilter,
  ListColumns,
} from '../../records/index.ts';
import { escapeLike } from '../../../platform/database/sql-helpers.ts';

// A data table request (spec §3) over one app's records as parametrised SQL: the scope (the app,
// submitted records or the caller's drafts), the filters, the global search, the order (id breaks
// ties), one page, and the capped count. Pure: it never touches the database, so the unit tests
// can pin every statement's text and parameters.

/**
 * Lists never count exactly past this many rows (DESIGN.md) unless the user asks (exactCount):
 * beyond it the planner estimates, and the answer says "about". Chosen from bench/count-threshold
 * (bench/RESULTS.md, "Exact counts"): counting one app's list took 0.6 ms at 1,000 rows, 2.3 ms at
 * 10,000 (1.8 ms of PostgreSQL CPU), 4.8 ms at 25,000, 9.4 ms at 50,000, 26 ms at 100,000 and
 * 62 ms at 200,000, against 0.4 ms for the planner's estimate and 5–8 ms for a whole list request.
 * Up to 10,000 a count stays within a few milliseconds; past it its cost grows with the app (at
 * the old limit of 100,000 it was 26–41 ms on every request).
 */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * Where lists read records from: a view of the caller's tenant's records (migration 0008). Under
 * FORCE ROW LEVEL SECURITY no index could serve a jsonb/LIKE filter (those functions are not
 * LEAKPROOF); the view applies the same tenant condition as an ordinary WHERE clause. ADR 0006.
 */
export const LIST_SOURCE: SQL = sql.raw('record_list_source');

export interface ListScope {
  tenantId: string;
  moduleId: string;
  /** draftdatatables: this user's drafts; otherwise the submitted records. */
  draftsOf?: string;
}

export interface ListRequest {
  page: number;
  length: number;
  search: string;
  columns?: string[] | undefined;
  orders: { column: string; dir: 'asc' | 'desc' }[];
  filters: ListFilter[];
}

interface SortKey {
  sql: SQL;
  /** Direction with its NULLS placement, e.g. 'DESC NULLS LAST'. */
  dir: string;
}

/**
 * PostgreSQL's defaults (ASC NULLS LAST, DESC NULLS FIRST) match the expression indexes publishing
 * creates. Columns that are never null take the placement records_module_list_idx
 * (created_on DESC NULLS LAST) was built with, so that index serves both directions.
 */
const direction = (dir: 'asc' | 'desc', notNull: boolean): string =>
  notNull ? (dir === 'desc' ? 'DESC NULLS LAST' : 'ASC NULLS FIRST') : dir === 'desc' ? 'DESC' : 'ASC';

export interface ListQuery {
  /** The app: every statement on the list source names it (ADR 0013), `scope` and `where` too. */
  moduleId: string;
  /** The scope alone (recordsTotal). */
  scope: SQL;
  /** The scope, the filters and the search (recordsFiltered and the page). */
  where: SQL;
  /** The same two without the explicit tenant check, for planner estimates (see repository). */
  estimateScope: SQL;
  estimateWhere: SQL;
  /** Names the scope (tenant, app, drafts owner) for caching its estimate. */
  scopeKey: string;
  /** Names the filters and the search (with scopeKey, for caching the filtered estimate). */
  narrowingKey: string;
  /** Whether filters or a search narrow the scope (else the filtered count is the total). */
  narrowed: boolean;
  sortKeys: SortKey[];
  /** The id tie-breaker's direction: whichever lets the first key's index serve the whole order. */
  idDir: 'ASC' | 'DESC';
  limit: number;
  offset: number;
  /** The data keys a row keeps: the requested fields, or every field (password values never). */
  dataKeys: string[];
  /**
   * When the app was not read in this request (remembered, record-app-cache.ts): the condition that
   * it still stands for the caller, answered by the page statement as app_stands.
   */
  appStands?: SQL;
}

/** The activity whose field permissions a list applies: drafts are at the start, the rest completed. */
export const listActivity = (scope: ListScope): string =>
  scope.draftsOf === undefined ? COMPLETE_ACTIVITY_ID : START_ACTIVITY_ID;

export const listColumnsFor = (
  definition: Pick<ModuleDefinition, 'fieldGroups' | 'permission'>,
  scope: ListScope,
): ListColumns => new ListColumns(definition, listActivity(scope));

/** Newest first: records_module_list_idx (module_id, is_draft, created_on DESC, id) serves it. */
const DEFAULT_ORDER: ListRequest['orders'] = [{ column: 'created_on', dir: 'desc' }];

/** The scope predicate; `withTenant` adds the explicit tenant check (left out of planner estimates). */
export function scopeSql(scope: ListScope, withTenant = true): SQL {
  const parts: SQL[] = [];
  if (withTenant) parts.push(sql`r.tenant_id = ${scope.tenantId}::uuid`);
  parts.push(sql`r.module_id = ${scope.moduleId}::uuid`);
  if (scope.draftsOf === undefined) parts.push(sql`r.is_draft = false`);
  else parts.push(sql`r.is_draft = true`, sql`r.created_by = ${scope.draftsOf}::uuid`);
  return sql.join(parts, sql.raw(' AND '));
}

/** The global search: contains, ignoring case, in any of the app's text fields. */
export function searchSql(columns: ListColumns, search: string): SQL {
  const searchable = columns.searchable();
  if (searchable.length === 0) return sql`false`;
  const pattern = `%${escapeLike(search)}%`;
  return sql`(${sql.join(
    searchable.map((column) => sql`${column.value} ILIKE ${pattern}::text`),
    sql.raw(' OR '),
  )})`;
}

/** Builds the statements' parts for one request; 400 for unknown columns and unsuitable values. */
export function buildListQuery(
  definition: Pick<ModuleDefinition, 'fieldGroups' | 'permission'>,
  request: ListRequest,
  scope: ListScope,
): ListQuery {
  const columns = listColumnsFor(definition, scope);
  const conditions: SQL[] = [];
  for (const filter of request.filters) conditions.push(filterSql(columns.get(filter.field), filter));
  if (request.search !== '') conditions.push(searchSql(columns, request.search));
  const narrowing = conditions.length ? sql` AND ${sql.join(conditions, sql.raw(' AND '))}` : sql``;

  const orders = request.orders.length ? request.orders : DEFAULT_ORDER;
  const sortKeys: SortKey[] = orders.map((order) => {
    const column = columns.get(order.column);
    return { sql: column.sort, dir: direction(order.dir, column.notNull === true) };
  });
  // Field indexes are (value, id): id follows the first key. records_module_list_idx is
  // (created_on DESC, id ASC): there id goes the other way.
  const first = orders[0]!;
  const ascending = first.dir === 'asc' ? first.column !== 'created_on' : first.column === 'created_on';

  const fields = columns.fields().map((column) => column.name);
  const wanted = request.columns ? new Set(request.columns) : null;
  return {
    moduleId: scope.moduleId,
    scope: scopeSql(scope),
    where: sql`${scopeSql(scope)}${narrowing}`,
    estimateScope: scopeSql(scope, false),
    scopeKey: `${scope.tenantId}/${scope.moduleId}/${scope.draftsOf ?? ''}`,
    estimateWhere: sql`${scopeSql(scope, false)}${narrowing}`,
    narrowed: conditions.length > 0,
    narrowingKey: JSON.stringify([request.filters, request.search]),
    sortKeys,
    idDir: ascending ? 'ASC' : 'DESC',
    limit: request.length,
    offset: (request.page - 1) * request.length,
    // Unknown names in `columns` only choose what to show: a stale saved column must not break the list.
    dataKeys: wanted ? fields.filter((name) => wanted.has(name)) : fields,
  };
}

/** ORDER BY over the page's sort_N output columns (prefixed with the page's alias outside it). */
const orderList = (query: ListQuery, prefix = ''): SQL =>
  sql.raw(
    [
      ...query.sortKeys.map((key, i) => `${prefix}sort_${i} ${key.dir}`),
      `${prefix || 'r.'}id ${query.idDir}`,
    ].join(', '),
  );

const sortColumns = (query: ListQuery): SQL =>
  sql.join(query.sortKeys.map((key, i) => sql`, ${key.sql} AS ${sql.raw(`sort_${i}`)}`));

/** count(*) of the rows matching `where`, stopping one past EXACT_COUNT_LIMIT. */
export const cappedCountSql = (where: SQL): SQL =>
  sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${LIST_SOURCE} r WHERE ${where} LIMIT ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) AS capped)`;

/** count(*) of every row matching `where`, however many (asked for with exactCount), as `n`. */
export const exactCountSql = (where: SQL): SQL =>
  sql`SELECT count(*)::float8 AS n FROM ${LIST_SOURCE} r WHERE ${where}`;

/** The planner's row estimate for `where` (EXPLAIN, never executed). */
export const estimateSql = (where: SQL): SQL =>
  sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${LIST_SOURCE} r WHERE ${where}`;

/** The app_stands answer when the query carries the condition (ListQuery.appStands). */
const appStandsColumn = (query: ListQuery): SQL =>
  query.appStands ? sql`, ${query.appStands} AS app_stands` : sql``;

/** The count of the whole list (recordsTotal) when exact, else NULL (the planner estimates it). */
const totalCount = (query: ListQuery, exact: boolean): SQL =>
  exact ? cappedCountSql(query.scope) : sql`NULL::int`;

/**
 * The page and the counts it needs, in one statement: the counts come from a one-row subquery so
 * they arrive even when the page is empty (the page columns are then null), and the page keeps its
 * order through its sort_N columns. Used when many rows match: walking an index in list order
 * finds a page quickly.
 */
export function pageSql(query: ListQuery, counts: { filtered: boolean; total: boolean }): SQL {
  const filtered = counts.filtered ? cappedCountSql(query.where) : sql`NULL::int`;
  return sql`SELECT c.filtered_count, c.total_count${appStandsColumn(query)}, p.*
FROM (SELECT ${filtered} AS filtered_count, ${totalCount(query, counts.total)} AS total_count) AS c
LEFT JOIN LATERAL (SELECT ${RECORD_SELECT}${sortColumns(query)}
  FROM ${LIST_SOURCE} r ${RECORD_USER_JOINS}
  WHERE ${query.where}
  ORDER BY ${orderList(query)}
  LIMIT ${query.limit} OFFSET ${query.offset}) AS p ON true
ORDER BY ${orderList(query, 'p.')}`;
}

/**
 * The page and its counts when few rows match (the planner expects at most a few thousand): the
 * matching rows are found first, behind a materialised CTE, by the best index for the filters,
 * then counted and sorted. Without the fence PostgreSQL may walk a sort index hoping to meet ten
 * matches early, and scan the whole app when they are rare. Capped like the count: when the cap
 * is reached the page is incomplete, and the repository asks pageSql instead.
 */
export function fencedPageSql(query: ListQuery, total: boolean): SQL {
  const keys = query.sortKeys.map((key, i) => sql`, ${key.sql} AS ${sql.raw(`sort_${i}`)}`);
  const sortNames = sql.raw(query.sortKeys.map((_, i) => `, page.sort_${i}`).join(''));
  return sql`WITH matching AS MATERIALIZED (
  SELECT r.id${sql.join(keys)} FROM ${LIST_SOURCE} r
  WHERE ${query.where}
  LIMIT ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}
), page AS (
  SELECT * FROM matching ORDER BY ${orderList(query, 'matching.')} LIMIT ${query.limit} OFFSET ${query.offset}
)
SELECT c.filtered_count, c.total_count${appStandsColumn(query)}, p.*
FROM (SELECT (SELECT count(*)::int FROM matching) AS filtered_count, ${totalCount(query, total)} AS total_count) AS c
LEFT JOIN LATERAL (SELECT ${RECORD_SELECT}${sortNames}
  FROM page JOIN ${LIST_SOURCE} r ON r.module_id = ${query.moduleId}::uuid AND r.id = page.id ${RECORD_USER_JOINS}) AS p ON true
ORDER BY ${orderList(query, 'p.')}`;
}

/** Every matching row in list order, for exports (read through a cursor in batches). */
export function allRowsSql(query: ListQuery): SQL {
  return sql`SELECT ${RECORD_SELECT}${sortColumns(query)} FROM ${LIST_SOURCE} r ${RECORD_USER_JOINS}
  WHERE ${query.where}
  ORDER BY ${orderList(query)}`;
}
