import { sql } from 'drizzle-orm';
import type { RecordDataTable, RecordDataTableQuery, RecordRow, RecordSummary } from '@formloop/contracts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import type { CallContext } from '../identity/identity.context.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { recallApp, rememberApp, type CachedApp } from '../records/record-app-cache.ts';
import { recordAppOr404, stillPublishedFor } from '../records/record-access.ts';
import { toRecordRow, type RawRecordRow } from '../records/record-row.ts';
import { buildListQuery, scopeSql, type ListScope } from './record-query/list-query.ts';
import { SUMMARY_STATUSES, statusCondition, statusCountsSql } from './record-query/summary-query.ts';
import { EXACT_COUNT_LIMIT } from './record-query/list-query.ts';
import {
  ESTIMATE_ONLY_ABOVE,
  countRows,
  estimateRows,
  readPage,
  resolveCount,
} from './record-lists.repository.ts';

// Record lists (spec §2 /module/{moduleId}, §3 data table request, §7 datatables, draftdatatables,
// summary): what the caller may see of an app's records, one page at a time. Everything a request
// needs (the app, the caller's grant, the page and its counts) is read in one transaction.

export const callerOf = (auth: RequestAuth) => ({ userId: auth.userId, flags: auth.flags });

/** A row as lists answer it: only the listed fields' values (never a password's). */
export function listRow(raw: RawRecordRow, dataKeys: readonly string[]): RecordRow {
  const row = toRecordRow(raw);
  const data: Record<string, unknown> = {};
  for (const key of dataKeys) if (key in row.data) data[key] = row.data[key];
  return { ...row, data };
}

/** A promise's outcome without a rejection left unheard while another is awaited first. */
const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

export function createRecordListService(db: TenantDb) {
  async function pageOf(
    tx: TenantTx,
    ctx: CallContext,
    auth: RequestAuth,
    { app, definition }: CachedApp,
    request: RecordDataTableQuery,
    drafts: boolean,
  ): Promise<RecordDataTable> {
    const scope: ListScope = {
      tenantId: ctx.tenantId,
      moduleId: app.id,
      ...(drafts ? { draftsOf: auth.userId } : {}),
    };
    const query = buildListQuery(definition, request, scope);
    const page = await readPage(tx, query);
    return {
      data: page.rows.map((raw) => listRow(raw, query.dataKeys)),
      recordsTotal: page.total.value,
      recordsFiltered: page.filtered.value,
      countIsEstimate: page.total.estimate || page.filtered.estimate,
    };
  }

  async function table(ctx: CallContext, auth: RequestAuth, request: RecordDataTableQuery, drafts: boolean) {
    return db.readInTenant(ctx.tenantId, async (tx): Promise<RecordDataTable> => {
      const caller = callerOf(auth);
      // A list is read again and again: with the app remembered, the check that it still stands
      // (version and visibility, no definitions read) and the page's first statement go out together
      // on the pipelined connection, one round trip instead of two. The page is only answered once
      // the check holds; on any doubt the full path runs.
      const remembered = isUuid(request.moduleId) ? recallApp(ctx.tenantId, request.moduleId) : null;
      if (remembered) {
        const stands = settled(stillPublishedFor(tx, ctx.tenantId, caller, remembered.app));
        const page = settled(pageOf(tx, ctx, auth, remembered, request, drafts));
        const [checked, read] = [await stands, await page];
        if (checked.ok && checked.value) {
          if (read.ok) return read.value;
          throw read.error;
        }
      }
      const app = await recordAppOr404(tx, ctx.tenantId, caller, request.moduleId);
      rememberApp(ctx.tenantId, app);
      return pageOf(tx, ctx, auth, app, request, drafts);
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
