import { sql, type SQL } from 'drizzle-orm';
import type { SCHEDULE_SORT_COLUMNS, ScheduleOutcome, ScheduleStatus } from '@formloop/contracts';
import type { UserKind } from '@formloop/domain';
import type { Db, TenantTx } from '../../platform/database/tenant-db.ts';
import { containsPattern, rowsOf } from '../../platform/database/sql-helpers.ts';

// Schedules and their activity log (tables task_schedules, task_schedule_activities). Tenant first,
// and filtered on it (RLS is the second wall); joined users are matched on the tenant too.

export interface ScheduleRecord {
  id: string;
  tenant_id: string;
  module_id: string;
  name: string;
  cron: string;
  time_zone: string;
  status: ScheduleStatus;
  record_values: Record<string, unknown>;
  submit: 'submit' | 'draft';
  run_as: string;
  run_as_name: string | null;
  next_run_at: Date | null;
  last_run_at: Date | null;
  created_by: string;
  created_by_name: string | null;
  created_on: Date;
  modified_by: string | null;
  modified_on: Date;
}

export interface ActivityRecord {
  seq: string;
  outcome: ScheduleOutcome;
  scheduled_for: Date;
  ran_on: Date;
  record_id: string | null;
  message: string | null;
  user_name: string | null;
}

export type ScheduleSortColumn = (typeof SCHEDULE_SORT_COLUMNS)[number];

const SCHEDULE_COLUMNS = sql`s.id, s.tenant_id, s.module_id, s.name, s.cron, s.time_zone, s.status,
  s.record_values, s.submit, s.run_as, ru.fullname AS run_as_name, s.next_run_at, s.last_run_at,
  s.created_by, cu.fullname AS created_by_name, s.created_on, s.modified_by, s.modified_on`;

const SCHEDULE_JOINS = sql`LEFT JOIN users ru ON ru.id = s.run_as AND ru.tenant_id = s.tenant_id
  LEFT JOIN users cu ON cu.id = s.created_by AND cu.tenant_id = s.tenant_id`;

/** One schedule with its people's names; locked for the rest of the transaction with `lock`. */
export async function findSchedule(
  tx: TenantTx,
  tenantId: string,
  id: string,
  lock = false,
): Promise<ScheduleRecord | null> {
  const rows = await rowsOf<ScheduleRecord>(
    tx,
    sql`SELECT ${SCHEDULE_COLUMNS} FROM task_schedules s ${SCHEDULE_JOINS}
        WHERE s.tenant_id = ${tenantId} AND s.id = ${id}
        ${lock ? sql`FOR UPDATE OF s` : sql``}`,
  );
  return rows[0] ?? null;
}

export interface ScheduleValues {
  moduleId: string;
  name: string;
  cron: string;
  timeZone: string;
  status: ScheduleStatus;
  recordValues: Record<string, unknown>;
  submit: boolean;
  runAs: string;
  nextRunAt: Date | null;
}

export async function insertSchedule(
  tx: TenantTx,
  tenantId: string,
  values: ScheduleValues,
  userId: string,
): Promise<string> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`INSERT INTO task_schedules (tenant_id, module_id, name, cron, time_zone, status, record_values,
                                    submit, run_as, next_run_at, created_by, modified_by)
        VALUES (${tenantId}, ${values.moduleId}, ${values.name}, ${values.cron}, ${values.timeZone},
                ${values.status}, ${JSON.stringify(values.recordValues)}::jsonb,
                ${values.submit ? 'submit' : 'draft'}, ${values.runAs}, ${values.nextRunAt}, ${userId}, ${userId})
        RETURNING id`,
  );
  return rows[0]!.id;
}

