import { sql, type SQL } from 'drizzle-orm';
import { INSTANCE_STATUSES, type InstanceStatusCounts } from '@formloop/contracts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { rowsOf } from '../../platform/database/sql-helpers.ts';

// Counting without counting everything (DESIGN.md: never an exact count(*) over more than 100k
// rows): a count stops one row past the limit, and past it the planner's estimate stands in.

export const EXACT_COUNT_LIMIT = 100_000;

export interface Counted {
  n: number;
  /** The count passed EXACT_COUNT_LIMIT: n is the planner's estimate. */
  estimated: boolean;
}

const capped = (matching: SQL) =>
  sql`(SELECT count(*)::int FROM (${matching} LIMIT ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}) AS capped)`;

/** The planner's row estimate for `matching`; never fewer than the rows actually counted. */
async function plannedRows(tx: TenantTx, matching: SQL, counted: number): Promise<number> {
  const plan = await rowsOf<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
    tx,
    sql`EXPLAIN (FORMAT JSON) ${matching}`,
  );
  const planned = Math.round(plan[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
  return Math.max(counted, planned);
}

/** The rows `matching` (a `SELECT 1 FROM … WHERE …`) selects: exact up to the limit, estimated past it. */
export async function countRows(tx: TenantTx, matching: SQL): Promise<Counted> {
  const [row] = await rowsOf<{ n: number }>(tx, sql`SELECT ${capped(matching)} AS n`);
  const n = row?.n ?? 0;
  if (n <= EXACT_COUNT_LIMIT) return { n, estimated: false };
  return { n: await plannedRows(tx, matching, n), estimated: true };
}

/**
 * Instances per status matching `where` (over workflow_instances aliased `i`), one capped count per
 * status in one statement (the status index serves each).
 */
export async function countByStatus(
  tx: TenantTx,
  where: SQL,
): Promise<{ counts: InstanceStatusCounts; estimated: boolean }> {
  const matching = (status: string) =>
    sql`SELECT 1 FROM workflow_instances i WHERE ${where} AND i.status = ${status}`;
  const columns = INSTANCE_STATUSES.map(
    (status) => sql`${capped(matching(status))} AS ${sql.identifier(status)}`,
  );
  const [row] = await rowsOf<InstanceStatusCounts>(tx, sql`SELECT ${sql.join(columns, sql`, `)}`);
  const counts = { ...row! };
  let estimated = false;
  for (const status of INSTANCE_STATUSES) {
    if (counts[status] > EXACT_COUNT_LIMIT) {
      counts[status] = await plannedRows(tx, matching(status), counts[status]);
      estimated = true;
    }
  }
  return { counts, estimated };
}

export const sumCounts = (counts: InstanceStatusCounts): number =>
  INSTANCE_STATUSES.reduce((total, status) => total + counts[status], 0);
