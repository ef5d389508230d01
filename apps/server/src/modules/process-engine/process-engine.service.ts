import {
  msg,
  INSTANCE_STATUSES,
  type EmailLog,
  type EmailLogQuery,
  type InstanceList,
  type InstanceListQuery,
  type InstanceStatusCounts,
  type ProcessDashboard,
  type ProcessDefinition,
  type ProcessInstanceDetail,
} from '@formloop/contracts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { findPreference, toPreference } from '../organization/index.ts';
import { EXACT_COUNT_LIMIT, countByStatus, countRows, sumCounts } from './process-counts.ts';
import * as repo from './process-engine.repository.ts';
import { emailLogPage, throughput } from './process-stats.repository.ts';
import {
  activityRef,
  definitionsOf,
  iso,
  toEmailLogRow,
  toHistoryEntry,
  toInstanceRow,
} from './process-views.ts';

// The read side of the process engine pages (system administrators only; the routes check the
// role): definitions, instances by status, one instance, the dashboard's numbers and the e-mail log.

const zeroCounts = (): InstanceStatusCounts =>
  Object.fromEntries(INSTANCE_STATUSES.map((status) => [status, 0])) as InstanceStatusCounts;

export function createProcessEngineService(db: TenantDb) {
  return {
    /** Apps with a published workflow and their instances by status. */
    definitions: (ctx: CallContext): Promise<ProcessDefinition[]> =>
      db.readInTenant(ctx.tenantId, async (tx) => {
        const apps = await repo.definitions(tx, ctx.tenantId);
        const counts = await repo.instanceCountsByApp(
          tx,
          ctx.tenantId,
          apps.map((app) => app.module_id),
        );
        const byApp = new Map(apps.map((app) => [app.module_id, zeroCounts()]));
        for (const count of counts) {
          // A count stopped one past the limit reads as the limit: "at least" is all it knows.
          byApp.get(count.module_id)![count.status] = Math.min(count.n, EXACT_COUNT_LIMIT);
        }
        return apps.map((app) => ({
          module_id: app.module_id,
          display_name: app.display_name,
          published_version: app.published_version,
          published_on: app.published_on === null ? null : iso(app.published_on),
          activity_count: app.activity_count,
          instances: byApp.get(app.module_id)!,
        }));
      }),

    /** A page of instances (newest first) with the status tabs' counts under the same app and search. */
    instances: (ctx: CallContext, input: InstanceListQuery): Promise<InstanceList> =>
      db.readInTenant(ctx.tenantId, async (tx) => {
        const filter = { status: input.status, moduleId: input.moduleId, search: input.search };
        const rows = await repo.instancePage(tx, ctx.tenantId, filter, {
          offset: (input.page - 1) * input.length,
          limit: input.length,
        });
        const pinnedOf = await definitionsOf(tx, ctx.tenantId, rows);
        const tabs = await countByStatus(tx, repo.instanceWhere(ctx.tenantId, filter));
        const total = await countRows(
          tx,
          repo.matchingInstances(repo.instanceWhere(ctx.tenantId, { search: '' })),
        );
        return {
          records: rows.map((row) => toInstanceRow(row, pinnedOf(row))),
          recordsTotal: total.n,
          recordsFiltered: input.status ? tabs.counts[input.status] : sumCounts(tabs.counts),
          statusCounts: tabs.counts,
          estimated: tabs.estimated || total.estimated,
        };
      }),

    /** One instance: where it is, its open tasks, its fault and its history. */
    instance: (ctx: CallContext, id: string): Promise<ProcessInstanceDetail> =>
      db.readInTenant(ctx.tenantId, async (tx) => {
        const row = isUuid(id) ? await repo.findInstance(tx, ctx.tenantId, id.toLowerCase()) : null;
        if (!row) throw notFound(msg('processEngine.instanceNotFound'));
        const pinned = (await definitionsOf(tx, ctx.tenantId, [row]))(row);
        const tasks = await repo.openTasks(tx, ctx.tenantId, row.id);
        const history = await repo.instanceHistory(tx, ctx.tenantId, row);
        return {
          ...toInstanceRow(row, pinned),
          fault_activity: row.fault_activity_id ? activityRef(pinned, row.fault_activity_id) : null,
          returned_to_initiator: row.state.returnedToInitiator === true,
          open_tasks: tasks.map((task) => ({
            id: task.id,
            activity_title: task.activity_title,
            assignees: task.assignees,
            started_on: iso(task.started_on),
          })),
          history: history.map(toHistoryEntry),
        };
      }),

    /** Counts by status and the last `days` days' throughput, in the organization's time zone. */
    dashboard: (ctx: CallContext, days: number): Promise<ProcessDashboard> =>
      db.readInTenant(ctx.tenantId, async (tx) => {
        const { counts, estimated } = await countByStatus(
          tx,
          repo.instanceWhere(ctx.tenantId, { search: '' }),
        );
        const zone = toPreference(await findPreference(tx, ctx.tenantId)).time_zone;
        const perDay = await throughput(tx, ctx.tenantId, days, zone);
        return { counts, estimated, throughput: perDay.rows, timeZone: perDay.timeZone };
      }),

    /** A page of the event e-mails' send log, newest first. */
    emailLog: (ctx: CallContext, input: EmailLogQuery): Promise<EmailLog> =>
      db.readInTenant(ctx.tenantId, async (tx) => {
        const page = await emailLogPage(
          tx,
          ctx.tenantId,
          { status: input.status, search: input.search },
          { offset: (input.page - 1) * input.length, limit: input.length },
        );
        return {
          records: page.rows.map(toEmailLogRow),
          recordsTotal: page.total.n,
          recordsFiltered: page.filtered.n,
          estimated: page.total.estimated || page.filtered.estimated,
        };
      }),
  };
}
