import { z } from 'zod';
import { envelope } from './envelope.ts';

// The process engine (issue 8; spec §2 /process-engine and /process/dashboard, §6 system
// administrators only): workflow definitions, instances by status, a faulted instance's error with
// retry from the failed activity, dashboard statistics, and the event e-mails' send log. The spec
// names no paths for these; they are ours and documented in OpenAPI.

export const PROCESS_ENGINE_PATHS = {
  definitions: '/api/process-engine/definitions',
  instances: '/api/process-engine/instances/datatables',
  instance: '/api/process-engine/instances/:id',
  retry: '/api/process-engine/instances/:id/retry',
  dashboard: '/api/process-engine/dashboard',
  emailLog: '/api/process-engine/email-log/datatables',
} as const;
export const processInstancePath = (id: string) => `/api/process-engine/instances/${encodeURIComponent(id)}`;
export const processInstanceRetryPath = (id: string) =>
  `/api/process-engine/instances/${encodeURIComponent(id)}/retry`;

/** The statuses a workflow instance has (Elsa's; workflow_instances.status), in display order. */
export const INSTANCE_STATUSES = ['Running', 'Suspended', 'Finished', 'Faulted', 'Cancelled'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
export type InstanceStatusCounts = Record<InstanceStatus, number>;

/** What an e-mail of the send log is (email_send_log.status). */
export const EMAIL_LOG_STATUSES = ['queued', 'sent', 'failed'] as const;
export type EmailLogStatus = (typeof EMAIL_LOG_STATUSES)[number];

export const PROCESS_PAGE_SIZES = [10, 20, 50, 100] as const;

/** Days the throughput chart may cover; the dashboard asks for 14 unless told otherwise. */
export const THROUGHPUT_DAYS = { min: 1, max: 90, default: 14 } as const;

/** Texts the spec does not quote; the web app translates them by key (processEngine:errors.<key>). */
export const PROCESS_ENGINE_MESSAGES = {
  instanceNotFound: 'This workflow instance does not exist.',
  notFaulted: 'Only a faulted workflow instance can be retried; this one is {status}.',
  definitionMissing: 'The workflow this instance runs is no longer available.',
  retried: 'The workflow instance was retried and runs on.',
  faultedAgain: 'The workflow instance was retried but faulted again: {message}',
} as const;
export type ProcessEngineMessageKey = keyof typeof PROCESS_ENGINE_MESSAGES;

const statusCountsSchema = z.object({
  Running: z.number().int(),
  Suspended: z.number().int(),
  Finished: z.number().int(),
  Faulted: z.number().int(),
  Cancelled: z.number().int(),
}) satisfies z.ZodType<InstanceStatusCounts>;

// ---- Definitions ------------------------------------------------------------------------------

/** An app whose published version has a workflow, with its instances counted by status. */
export const processDefinitionSchema = z.object({
  module_id: z.string(),
  display_name: z.string(),
  /** The app version published last (the one new submissions run). */
  published_version: z.number().int(),
  published_on: z.string().nullable(),
  /** Activities of the published workflow, Start and End included. */
  activity_count: z.number().int(),
  /** Instances of every version of the app. */
  instances: statusCountsSchema,
});
export type ProcessDefinition = z.infer<typeof processDefinitionSchema>;
export const processDefinitionsResponseSchema = envelope(z.array(processDefinitionSchema));

// ---- Instances --------------------------------------------------------------------------------

const idText = z.string().trim().min(1).max(64);
const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z
    .literal(PROCESS_PAGE_SIZES, { error: 'Page size must be 10, 20, 50 or 100.' })
    .default(PROCESS_PAGE_SIZES[0]),
  search: z.string().trim().max(200).default(''),
};

/** A page of instances, newest first: by status and app; search matches the record (id or values). */
export const instanceListRequestSchema = z.object({
  ...pageFields,
  status: z.enum(INSTANCE_STATUSES, { error: 'Unknown instance status.' }).optional(),
  moduleId: idText.optional(),
});
export type InstanceListRequest = z.input<typeof instanceListRequestSchema>;
/** The request as the server sees it, defaults applied. */
export type InstanceListQuery = z.output<typeof instanceListRequestSchema>;

export const activityRefSchema = z.object({ activityId: z.string(), activityName: z.string() });
export type ActivityRef = z.infer<typeof activityRefSchema>;

export const processInstanceRowSchema = z.object({
  id: z.string(),
  module_id: z.string(),
  display_name: z.string(),
  record_id: z.string(),
  module_version: z.number().int(),
  status: z.enum(INSTANCE_STATUSES),
  /** The activities it waits at (a task, a job), or the one that faulted. */
  current_activities: z.array(activityRefSchema),
  initiator_name: z.string().nullable(),
  started_on: z.string(),
  finished_on: z.string().nullable(),
  faulted_on: z.string().nullable(),
  fault_message: z.string().nullable(),
});
export type ProcessInstanceRow = z.infer<typeof processInstanceRowSchema>;

