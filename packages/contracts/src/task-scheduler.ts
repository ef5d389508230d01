import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  MESSAGES,
  PAGE_SIZES,
  SCHEDULER_ACTIVITY_PAGE,
  SCHEDULER_ACTIVITY_PAGE_LENGTH,
} from '@formloop/domain';
import { envelope } from './envelope.ts';

// Task scheduler (issue 8; spec §2 /schedule-editor/{moduleId}[/{recordId}], §3 "Task scheduler:
// schedule_id, status", §7 /api/TaskScheduler/*, §9 activity log page length 10): schedules that
// create records of an app (and start their workflow) on a cron expression read in a time zone.
// Whoever may create records in the app manages its schedules; the records are made as the user
// who last saved the schedule.

export const TASK_SCHEDULER_PATHS = {
  save: '/api/TaskScheduler/save',
  datatables: '/api/TaskScheduler/datatables',
  delete: '/api/TaskScheduler/delete',
  action: '/api/TaskScheduler/action',
  detail: '/api/TaskScheduler/:id/detail',
  activities: '/api/TaskScheduler/:id/activities',
  /** Ours: checks a cron expression and answers its next runs in a time zone (the editor's preview). */
  preview: '/api/TaskScheduler/preview',
} as const;

export const taskSchedulerPath = {
  detail: (id: string) => `/api/TaskScheduler/${encodeURIComponent(id)}/detail`,
  activities: (id: string) => `/api/TaskScheduler/${encodeURIComponent(id)}/activities`,
};

/** Texts the spec does not quote; the web app translates them by key (scheduler:messages.<key>). */
export const TASK_SCHEDULER_MESSAGES = {
  notFound: 'This schedule does not exist.',
  nameTooLong: 'A schedule name can be at most 100 characters.',
  cronFields:
    'A cron expression has 5 fields (minute hour day-of-month month day-of-week), or 6 with seconds first.',
  cronInvalid: 'This cron expression is not valid; check the value of each field.',
  cronNeverRuns: 'This cron expression never runs.',
  invalidTimeZone: 'Choose a time zone from the list.',
  invalidPageSize: 'Page size must be 10, 20, 50 or 100.',
  saved: 'The schedule has been saved.',
  deleted: 'The schedule has been deleted.',
  paused: 'The schedule has been paused.',
  resumed: 'The schedule has been resumed.',
  /** Activity log: runs skipped while no server was running; only the latest of them ran. */
  missedRuns: '{count} runs were missed while the scheduler was not running; only the latest one ran.',
  runAsInactive: 'The user this schedule runs as is no longer active.',
  runFailed: 'The entry could not be created.',
} as const;
export type TaskSchedulerMessageKey = keyof typeof TASK_SCHEDULER_MESSAGES;

export const SCHEDULE_STATUSES = ['active', 'paused'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** What an activity log row stands for: a run (created, failed, missed) or a change by someone. */
export const SCHEDULE_OUTCOMES = ['created', 'failed', 'missed', 'paused', 'resumed', 'saved'] as const;
export type ScheduleOutcome = (typeof SCHEDULE_OUTCOMES)[number];

export const SCHEDULE_SORT_COLUMNS = ['name', 'next_run_at', 'last_run_at', 'status', 'modified_on'] as const;

/** How many upcoming runs the editor previews. */
export const SCHEDULE_PREVIEW_RUNS = 5;
export const SCHEDULE_NAME_MAX = 100;

/**
 * The shape check of a cron expression that needs no cron parser (the web app runs it as you type):
 * 5 or 6 fields, or a nickname such as @daily. The server then parses it for real (croner).
 */
export function cronShapeMessage(cron: string): string | null {
  const text = cron.trim();
  if (text === '') return MESSAGES.required;
  if (text.startsWith('@')) return null;
  const fields = text.split(/\s+/).length;
  return fields === 5 || fields === 6 ? null : TASK_SCHEDULER_MESSAGES.cronFields;
}

const idText = z.string().trim().min(1).max(64);
const recordValues = z.record(z.string().max(200), z.unknown());

const cronSchema = z
  .string({ error: MESSAGES.required })
  .max(200, TASK_SCHEDULER_MESSAGES.cronInvalid)
  .check((ctx) => {
    const message = cronShapeMessage(ctx.value);
    if (message) ctx.issues.push({ code: 'custom', message, input: ctx.value });
  })
  .transform((cron) => cron.trim().replace(/\s+/g, ' '));

const timeZoneSchema = z.string().trim().min(1, TASK_SCHEDULER_MESSAGES.invalidTimeZone).max(64);

// ---- Save, action, delete ------------------------------------------------------------------------

/**
 * POST save: a new schedule of module_id (no schedule_id) or changes to one. time_zone defaults to
 * the organization's; record_values are checked like a record save (submit: as a submission).
 */
export const saveScheduleBodySchema = z.object({
  schedule_id: idText.optional(),
  module_id: idText,
  name: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { message: MESSAGES.required, abort: true })
    .max(SCHEDULE_NAME_MAX, TASK_SCHEDULER_MESSAGES.nameTooLong),
  cron: cronSchema,
  time_zone: timeZoneSchema.optional(),
  record_values: recordValues.default({}),
  /** true: each record is submitted (its workflow starts); false: it stays a draft. */
  submit: z.boolean().default(true),
  status: z.enum(SCHEDULE_STATUSES).default('active'),
});
export type SaveScheduleBody = z.input<typeof saveScheduleBodySchema>;

