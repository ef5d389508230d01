import { sql, type SQL } from 'drizzle-orm';
import type { RecordSummary } from '@formloop/contracts';
import { STATUS_SQL } from '../../records/index.ts';
import { EXACT_COUNT_LIMIT, LIST_SOURCE } from './list-query.ts';

// summary/{moduleId}: the app's submitted entries by derived status (spec §4). Small apps are
// counted in one pass (the capped scope grouped by status); large ones get one planner estimate
// per status, so each status is written as plain column conditions the planner has statistics for.

export type SummaryStatus = keyof RecordSummary['byStatus'];
export const SUMMARY_STATUSES: readonly SummaryStatus[] = ['In Progress', 'Completed', 'Faulted'];

const FAULTED = sql.raw('r.workflow_status IS NOT NULL');

/** The same conditions as STATUS_SQL, one status at a time (submitted records only). */
export function statusCondition(status: SummaryStatus): SQL {
  const faulted = sql`${STATUS_SQL} = 'Faulted'`;
  switch (status) {
    case 'Faulted':
      // workflow_status IS NOT NULL first: a condition with statistics narrows the estimate.
      return sql`${FAULTED} AND ${faulted}`;
    case 'Completed':
      return sql`r.workflow_completed_on IS NOT NULL AND NOT (${FAULTED} AND ${faulted})`;
    case 'In Progress':
      return sql`r.workflow_completed_on IS NULL AND r.workflow_started_on IS NOT NULL AND r.workflow_faulted_on IS NULL AND NOT (${FAULTED} AND ${faulted})`;
  }
}

/**
 * Derived status and count of the first EXACT_COUNT_LIMIT + 1 rows of `scope`, or of all of them
 * when `capped` is false (the user asked for exact figures).
 */
export function statusCountsSql(scope: SQL, capped = true): SQL {
  const limit = capped ? sql` LIMIT ${sql.raw(String(EXACT_COUNT_LIMIT + 1))}` : sql``;
  return sql`SELECT s.status, count(*)::float8 AS n
FROM (SELECT ${STATUS_SQL} AS status FROM ${LIST_SOURCE} r WHERE ${scope}${limit}) AS s
GROUP BY s.status`;
}
