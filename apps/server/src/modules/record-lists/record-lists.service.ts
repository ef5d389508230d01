import { sql } from 'drizzle-orm';
import type { RecordDataTable, RecordDataTableQuery, RecordRow, RecordSummary } from '@formloop/contracts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
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
import { SUMMARY_STATUSES, statusCondition, statusCountsSql } from './record-query/summary-query.ts';
import { EXACT_COUNT_LIMIT } from './record-query/list-query.ts';
import {
  ESTIMATE_ONLY_ABOVE,
  countRows,
  estimateRows,
  readPage,
  type ListPage,
  resolveCount,
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
      query = queryOf(ctx, auth, remembered, request, drafts);
    } catch {
      return null;
    }
    query.appStands = appStandsSql(ctx.tenantId, callerOf(auth), remembered.app);
    const page = await readPage(tx, query);
    return page.appStands ? answerOf(query, page) : null;
  }

  async function table(ctx: CallContext, auth: RequestAuth, request: RecordDataTableQuery, drafts: boolean) {
    return db.readInTenant(ctx.tenantId, async (tx): Promise<RecordDataTable> => {
      const fast = await rememberedPage(tx, ctx, auth, request, drafts);
      if (fast) return fast;
      const app = await recordAppOr404(tx, ctx.tenantId, callerOf(auth), request.moduleId);
      rememberApp(ctx.tenantId, app);
      const query = queryOf(ctx, auth, app, request, drafts);
      return answerOf(query, await readPage(tx, query));
    });
  }

  return {
    /** Spec §7 datatables: the app's submitted records. */
    datatables: (ctx: CallContext, auth: RequestAuth, request: RecordDataTableQuery) =>
      table(ctx, auth, request, false),

    /** Spec §7 draftdatatables: the caller's own drafts of the app. */
    draftDatatables: (ctx: CallContext, auth: RequestAuth, request: RecordDataTableQuery) =>
      table(ctx, auth, request, true),

    /** Spec §7 summary/{moduleId}: submitted entries by status, and the caller's drafts. */
    async summary(ctx: CallContext, auth: RequestAuth, moduleId: string): Promise<RecordSummary> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const { app } = await recordAppOr404(tx, ctx.tenantId, callerOf(auth), moduleId);
        const submitted: ListScope = { tenantId: ctx.tenantId, moduleId: app.id };
        const mine: ListScope = { ...submitted, draftsOf: auth.userId };
        const drafts = await countRows(tx, scopeSql(mine), scopeSql(mine, false));
        const estimate = await estimateRows(tx, scopeSql(submitted, false));
        const byStatus: RecordSummary['byStatus'] = { 'In Progress': 0, Completed: 0, Faulted: 0 };

        if (estimate <= ESTIMATE_ONLY_ABOVE) {
          const { rows } = await tx.execute(statusCountsSql(scopeSql(submitted)));
          const counts = rows as Array<{ status: string; n: number }>;
          const total = counts.reduce((sum, row) => sum + Number(row.n), 0);
          if (total <= EXACT_COUNT_LIMIT) {
            for (const row of counts)
              if (row.status in byStatus) byStatus[row.status as keyof typeof byStatus] = Number(row.n);
            return { total, countIsEstimate: false, byStatus, drafts: drafts.value };
          }
        }
        // Too many to count: the total is the planner's estimate, each status an estimate or, when
        // small, an exact count.
        for (const status of SUMMARY_STATUSES) {
          const condition = statusCondition(status);
          const count = await countRows(
            tx,
            sql`${scopeSql(submitted)} AND ${condition}`,
            sql`${scopeSql(submitted, false)} AND ${condition}`,
          );
          byStatus[status] = count.value;
        }
        const total = resolveCount(null, Math.max(estimate, EXACT_COUNT_LIMIT + 1));
        return { total: total.value, countIsEstimate: true, byStatus, drafts: drafts.value };
      });
    },
  };
}
