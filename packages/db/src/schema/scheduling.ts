import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.ts';
import { modules } from './apps.ts';

/**
 * A schedule that creates records of an app (and starts their workflow) on a cron expression read
 * in the schedule's time zone (issue 8, spec §2 /schedule-editor, §7 TaskScheduler).
 * `next_run_at` is the next due instant; the scheduler claims a run by moving it forward in the
 * same transaction that creates the record, so a run happens once on whichever node claims it.
 */
export const taskSchedules = pgTable(
  'task_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cron: text('cron').notNull(),
    timeZone: text('time_zone').notNull(),
    /** active or paused (spec: TaskScheduler/action with schedule_id, status). */
    status: text('status').notNull(),
    /** The field values each created record starts with. */
    recordValues: jsonb('record_values').$type<Record<string, unknown>>().notNull(),
    /** Whether a created record is submitted (its workflow started) or kept as a draft. */
    submit: text('submit').notNull().default('submit'),
    /** The user the records are created as (their initiator). */
    runAs: uuid('run_as').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: uuid('created_by').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by'),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('task_schedules_module_idx').on(t.tenantId, t.moduleId),
    index('task_schedules_due_idx').on(t.status, t.nextRunAt),
  ],
);

/** A schedule's activity log: one row per run (page length 10 on screen). */
export const taskScheduleActivities = pgTable(
  'task_schedule_activities',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    tenantId: tenantIdColumn(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => taskSchedules.id, { onDelete: 'cascade' }),
    /** The cron instant this run stands for; unique, so a run is never repeated. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    ranOn: timestamp('ran_on', { withTimezone: true }).notNull().defaultNow(),
    /** created, failed, paused, resumed, saved or missed (runs skipped while the server was down). */
    outcome: text('outcome').notNull(),
    recordId: uuid('record_id'),
    message: text('message'),
    userId: uuid('user_id'),
  },
  (t) => [
    index('task_schedule_activities_schedule_idx').on(t.scheduleId, t.seq),
    uniqueIndex('task_schedule_activities_run_idx').on(t.scheduleId, t.scheduledFor, t.outcome),
  ],
);

/**
 * The visible send log of event e-mails (issue 8): one row per e-mail of a workflow event
 * (submit, reassign, rejected, restart, sendback, completed, approve), written with the event and
 * updated by the pg-boss job that sends it (attempts, error, sent time).
 */
export const emailSendLog = pgTable(
  'email_send_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id'),
    recordId: uuid('record_id'),
    event: text('event').notNull(),
    recipients: text('recipients').array().notNull(),
    subject: text('subject').notNull(),
    /** queued, sent or failed. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    sentOn: timestamp('sent_on', { withTimezone: true }),
  },
  (t) => [index('email_send_log_tenant_created_idx').on(t.tenantId, t.createdOn)],
);