/** POST action (spec §7: schedule_id, status): pause or resume. */
export const scheduleActionBodySchema = z.object({
  schedule_id: idText,
  status: z.enum(SCHEDULE_STATUSES),
});
export type ScheduleActionBody = z.input<typeof scheduleActionBodySchema>;

export const deleteScheduleBodySchema = z.object({ schedule_id: idText });
export const deletedScheduleResponseSchema = envelope(z.object({ deleted: z.number().int() }));

/** POST preview: the next runs of a cron expression in a time zone (default: the organization's). */
export const schedulePreviewBodySchema = z.object({ cron: cronSchema, time_zone: timeZoneSchema.optional() });
export type SchedulePreviewBody = z.input<typeof schedulePreviewBodySchema>;
export const schedulePreviewSchema = z.object({ time_zone: z.string(), next_runs: z.array(z.string()) });
export type SchedulePreview = z.infer<typeof schedulePreviewSchema>;
export const schedulePreviewResponseSchema = envelope(schedulePreviewSchema);

// ---- One schedule --------------------------------------------------------------------------------

export const scheduleRowSchema = z.object({
  schedule_id: z.string(),
  module_id: z.string(),
  name: z.string(),
  cron: z.string(),
  time_zone: z.string(),
  status: z.enum(SCHEDULE_STATUSES),
  submit: z.boolean(),
  /** When the next run is due (null while paused). */
  next_run_at: z.string().nullable(),
  /** The instant the last run stood for. */
  last_run_at: z.string().nullable(),
  run_as: z.string(),
  run_as_name: z.string().nullable(),
  modified_on: z.string(),
});
export type ScheduleRow = z.infer<typeof scheduleRowSchema>;

export const scheduleDetailSchema = scheduleRowSchema.extend({
  record_values: recordValues,
  created_by: z.string(),
  created_by_name: z.string().nullable(),
  created_on: z.string(),
  /** The next runs from now (whether or not it is paused), in time_zone's calendar. */
  next_runs: z.array(z.string()),
});
export type ScheduleDetail = z.infer<typeof scheduleDetailSchema>;
export const scheduleDetailResponseSchema = envelope(scheduleDetailSchema);

export const scheduleIdParamsSchema = z.object({ id: z.string().max(64) });

// ---- The app's schedules ------------------------------------------------------------------------

export const scheduleDataTableRequestSchema = z.object({
  module_id: idText,
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  length: z
    .literal(PAGE_SIZES, { error: TASK_SCHEDULER_MESSAGES.invalidPageSize })
    .default(DEFAULT_PAGE_SIZE),
  /** Matches the name or the cron expression, ignoring case. */
  search: z.string().trim().max(200).default(''),
  orders: z
    .array(z.object({ column: z.enum(SCHEDULE_SORT_COLUMNS), dir: z.enum(['asc', 'desc']) }))
    .max(4)
    .default([]),
});
export type ScheduleDataTableRequest = z.input<typeof scheduleDataTableRequestSchema>;

export const scheduleDataTableSchema = z.object({
  data: z.array(scheduleRowSchema),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
});
export type ScheduleDataTable = z.infer<typeof scheduleDataTableSchema>;
export const scheduleDataTableResponseSchema = envelope(scheduleDataTableSchema);

// ---- Activity log (spec §7 /activities: page 1, length 10 by default) ----------------------------

export const scheduleActivitiesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(SCHEDULER_ACTIVITY_PAGE),
  length: z.coerce
    .number()
    .pipe(z.literal(PAGE_SIZES, { error: TASK_SCHEDULER_MESSAGES.invalidPageSize }))
    .default(SCHEDULER_ACTIVITY_PAGE_LENGTH),
});
export type ScheduleActivitiesQuery = z.input<typeof scheduleActivitiesQuerySchema>;

export const scheduleActivitySchema = z.object({
  id: z.string(),
  outcome: z.enum(SCHEDULE_OUTCOMES),
  /** The cron instant of a run (missed: the first one skipped); the moment of a change. */
  scheduled_for: z.string(),
  ran_on: z.string(),
  /** The record a run created. */
  record_id: z.string().nullable(),
  message: z.string().nullable(),
  /** missed only: how many runs were skipped. */
  missed_count: z.number().int().nullable(),
  /** Who paused, resumed or saved it. */
  user_name: z.string().nullable(),
});
export type ScheduleActivity = z.infer<typeof scheduleActivitySchema>;

export const scheduleActivitiesSchema = z.object({
  data: z.array(scheduleActivitySchema),
  recordsTotal: z.number().int(),
});
export type ScheduleActivities = z.infer<typeof scheduleActivitiesSchema>;
export const scheduleActivitiesResponseSchema = envelope(scheduleActivitiesSchema);