export async function updateSchedule(
  tx: TenantTx,
  tenantId: string,
  id: string,
  values: Omit<ScheduleValues, 'moduleId'>,
  userId: string,
): Promise<void> {
  await tx.execute(sql`
    UPDATE task_schedules
       SET name = ${values.name}, cron = ${values.cron}, time_zone = ${values.timeZone},
           status = ${values.status}, record_values = ${JSON.stringify(values.recordValues)}::jsonb,
           submit = ${values.submit ? 'submit' : 'draft'}, run_as = ${values.runAs},
           next_run_at = ${values.nextRunAt}, modified_by = ${userId}, modified_on = now()
     WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

/** Pause or resume: the status and the next due run change together. */
export async function setScheduleStatus(
  tx: TenantTx,
  tenantId: string,
  id: string,
  change: { status: ScheduleStatus; nextRunAt: Date | null },
  userId: string | null,
): Promise<void> {
  await tx.execute(sql`
    UPDATE task_schedules
       SET status = ${change.status}, next_run_at = ${change.nextRunAt},
           modified_by = coalesce(${userId}::uuid, modified_by), modified_on = now()
     WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

export async function deleteSchedule(tx: TenantTx, tenantId: string, id: string): Promise<number> {
  const result = await tx.execute(
    sql`DELETE FROM task_schedules WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
  return result.rowCount ?? 0;
}

// ---- The app's schedules ----------------------------------------------------------------------

export interface ScheduleListQuery {
  moduleId: string;
  search: string;
  orders: Array<{ column: ScheduleSortColumn; dir: 'asc' | 'desc' }>;
  offset: number;
  limit: number;
}

const SORT_SQL: Record<ScheduleSortColumn, SQL> = {
  name: sql`lower(s.name)`,
  next_run_at: sql`s.next_run_at`,
  last_run_at: sql`s.last_run_at`,
  status: sql`s.status`,
  modified_on: sql`s.modified_on`,
};

const searchOf = (search: string): SQL =>
  search === ''
    ? sql``
    : sql`AND (s.name ILIKE ${containsPattern(search)} OR s.cron ILIKE ${containsPattern(search)})`;

export async function schedulePage(
  tx: TenantTx,
  tenantId: string,
  query: ScheduleListQuery,
): Promise<ScheduleRecord[]> {
  const orders = query.orders.map(
    ({ column, dir }) => sql`${SORT_SQL[column]} ${dir === 'asc' ? sql`ASC` : sql`DESC`} NULLS LAST`,
  );
  // Newest first unless asked otherwise; the id keeps pages stable between equal keys.
  const orderBy = sql.join([...orders, sql`s.created_on DESC`, sql`s.id`], sql`, `);
  return rowsOf<ScheduleRecord>(
    tx,
    sql`SELECT ${SCHEDULE_COLUMNS} FROM task_schedules s ${SCHEDULE_JOINS}
        WHERE s.tenant_id = ${tenantId} AND s.module_id = ${query.moduleId} ${searchOf(query.search)}
        ORDER BY ${orderBy} OFFSET ${query.offset} LIMIT ${query.limit}`,
  );
}

export async function scheduleCounts(
  tx: TenantTx,
  tenantId: string,
  query: Pick<ScheduleListQuery, 'moduleId' | 'search'>,
): Promise<{ recordsTotal: number; recordsFiltered: number }> {
  const filter =
    query.search === ''
      ? sql`true`
      : sql`(s.name ILIKE ${containsPattern(query.search)}
    OR s.cron ILIKE ${containsPattern(query.search)})`;
  const rows = await rowsOf<{ total: string; filtered: string }>(
    tx,
    sql`SELECT count(*) AS total, count(*) FILTER (WHERE ${filter}) AS filtered
        FROM task_schedules s WHERE s.tenant_id = ${tenantId} AND s.module_id = ${query.moduleId}`,
  );
  return { recordsTotal: Number(rows[0]?.total ?? 0), recordsFiltered: Number(rows[0]?.filtered ?? 0) };
}

// ---- Activity log -------------------------------------------------------------------------------

export interface NewActivity {
  scheduleId: string;
  scheduledFor: Date;
  outcome: ScheduleOutcome;
  recordId?: string | null;
  message?: string | null;
  userId?: string | null;
}

/**
 * Appends a log row; null when this schedule already has one with the same instant and outcome
 * (the unique index: a run, and its record, happen once however many nodes tick).
 */
export async function insertActivity(
  tx: TenantTx,
  tenantId: string,
  activity: NewActivity,
): Promise<string | null> {
  const rows = await rowsOf<{ seq: string }>(
    tx,
    sql`INSERT INTO task_schedule_activities (tenant_id, schedule_id, scheduled_for, outcome, record_id,
                                              message, user_id)
        VALUES (${tenantId}, ${activity.scheduleId}, ${activity.scheduledFor}, ${activity.outcome},
                ${activity.recordId ?? null}, ${activity.message ?? null}, ${activity.userId ?? null})
        ON CONFLICT (schedule_id, scheduled_for, outcome) DO NOTHING
        RETURNING seq`,
  );
  return rows[0]?.seq ?? null;
}

export async function activityPage(
  tx: TenantTx,
  tenantId: string,
  scheduleId: string,
  page: { offset: number; limit: number },
): Promise<ActivityRecord[]> {
  return rowsOf<ActivityRecord>(
    tx,
    sql`SELECT a.seq, a.outcome, a.scheduled_for, a.ran_on, a.record_id, a.message, u.fullname AS user_name
        FROM task_schedule_activities a
        LEFT JOIN users u ON u.id = a.user_id AND u.tenant_id = a.tenant_id
        WHERE a.tenant_id = ${tenantId} AND a.schedule_id = ${scheduleId}
        ORDER BY a.seq DESC OFFSET ${page.offset} LIMIT ${page.limit}`,
  );
}

export async function activityCount(tx: TenantTx, tenantId: string, scheduleId: string): Promise<number> {
  const rows = await rowsOf<{ total: string }>(
    tx,
    sql`SELECT count(*) AS total FROM task_schedule_activities
        WHERE tenant_id = ${tenantId} AND schedule_id = ${scheduleId}`,
  );
  return Number(rows[0]?.total ?? 0);
}

// ---- The runner ---------------------------------------------------------------------------------

/** Active schedules due by `dueBefore`, across tenants (ids only: the rest runs in each tenant). */
export async function dueSchedules(
  db: Db,
  dueBefore: Date,
  maxRows: number,
): Promise<Array<{ id: string; tenant_id: string }>> {
  const result = await db.execute<{ id: string; tenant_id: string }>(
    sql`SELECT id, tenant_id FROM app_due_task_schedules(${dueBefore}, ${maxRows})`,
  );
  return result.rows;
}

/**
 * The schedule, locked, when it is still active and due by `now`; null when another node holds
 * it (SKIP LOCKED: that node is running it) or ran it already (its next run moved past `now`).
 */
export async function lockDueSchedule(
  tx: TenantTx,
  tenantId: string,
  id: string,
  now: Date,
): Promise<ScheduleRecord | null> {
  const rows = await rowsOf<ScheduleRecord>(
    tx,
    sql`SELECT s.*, NULL AS run_as_name, NULL AS created_by_name FROM task_schedules s
        WHERE s.tenant_id = ${tenantId} AND s.id = ${id} AND s.status = 'active' AND s.next_run_at <= ${now}
        FOR UPDATE SKIP LOCKED`,
  );
  return rows[0] ?? null;
}

/** After a run: the instant it stood for, and the next due one. */
export async function recordRun(
  tx: TenantTx,
  tenantId: string,
  id: string,
  run: { lastRunAt: Date; nextRunAt: Date | null },
): Promise<void> {
  await tx.execute(sql`
    UPDATE task_schedules SET last_run_at = ${run.lastRunAt}, next_run_at = ${run.nextRunAt}
     WHERE tenant_id = ${tenantId} AND id = ${id}`);
}

export async function linkActivityRecord(
  tx: TenantTx,
  tenantId: string,
  seq: string,
  recordId: string,
): Promise<void> {
  await tx.execute(sql`
    UPDATE task_schedule_activities SET record_id = ${recordId} WHERE tenant_id = ${tenantId} AND seq = ${seq}`);
}

/** The user a schedule runs as: their kind (what they may do) and whether they may still sign in. */
export async function runAsUser(
  tx: TenantTx,
  tenantId: string,
  userId: string,
): Promise<{ user_kind: UserKind; is_active: boolean } | null> {
  const rows = await rowsOf<{ user_kind: UserKind; is_active: boolean }>(
    tx,
    sql`SELECT user_kind, is_active FROM users WHERE tenant_id = ${tenantId} AND id = ${userId}`,
  );
  return rows[0] ?? null;
}
