import {
  msg,
  SCHEDULE_PREVIEW_RUNS,
  type ScheduleActivities,
  type ScheduleDataTable,
  type ScheduleDetail,
  type SchedulePreview,
  type ScheduleStatus,
  type deleteScheduleBodySchema,
  type saveScheduleBodySchema,
  type scheduleActionBodySchema,
  type scheduleActivitiesQuerySchema,
  type scheduleDataTableRequestSchema,
  type schedulePreviewBodySchema,
  type MessageRef,
} from '@formloop/contracts';
import { START_ACTIVITY_ID } from '@formloop/domain';
import type { z } from 'zod';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { AppError, badRequest, fieldError, notFound } from '../../platform/http/errors.ts';
import { badFieldText } from '../../platform/http/message-text.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { organizationZone } from '../organization/index.ts';
import { acceptTimeZone } from '../profile/index.ts';
import {
  recordAppAccess,
  requireGranted,
  type RecordAppAccess,
  prepareRecordValues,
  auditValues,
} from '../records/index.ts';
import { nextRunAfter, nextRuns, parseSchedule, type CronSchedule } from './schedule-timing.ts';
import { toActivity, toScheduleDetail, toScheduleRow } from './schedule-views.ts';
import * as repo from './task-scheduler.repository.ts';
import type { ScheduleRecord } from './task-scheduler.repository.ts';

// The schedules of an app (spec §7 /api/TaskScheduler/*): who may create records in the app
// manages its schedules (the records' create grant, builders all); others get 403, and ids of
// other tenants, apps the caller cannot see and unknown schedules 404. One transaction per
// command, with its activity log row and its audit row.

type SaveBody = z.output<typeof saveScheduleBodySchema>;
type ActionBody = z.output<typeof scheduleActionBodySchema>;
type DeleteBody = z.output<typeof deleteScheduleBodySchema>;
type ListRequest = z.output<typeof scheduleDataTableRequestSchema>;
type ActivitiesQuery = z.output<typeof scheduleActivitiesQuerySchema>;
type PreviewBody = z.output<typeof schedulePreviewBodySchema>;

const audit = auditorFor('task-schedule');
const scheduleMissing = () => notFound(msg('taskScheduler.notFound'));

/** The caller's access to the app, refused (403) unless they may create its records. */
async function creatorAccess(
  tx: TenantTx,
  tenantId: string,
  auth: RequestAuth,
  moduleId: string,
): Promise<RecordAppAccess> {
  const access = await recordAppAccess(tx, tenantId, auth, moduleId);
  requireGranted(access.can, 'create');
  return access;
}

/** The schedule (404 for unknown, malformed and other tenants' ids) once the caller may manage its app. */
async function managedSchedule(
  tx: TenantTx,
  tenantId: string,
  auth: RequestAuth,
  id: string,
  lock = false,
): Promise<{ schedule: ScheduleRecord; access: RecordAppAccess }> {
  const schedule = isUuid(id) ? await repo.findSchedule(tx, tenantId, id.toLowerCase(), lock) : null;
  if (!schedule) throw scheduleMissing();
  const access = await creatorAccess(tx, tenantId, auth, schedule.module_id);
  return { schedule, access };
}

/** The zone a schedule reads its cron in: the one given (checked), else the organization's. */
async function zoneOf(tx: TenantTx, tenantId: string, given: string | undefined): Promise<string> {
  if (given !== undefined) {
    const zone = acceptTimeZone(given);
    if (zone === null) {
      throw badRequest(msg('taskScheduler.invalidTimeZone'), [
        fieldError('time_zone', msg('taskScheduler.invalidTimeZone')),
      ]);
    }
    return zone;
  }
  return organizationZone(tx, tenantId);
}

function scheduleOrBadRequest(cron: string, timeZone: string): CronSchedule {
  const parsed = parseSchedule(cron, timeZone);
  if ('error' in parsed) throw badFieldText('cron', parsed.error);
  return parsed.schedule;
}

