import { sql } from 'drizzle-orm';
import type {
  RecordDataTable,
  RecordDataTableQuery,
  RecordRow,
  RecordSummary,
  SummaryCount,
} from '@formloop/contracts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import { readRows, type TenantDb, type TenantTx } from '../../platform/database/tenant-db.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import {
  recallApp,
  rememberApp,
  type CachedApp,
  appStandsSql,
  recordAppOr404,
  toRecordRow,
  type RawRecordRow,
} from '../records/index.ts';
import { buildListQuery, scopeSql, type ListQuery, type ListScope } from './record-query/list-query.ts';
import {
  SUMMARY_STATUSES,
  statusCondition,
  statusCountsSql,
  type SummaryStatus,
} from './record-query/summary-query.ts';
import { EXACT_COUNT_LIMIT } from './record-query/list-query.ts';
import { keptPer } from './kept-per.ts';
import {
  ESTIMATE_ONLY_ABOVE,
  countPageExactly,
  countRows,
  estimateRows,
  exactCount,
  readPage,
  type ListCount,
  type ListPage,
  resolveCount,
  withinCountTimeout,
} from './record-lists.repository.ts';

// Record lists (spec §2 /module/{moduleId}, §3 data table request, §7 datatables, draftdatatables,
// summary): what the caller may see of an app's records, one page at a time. Everything a request
// needs (the app, the caller's grant, the page and its counts) is read on one read-only connection
// (TenantDb.readInTenant), the caller's grant in the same statement as what it guards.

export const callerOf = (auth: RequestAuth) => ({ userId: auth.userId, flags: auth.flags });

/** A row as lists answer it: only the listed fields' values (never a password's). */
export function listRow(raw: RawRecordRow, dataKeys: readonly string[]): RecordRow {
  const row = toRecordRow(raw);
  const data: Record<string, unknown> = {};
  for (const key of dataKeys) if (key in row.data) data[key] = row.data[key];
  // Set on the fresh row rather than spread into a copy (V8 builds `{ ...row, data }` slowly).
  row.data = data;
  return row;
}

/**
 * Built list queries of a remembered app, by caller and request. A list is asked for again and
 * again with the same request (a refresh, paging back, the realtime hub's "records changed"), and
 * building its statement was about a twentieth of a list's server CPU. Kept with the app's cache
 * entry (record-app-cache.ts), so an app remembered afresh (published since) builds afresh; at most
 * LIST_QUERIES_KEPT per app, the oldest out first.
 */
const builtQueries = new WeakMap<CachedApp, Map<string, ListQuery>>();
export const LIST_QUERIES_KEPT = 100;

/** Everything a built query depends on besides the app: the caller, what they asked, drafts or not. */
const builtQueryKey = (auth: RequestAuth, request: RecordDataTableQuery, drafts: boolean) =>
  `${auth.userId}|${JSON.stringify(auth.flags)}|${drafts}|${JSON.stringify(request)}`;

export function createRecordListService(db: TenantDb) {
  const queryOf = (
    ctx: CallContext,
    auth: RequestAuth,
    { app, definition }: CachedApp,
    request: RecordDataTableQuery,
    drafts: boolean,
  ): ListQuery => {
    const scope: ListScope = {
      tenantId: ctx.tenantId,
      moduleId: app.id,
      ...(drafts ? { draftsOf: auth.userId } : {}),
    };
    return buildListQuery(definition, request, scope);
  };

  const answerOf = (query: ListQuery, page: ListPage): RecordDataTable => ({
    data: page.rows.map((raw) => listRow(raw, query.dataKeys)),
    recordsTotal: page.total.value,
    recordsFiltered: page.filtered.value,
    countIsEstimate: page.total.estimate || page.filtered.estimate,
  });

  /**
   * A list is read again and again: with the app remembered, the check that it still stands
   * (version and visibility, no definitions read) is a condition of the page's own statement, so
   * it costs no message of its own. The page is only answered when the check holds; null when it
   * failed or the remembered definition does not take the request (a field published since).
   */
  async function rememberedPage(
    tx: TenantTx,
    ctx: CallContext,
    auth: RequestAuth,
    request: RecordDataTableQuery,
    drafts: boolean,
  ): Promise<RecordDataTable | null> {
    const remembered = isUuid(request.moduleId) ? recallApp(ctx.tenantId, request.moduleId) : null;
    if (!remembered) return null;
    let query: ListQuery;
    try {
      query = keptPer(
        builtQueries,
        remembered,
        builtQueryKey(auth, request, drafts),
        () => ({
          ...queryOf(ctx, auth, remembered, request, drafts),
          appStands: appStandsSql(ctx.tenantId, callerOf(auth), remembered.app),
        }),
        LIST_QUERIES_KEPT,
      );
    } catch {
      return null;
    }
    const page = await readPage(tx, query);
    return page.appStands ? answerOf(query, await exactIfAsked(tx, request, query, page)) : null;
  }

  /** The user asked for exact figures: the estimates are counted, last in the request. */
  const exactIfAsked = (tx: TenantTx, request: RecordDataTableQuery, query: ListQuery, page: ListPage) =>
    request.exactCount === true ? countPageExactly(tx, query, page) : page;

  async function table(ctx: CallContext, auth: RequestAuth, request: RecordDataTableQuery, drafts: boolean) {
    return db.readInTenant(ctx.tenantId, async (tx): Promise<RecordDataTable> => {
      const fast = await rememberedPage(tx, ctx, auth, request, drafts);
      if (fast) return fast;
      const app = await recordAppOr404(tx, ctx.tenantId, callerOf(auth), request.moduleId);
      rememberApp(ctx.tenantId, app);
      const query = queryOf(ctx, auth, app, request, drafts);
      return answerOf(query, await exactIfAsked(tx, request, query, await readPage(tx, query)));
    });
  }

  return {
    /** Spec §7 datatables: the app's submitted records. */
    datatables: (ctx: CallContext, auth: RequestAuth, request: RecordDataTableQuery) =>
      table(ctx, auth, request, false),

    /** Spec §7 draftdatatables: the caller's own drafts of the app. */
    draftDatatables: (ctx: CallContext, auth: RequestAuth, request: RecordDataTableQuery) =>
      table(ctx, auth, request, true),

    /**
     * Spec §7 summary/{moduleId}: submitted entries by status, and the caller's drafts. With `exact`
     * (the user asked) the figures that would be estimates are counted, within EXACT_COUNT_TIMEOUT.
     */
    async summary(
      ctx: CallContext,
      auth: RequestAuth,
      moduleId: string,
      exact = false,
    ): Promise<RecordSummary> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const { app } = await recordAppOr404(tx, ctx.tenantId, callerOf(auth), moduleId);
        const submitted: ListScope = { tenantId: ctx.tenantId, moduleId: app.id };
        const mine: ListScope = { ...submitted, draftsOf: auth.userId };
        const counted = await summaryCounts(tx, submitted, mine);
        // Counted last: a count that runs out leaves nothing after it to run (withinCountTimeout).
        return exact ? countSummaryExactly(tx, submitted, mine, counted) : counted;
      });
    },
  };
}

