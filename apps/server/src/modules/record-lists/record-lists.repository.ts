import { sql, type SQL } from 'drizzle-orm';
import { connectionOf, readRows, type TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { keptPer } from './kept-per.ts';
import type { RawRecordRow } from '../records/index.ts';
import {
  EXACT_COUNT_LIMIT,
  LIST_SOURCE,
  cappedCountSql,
  estimateSql,
  exactCountSql,
  fencedPageSql,
  pageSql,
  type ListQuery,
} from './record-query/list-query.ts';

// Reading record lists. Counts follow DESIGN.md: exact up to EXACT_COUNT_LIMIT (a count that stops
// one row past it), beyond that the planner's estimate, flagged. The planner is asked first
// (EXPLAIN, planning only), so a list it expects to be huge never pays for a capped count. A user
// who wants the exact figure asks for it (exactCount): then the estimates are counted, within
// EXACT_COUNT_TIMEOUT.

/** Above this many expected rows the list does not count: it says "about" the estimate. */
export const ESTIMATE_ONLY_ABOVE = 3 * EXACT_COUNT_LIMIT;
/** At most this many expected matches: the page is found behind a fence (fencedPageSql), which
 * stops one past EXACT_COUNT_LIMIT (so this must not exceed it). */
export const FENCE_AT_MOST = 10_000;

export interface ListCount {
  value: number;
  estimate: boolean;
}

interface PlanNode {
  'Plan Rows'?: number;
}

async function explainedRows(tx: TenantTx, statement: SQL): Promise<number> {
  const rows = await readRows<Record<string, unknown>>(tx, statement);
  const plan = (rows[0]?.['QUERY PLAN'] as Array<{ Plan?: PlanNode }> | undefined)?.[0]?.Plan;
  return Number(plan?.['Plan Rows'] ?? 0);
}

// Row-level security adds `tenant_id = <this tenant>` with a value the planner cannot see. Each app's
// records are in a partition of their own (ADR 0013), one tenant's, so once ANALYZE has seen it the
// condition scales nothing; before (a fresh partition just filled by an import) the planner takes
// it for a 0.5% filter. The factor is measured per app on its partition once a minute and divided
// out: the planner's rows for the app's whole list against the partition's current size.
const tenantShares = new Map<string, { value: number; at: number }>();
const SHARE_TTL_MS = 60_000;

async function rowLevelSecurityShare(tx: TenantTx, moduleId: string): Promise<number> {
  const cached = tenantShares.get(moduleId);
  if (cached && Date.now() - cached.at < SHARE_TTL_MS) return cached.value;
  const planned = await explainedRows(
    tx,
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${LIST_SOURCE} r WHERE r.module_id = ${moduleId}::uuid`,
  );
  const { rows } = await tx.execute(sql`SELECT reltuples::float8 AS tuples, relpages::float8 AS pages,
      pg_relation_size(oid)::float8 / current_setting('block_size')::float8 AS current_pages
    FROM pg_class WHERE oid = to_regclass(app_record_partition(${moduleId}::uuid))`);
  const stats = rows[0] as { tuples: number; pages: number; current_pages: number } | undefined;
  // The planner scales reltuples to the table's current size; so does this.
  const rowsNow =
    stats && stats.tuples > 0 && stats.pages > 0 ? (stats.tuples / stats.pages) * stats.current_pages : 0;
  const value = rowsNow > 0 && planned > 0 ? Math.min(1, Math.max(planned / rowsNow, 1e-6)) : 1;
  if (tenantShares.size >= ESTIMATES_KEPT) tenantShares.clear();
  tenantShares.set(moduleId, { value, at: Date.now() });
  return value;
}

/** The planner's estimate of the rows matching `where` (without the explicit tenant check). */
export async function estimateRows(tx: TenantTx, moduleId: string, where: SQL): Promise<number> {
  const planned = await explainedRows(tx, estimateSql(where));
  return planned / (await rowLevelSecurityShare(tx, moduleId));
}

// Estimates change slowly (with ANALYZE); requests reuse them for a few seconds. The whole list's is
// asked once for every filter, and a filter's is asked again by its next pages and by refreshes:
// without the cache every page of a filtered list planned its filter once more before its statement.
const estimates = new Map<string, { value: number; at: number }>();
const ESTIMATE_TTL_MS = 15_000;
const ESTIMATES_KEPT = 10_000;

async function cachedEstimate(tx: TenantTx, moduleId: string, key: string, where: SQL): Promise<number> {
  const cached = estimates.get(key);
  if (cached && Date.now() - cached.at < ESTIMATE_TTL_MS) return cached.value;
  const value = await estimateRows(tx, moduleId, where);
  if (estimates.size >= ESTIMATES_KEPT) estimates.clear();
  estimates.set(key, { value, at: Date.now() });
  return value;
}

/** An exact count when it stayed within the cap, else the estimate (at least past the cap). */
export function resolveCount(exact: number | null, estimate: number): ListCount {
  if (exact !== null && exact <= EXACT_COUNT_LIMIT) return { value: exact, estimate: false };
  return { value: Math.max(Math.round(estimate), exact ?? 0), estimate: true };
}

/** An exact count if the planner expects a countable number, else its estimate. */
export async function countRows(
  tx: TenantTx,
  moduleId: string,
  where: SQL,
  estimateWhere: SQL,
): Promise<ListCount> {
  const estimate = await estimateRows(tx, moduleId, estimateWhere);
  if (estimate > ESTIMATE_ONLY_ABOVE) return resolveCount(null, estimate);
  const rows = await readRows<{ n: number }>(tx, sql`SELECT ${cappedCountSql(where)} AS n`);
  return resolveCount(Number(rows[0]?.n ?? 0), estimate);
}

/**
 * How long a count the user asked for (exactCount) may run; past it the estimate is answered,
 * still flagged. Counting ran at about 3 million rows a second on the benchmark machine
 * (bench/RESULTS.md, "Exact counts": 200,000 in 62 ms), so this counts apps of millions of
 * entries even on a busy machine. Tests shorten it.
 */
export const EXACT_COUNT_TIMEOUT = { ms: 5_000 };

/**
 * The rows of `statement` run with EXACT_COUNT_TIMEOUT as its statement_timeout, or null when it ran
 * out. Send it last in a request: on a transaction's connection (no reader pool) the timeout
 * leaves the transaction failed, and only its rollback (which undoes the SET too) follows.
 */
export async function withinCountTimeout<Row>(tx: TenantTx, statement: SQL): Promise<Row[] | null> {
  const client = connectionOf(tx);
  await client.query(`SET statement_timeout = ${Math.max(1, Math.round(EXACT_COUNT_TIMEOUT.ms))}`);
  try {
    return await readRows<Row>(tx, statement);
  } catch (error) {
    if ((error as { code?: string }).code === QUERY_CANCELED) return null;
    throw error;
  } finally {
    // Back to the session's own; fails only in a failed transaction, whose rollback resets it.
    await client.query('RESET statement_timeout').catch(() => undefined);
  }
}

const QUERY_CANCELED = '57014';

/** count(*) of every row matching `where` within EXACT_COUNT_TIMEOUT; null when it ran out. */
export async function exactCount(tx: TenantTx, where: SQL): Promise<number | null> {
  const rows = await withinCountTimeout<{ n: number }>(tx, exactCountSql(where));
  return rows === null ? null : Number(rows[0]?.n ?? 0);
}

/**
 * The page with its estimated counts counted exactly (exactCount), each within EXACT_COUNT_TIMEOUT;
 * a count that ran out stays the estimate. Its statements come last in the request (see
 * withinCountTimeout).
 */
export async function countPageExactly(tx: TenantTx, query: ListQuery, page: ListPage): Promise<ListPage> {
  let { filtered, total } = page;
  if (filtered.estimate) {
    const n = await exactCount(tx, query.where);
    if (n === null) return page;
    filtered = { value: n, estimate: false };
    if (!query.narrowed) total = filtered;
  }
  if (total.estimate) {
    const n = await exactCount(tx, query.scope);
    if (n !== null) total = { value: n, estimate: false };
  }
  return { ...page, filtered, total };
}

type PageRow = RawRecordRow & {
  filtered_count: number | null;
  total_count: number | null;
  app_stands?: boolean;
};

export interface ListPage {
  rows: RawRecordRow[];
  filtered: ListCount;
  total: ListCount;
  /** False when the query's appStands condition failed (the rows are then not to be used). */
  appStands: boolean;
}

/** A query's page statements, built once each (a built query is kept and asked again: service). */
const pageStatements = new WeakMap<ListQuery, Map<string, SQL>>();

/** One page of a list with recordsFiltered and recordsTotal: a plan or two, then one statement. */
export async function readPage(tx: TenantTx, query: ListQuery): Promise<ListPage> {
  const estTotal = await cachedEstimate(tx, query.moduleId, query.scopeKey, query.estimateScope);
  const estFiltered = query.narrowed
    ? await cachedEstimate(tx, query.moduleId, `${query.scopeKey}|${query.narrowingKey}`, query.estimateWhere)
    : estTotal;
  const countTotal = query.narrowed && estTotal <= ESTIMATE_ONLY_ABOVE;

  let rows: PageRow[] | null = null;
  let knownOverCap = false;
  if (query.narrowed && estFiltered <= FENCE_AT_MOST) {
    rows = await readRows<PageRow>(
      tx,
      keptPer(pageStatements, query, `fenced|${countTotal}`, () => fencedPageSql(query, countTotal)),
    );
    // The planner was far off and the fence hit the cap: its page would be incomplete.
    if (Number(rows[0]?.filtered_count ?? 0) > EXACT_COUNT_LIMIT) {
      rows = null;
      knownOverCap = true;
    }
  }
  const counts = { filtered: !knownOverCap && estFiltered <= ESTIMATE_ONLY_ABOVE, total: countTotal };
  rows ??= await readRows<PageRow>(
    tx,
    keptPer(pageStatements, query, `page|${counts.filtered}|${counts.total}`, () => pageSql(query, counts)),
  );

  const first = rows[0];
  const exactFiltered = knownOverCap ? EXACT_COUNT_LIMIT + 1 : nullableCount(first?.filtered_count);
  const filtered = resolveCount(exactFiltered, estFiltered);
  const total = query.narrowed ? resolveCount(nullableCount(first?.total_count), estTotal) : filtered;
  const appStands = first?.app_stands ?? true;
  return { rows: rows.filter((row) => row.id !== null), filtered, total, appStands };
}

const nullableCount = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** Full names of users by id (ids that are not uuids are skipped). */
export async function userNames(tx: TenantTx, ids: Iterable<string>): Promise<Map<string, string>> {
  const valid = [...new Set(ids)].filter(isUuid).map((id) => id.toLowerCase());
  if (valid.length === 0) return new Map();
  const { rows } = await tx.execute(
    sql`SELECT id::text AS id, fullname FROM users WHERE id = ANY (${sql.param(valid)}::uuid[])`,
  );
  return new Map((rows as Array<{ id: string; fullname: string }>).map((row) => [row.id, row.fullname]));
}