/** The values each record starts with, checked like a record save (fields under record_values.). */
async function checkedValues(access: RecordAppAccess, body: SaveBody, now: Date) {
  try {
    return await prepareRecordValues(access.definition, body.record_values, {
      activityId: START_ACTIVITY_ID,
      now,
      mode: body.submit ? 'submit' : 'draft',
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
    const errors = error.errors?.map((problem) => ({ ...problem, field: `record_values.${problem.field}` }));
    throw badRequest({ key: error.key, params: error.params } as MessageRef, errors);
  }
}

const nextDue = (schedule: CronSchedule, status: ScheduleStatus, now: Date) =>
  status === 'active' ? nextRunAfter(schedule, now) : null;

export function createTaskSchedulerService(db: TenantDb) {
  const detailOf = async (tx: TenantTx, tenantId: string, id: string, now: Date) =>
    toScheduleDetail((await repo.findSchedule(tx, tenantId, id))!, now);

  return {
    /** POST save: a new schedule of the app, or changes to one (made as the saver from now on). */
    save(ctx: CallContext, auth: RequestAuth, body: SaveBody): Promise<ScheduleDetail> {
      const now = new Date();
      return db.inTenant(ctx.tenantId, async (tx) => {
        const existing = body.schedule_id
          ? await managedSchedule(tx, ctx.tenantId, auth, body.schedule_id, true)
          : null;
        if (existing && existing.schedule.module_id !== body.module_id.toLowerCase()) throw scheduleMissing();
        const access = existing?.access ?? (await creatorAccess(tx, ctx.tenantId, auth, body.module_id));
        const timeZone = await zoneOf(tx, ctx.tenantId, body.time_zone ?? existing?.schedule.time_zone);
        const schedule = scheduleOrBadRequest(body.cron, timeZone);
        const recordValues = await checkedValues(access, body, now);
        const before = existing?.schedule;
        // A schedule whose timing did not change keeps its due run (it may be due right now).
        const sameTiming =
          before?.status === 'active' &&
          body.status === 'active' &&
          before.cron === body.cron &&
          before.time_zone === timeZone;
        const values = {
          name: body.name,
          cron: body.cron,
          timeZone,
          status: body.status,
          recordValues,
          submit: body.submit,
          runAs: auth.userId,
          nextRunAt: sameTiming ? before.next_run_at : nextDue(schedule, body.status, now),
        };
        let id: string;
        if (before) {
          id = before.id;
          await repo.updateSchedule(tx, ctx.tenantId, id, values, auth.userId);
        } else {
          id = await repo.insertSchedule(
            tx,
            ctx.tenantId,
            { ...values, moduleId: access.app.id },
            auth.userId,
          );
        }
        await repo.insertActivity(tx, ctx.tenantId, {
          scheduleId: id,
          scheduledFor: now,
          outcome: 'saved',
          userId: auth.userId,
        });
        const saved = (await repo.findSchedule(tx, ctx.tenantId, id))!;
        const auditView = (row: ScheduleRecord) => ({
          ...toScheduleRow(row),
          record_values: auditValues(access.definition, row.record_values),
        });
        await audit(tx, ctx, auth, {
          entityId: id,
          action: before ? 'task-schedule-updated' : 'task-schedule-created',
          before: before ? auditView(before) : null,
          after: auditView(saved),
        });
        return toScheduleDetail(saved, now);
      });
    },

    /** POST action (schedule_id, status): pause, or resume from the next run after now. */
    action(ctx: CallContext, auth: RequestAuth, body: ActionBody): Promise<ScheduleDetail> {
      const now = new Date();
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { schedule } = await managedSchedule(tx, ctx.tenantId, auth, body.schedule_id, true);
        if (schedule.status === body.status) return toScheduleDetail(schedule, now);
        const timing = scheduleOrBadRequest(schedule.cron, schedule.time_zone);
        const change = { status: body.status, nextRunAt: nextDue(timing, body.status, now) };
        await repo.setScheduleStatus(tx, ctx.tenantId, schedule.id, change, auth.userId);
        await repo.insertActivity(tx, ctx.tenantId, {
          scheduleId: schedule.id,
          scheduledFor: now,
          outcome: body.status === 'paused' ? 'paused' : 'resumed',
          userId: auth.userId,
        });
        await audit(tx, ctx, auth, {
          entityId: schedule.id,
          action: body.status === 'paused' ? 'task-schedule-paused' : 'task-schedule-resumed',
          before: { status: schedule.status },
          after: { status: body.status },
        });
        return detailOf(tx, ctx.tenantId, schedule.id, now);
      });
    },

    /** POST delete: the schedule and its activity log. */
    remove(ctx: CallContext, auth: RequestAuth, body: DeleteBody): Promise<{ deleted: number }> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { schedule } = await managedSchedule(tx, ctx.tenantId, auth, body.schedule_id, true);
        const deleted = await repo.deleteSchedule(tx, ctx.tenantId, schedule.id);
        await audit(tx, ctx, auth, {
          entityId: schedule.id,
          action: 'task-schedule-deleted',
          before: toScheduleRow(schedule),
          after: null,
        });
        return { deleted };
      });
    },

    /** GET {id}/detail. */
    detail(ctx: CallContext, auth: RequestAuth, id: string): Promise<ScheduleDetail> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const { schedule } = await managedSchedule(tx, ctx.tenantId, auth, id);
        return toScheduleDetail(schedule, new Date());
      });
    },

    /** GET {id}/activities: newest first, page 1 and length 10 unless asked otherwise. */
    activities(
      ctx: CallContext,
      auth: RequestAuth,
      id: string,
      query: ActivitiesQuery,
    ): Promise<ScheduleActivities> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const { schedule } = await managedSchedule(tx, ctx.tenantId, auth, id);
        const page = { offset: (query.page - 1) * query.length, limit: query.length };
        const rows = await repo.activityPage(tx, ctx.tenantId, schedule.id, page);
        const recordsTotal = await repo.activityCount(tx, ctx.tenantId, schedule.id);
        return { data: rows.map(toActivity), recordsTotal };
      });
    },

    /** POST datatables: the app's schedules. */
    list(ctx: CallContext, auth: RequestAuth, request: ListRequest): Promise<ScheduleDataTable> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const access = await creatorAccess(tx, ctx.tenantId, auth, request.module_id);
        const query = {
          moduleId: access.app.id,
          search: request.search,
          orders: request.orders,
          offset: (request.page - 1) * request.length,
          limit: request.length,
        };
        const rows = await repo.schedulePage(tx, ctx.tenantId, query);
        const counts = await repo.scheduleCounts(tx, ctx.tenantId, query);
        return { data: rows.map(toScheduleRow), ...counts };
      });
    },

    /** POST preview: is the expression valid, and when would it run next in that zone. */
    preview(ctx: CallContext, body: PreviewBody): Promise<SchedulePreview> {
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const timeZone = await zoneOf(tx, ctx.tenantId, body.time_zone);
        const schedule = scheduleOrBadRequest(body.cron, timeZone);
        const runs = nextRuns(schedule, new Date(), SCHEDULE_PREVIEW_RUNS);
        return { time_zone: timeZone, next_runs: runs.map((run) => run.toISOString()) };
      });
    },
  };
}