export const instanceListSchema = z.object({
  records: z.array(processInstanceRowSchema),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  /** Instances per status with the app filter and search applied (the status tabs' counts). */
  statusCounts: statusCountsSchema,
  /** True when a count passed 100,000 rows and is the database's estimate. */
  estimated: z.boolean(),
});
export type InstanceList = z.infer<typeof instanceListSchema>;
export const instanceListResponseSchema = envelope(instanceListSchema);

export const instanceParamsSchema = z.object({ id: z.string().max(64) });

/** One step of an instance's history (workflow_history). */
export const instanceHistoryEntrySchema = z.object({
  activityId: z.string(),
  activityName: z.string(),
  activityType: z.string(),
  actionType: z.string(),
  outcome: z.string().nullable(),
  message: z.string().nullable(),
  assignee: z.string().nullable(),
  initiatedBy: z.string().nullable(),
  createdOn: z.string(),
});
export type InstanceHistoryEntry = z.infer<typeof instanceHistoryEntrySchema>;

export const processInstanceDetailSchema = processInstanceRowSchema.extend({
  fault_activity: activityRefSchema.nullable(),
  /** Waiting at the initiator (rejected or sent back to the start). */
  returned_to_initiator: z.boolean(),
  /** Open tasks with the people they are assigned to. */
  open_tasks: z.array(
    z.object({
      id: z.string(),
      activity_title: z.string(),
      assignees: z.array(z.string()),
      started_on: z.string(),
    }),
  ),
  /** Steps taken, oldest first. */
  history: z.array(instanceHistoryEntrySchema),
});
export type ProcessInstanceDetail = z.infer<typeof processInstanceDetailSchema>;
export const processInstanceDetailResponseSchema = envelope(processInstanceDetailSchema);

/** What a retry left: Suspended or Running (it runs on, waiting at its next step) or Faulted again. */
export const instanceRetryResultSchema = z.object({
  id: z.string(),
  record_id: z.string(),
  status: z.enum(INSTANCE_STATUSES),
  fault_message: z.string().nullable(),
});
export type InstanceRetryResult = z.infer<typeof instanceRetryResultSchema>;
export const instanceRetryResponseSchema = envelope(instanceRetryResultSchema);

// ---- Dashboard --------------------------------------------------------------------------------

export const dashboardQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Days must be a whole number.' })
    .int({ error: 'Days must be a whole number.' })
    .min(THROUGHPUT_DAYS.min, {
      error: `Days must be between ${THROUGHPUT_DAYS.min} and ${THROUGHPUT_DAYS.max}.`,
    })
    .max(THROUGHPUT_DAYS.max, {
      error: `Days must be between ${THROUGHPUT_DAYS.min} and ${THROUGHPUT_DAYS.max}.`,
    })
    .default(THROUGHPUT_DAYS.default),
});

/** One day of the throughput chart: instances started, completed (Finished) and faults that day. */
export const throughputDaySchema = z.object({
  day: z.string(),
  started: z.number().int(),
  completed: z.number().int(),
  faulted: z.number().int(),
});
export type ThroughputDay = z.infer<typeof throughputDaySchema>;

export const processDashboardSchema = z.object({
  counts: statusCountsSchema,
  estimated: z.boolean(),
  /** Oldest day first, every day present (days without events count zero). */
  throughput: z.array(throughputDaySchema),
  /** The zone the days are cut in: the organization's (UTC when PostgreSQL does not know it). */
  timeZone: z.string(),
});
export type ProcessDashboard = z.infer<typeof processDashboardSchema>;
export const processDashboardResponseSchema = envelope(processDashboardSchema);

// ---- E-mail send log --------------------------------------------------------------------------

export const emailLogRequestSchema = z.object({
  ...pageFields,
  status: z.enum(EMAIL_LOG_STATUSES, { error: 'Unknown e-mail status.' }).optional(),
});
export type EmailLogRequest = z.input<typeof emailLogRequestSchema>;
export type EmailLogQuery = z.output<typeof emailLogRequestSchema>;

export const emailLogRowSchema = z.object({
  id: z.string(),
  created_on: z.string(),
  event: z.string(),
  recipients: z.array(z.string()),
  subject: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  sent_on: z.string().nullable(),
  module_id: z.string().nullable(),
  display_name: z.string().nullable(),
  record_id: z.string().nullable(),
});
export type EmailLogRow = z.infer<typeof emailLogRowSchema>;

export const emailLogSchema = z.object({
  records: z.array(emailLogRowSchema),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  estimated: z.boolean(),
});
export type EmailLog = z.infer<typeof emailLogSchema>;
export const emailLogResponseSchema = envelope(emailLogSchema);