const summaryOf = (
  total: ListCount,
  byStatus: Record<SummaryStatus, ListCount>,
  drafts: ListCount,
): RecordSummary => {
  const estimates: SummaryCount[] = [];
  if (total.estimate) estimates.push('total');
  for (const status of SUMMARY_STATUSES) if (byStatus[status].estimate) estimates.push(status);
  if (drafts.estimate) estimates.push('drafts');
  return {
    total: total.value,
    countIsEstimate: estimates.length > 0,
    estimates,
    byStatus: {
      'In Progress': byStatus['In Progress'].value,
      Completed: byStatus.Completed.value,
      Faulted: byStatus.Faulted.value,
    },
    drafts: drafts.value,
  };
};

const exactly = (value: number): ListCount => ({ value, estimate: false });

/** The total and the counts by status from statusCountsSql's rows. */
function statusCountsOf(rows: Array<{ status: string; n: number }>) {
  const byStatus: Record<SummaryStatus, ListCount> = {
    'In Progress': exactly(0),
    Completed: exactly(0),
    Faulted: exactly(0),
  };
  let total = 0;
  for (const row of rows) {
    total += Number(row.n);
    if (row.status in byStatus) byStatus[row.status as SummaryStatus] = exactly(Number(row.n));
  }
  return { total, byStatus };
}

/** The summary's figures: exact up to EXACT_COUNT_LIMIT, the planner's estimates above. */
async function summaryCounts(tx: TenantTx, submitted: ListScope, mine: ListScope): Promise<RecordSummary> {
  const drafts = await countRows(tx, mine.moduleId, scopeSql(mine), scopeSql(mine, false));
  const estimate = await estimateRows(tx, submitted.moduleId, scopeSql(submitted, false));
  if (estimate <= ESTIMATE_ONLY_ABOVE) {
    const counts = statusCountsOf(await readRows(tx, statusCountsSql(scopeSql(submitted))));
    if (counts.total <= EXACT_COUNT_LIMIT) return summaryOf(exactly(counts.total), counts.byStatus, drafts);
  }
  // Too many to count: the total is the planner's estimate, each status an estimate or, when
  // small, an exact count.
  const byStatus = {} as Record<SummaryStatus, ListCount>;
  for (const status of SUMMARY_STATUSES) {
    const condition = statusCondition(status);
    byStatus[status] = await countRows(
      tx,
      submitted.moduleId,
      sql`${scopeSql(submitted)} AND ${condition}`,
      sql`${scopeSql(submitted, false)} AND ${condition}`,
    );
  }
  return summaryOf(resolveCount(null, Math.max(estimate, EXACT_COUNT_LIMIT + 1)), byStatus, drafts);
}

/** `counted` with its estimates counted exactly, each within EXACT_COUNT_TIMEOUT (else kept). */
async function countSummaryExactly(
  tx: TenantTx,
  submitted: ListScope,
  mine: ListScope,
  counted: RecordSummary,
): Promise<RecordSummary> {
  const was = (key: SummaryCount, value: number): ListCount => ({
    value,
    estimate: counted.estimates.includes(key),
  });
  let total = was('total', counted.total);
  let byStatus: Record<SummaryStatus, ListCount> = {
    'In Progress': was('In Progress', counted.byStatus['In Progress']),
    Completed: was('Completed', counted.byStatus.Completed),
    Faulted: was('Faulted', counted.byStatus.Faulted),
  };
  let drafts = was('drafts', counted.drafts);
  if (drafts.estimate) {
    const n = await exactCount(tx, scopeSql(mine));
    if (n === null) return counted;
    drafts = exactly(n);
  }
  if (counted.estimates.some((key) => key !== 'drafts')) {
    const rows = await withinCountTimeout<{ status: string; n: number }>(
      tx,
      statusCountsSql(scopeSql(submitted), false),
    );
    if (rows !== null) {
      const counts = statusCountsOf(rows);
      total = exactly(counts.total);
      byStatus = counts.byStatus;
    }
  }
  return summaryOf(total, byStatus, drafts);
}
