import { z } from 'zod';
import { envelope } from './envelope.ts';

// Workflows (issue 7; spec §3 workflow designer payload and assignment expression, §7 workflow,
// tasks and task actions). Paths the spec names are kept; LookupAssignee answers the designer's
// approver picker with users, teams and roles in one list.

export const WORKFLOW_PATHS = {
  lookupAssignee: '/api/form/Editor/LookupAssignee',
  lookupAssigneeByRecord: '/api/form/Editor/LookupAssigneeByRecord',
} as const;

export const APPROVER_TYPES = ['user', 'team', 'role', 'field', 'initiator'] as const;

/** One approver of an assignment expression (spec §3: each with approver_id). */
export const approverSchema = z.object({
  approver_id: z.string().min(1),
  type: z.enum(APPROVER_TYPES),
  name: z.string().optional(),
});
export type ApproverItem = z.infer<typeof approverSchema>;

/**
 * LookupAssignee (GET ?search= or ?ids=): active users, teams and roles whose name matches, at most 50
 * of each; with `ids` (comma-separated approver ids) the ones of those that still exist and are active,
 * so the designer can say 'Assignee for {name} is no longer available' about the rest (and about teams
 * and roles with no active member).
 */
export const lookupAssigneeQuerySchema = z.object({
  search: z.string().max(100).optional(),
  ids: z.string().max(10_000).optional(),
});
export const lookupAssigneeResponseSchema = envelope(
  z.array(
    approverSchema.extend({
      name: z.string(),
      /** Users only: their e-mail, to tell people with the same name apart. */
      email: z.string().optional(),
      /**
       * Teams and roles only: how many active users they hold now — who a task assigned to them would
       * go to (0: nobody; the designer warns).
       */
      members: z.number().int().min(0).optional(),
    }),
  ),
);
export type LookupAssigneeItem = z.infer<typeof lookupAssigneeResponseSchema>['data'][number];

// ---- Tasks (spec §2 /tasks, /task-editor; §3 task list columns; §7 /api/Task/*) --------------------

export const TASK_PATHS = {
  datatables: '/api/Task/datatables',
  dynamicDatatables: '/api/Task/dynamicdatatables',
  byUser: '/api/Task/dataTablesByUserId',
  byTeam: '/api/Task/dataTablesByTeamId',
  total: '/api/Task/total',
  detail: '/api/Task/:id/detail',
} as const;
export const taskDetailPath = (id: string) => `/api/Task/${encodeURIComponent(id)}/detail`;

/** The /tasks tabs: open tasks of mine, of my teams, and the ones I completed. */
export const TASK_TABS = ['tasks', 'team', 'completed'] as const;
export type TaskTab = (typeof TASK_TABS)[number];

export const TASK_SORT_COLUMNS = [
  'display_name',
  'activity_title',
  'task_type',
  'assigned_from_user',
  'record_started_by',
  'started_on',
  'completed_on',
] as const;

const idText = z.string().trim().min(1).max(64);

const taskListBase = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  length: z.literal([10, 20, 50, 100], { error: 'Page size must be 10, 20, 50 or 100.' }).default(10),
  search: z.string().trim().max(200).default(''),
  /** Only the tasks of this app. */
  moduleId: idText.optional(),
  orders: z
    .array(z.object({ column: z.enum(TASK_SORT_COLUMNS), dir: z.enum(['asc', 'desc']) }))
    .max(4)
    .default([]),
});

/** POST /api/Task/datatables: the caller's tasks: open (tab tasks) or completed by them (tab completed). */
export const taskDataTableRequestSchema = taskListBase.extend({
  tab: z.enum(['tasks', 'completed']).default('tasks'),
});
/** POST dataTablesByUserId: a user's open tasks (their own, or anyone's for settings roles). */
export const taskByUserRequestSchema = taskListBase.extend({ userId: idText });
/** POST dataTablesByTeamId: open tasks assigned to a team (its members and settings roles). */
export const taskByTeamRequestSchema = taskListBase.extend({ teamId: idText.optional() });
/**
 * POST dynamicdatatables: one app's open tasks of the caller with the record's field values as
 * extra columns (spec §7 module items/tasks query: moduleId, columns, query, page, orders, filters).
 */
export const taskDynamicRequestSchema = taskListBase.extend({
  moduleId: idText,
  columns: z.array(z.string().max(200)).max(100).optional(),
});
export type TaskDataTableRequest = z.input<typeof taskDataTableRequestSchema>;
export type TaskByUserRequest = z.input<typeof taskByUserRequestSchema>;
export type TaskByTeamRequest = z.input<typeof taskByTeamRequestSchema>;
export type TaskDynamicRequest = z.input<typeof taskDynamicRequestSchema>;

/** A task as the lists show it (spec §3 task list columns first). */
export const taskRowSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  activity_title: z.string(),
  task_type: z.string(),
  /** Name of who handed it over (the previous actor or the reassigner), when anyone did. */
  assigned_from_user: z.string().nullable(),
  /** Name of the record's initiator. */
  record_started_by: z.string().nullable(),
  started_on: z.string(),
  module_id: z.string(),
  record_id: z.string(),
  activity_id: z.string(),
  status: z.string(),
  completed_on: z.string().nullable(),
  outcome: z.string().nullable(),
  /** dynamicdatatables only: the record's values of the requested columns. */
  data: z.record(z.string(), z.unknown()).optional(),
});
export type TaskRow = z.infer<typeof taskRowSchema>;

export const taskDataTableSchema = z.object({
  data: z.array(taskRowSchema),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
});
export type TaskDataTable = z.infer<typeof taskDataTableSchema>;
export const taskDataTableResponseSchema = envelope(taskDataTableSchema);
/** GET /api/Task/total: the caller's open tasks (the sidebar badge; spec: data is a number). */
export const taskTotalResponseSchema = envelope(z.number().int());

/** GET /api/Task/{id}/detail: the task and what its viewer may do with it. */
export const taskDetailSchema = taskRowSchema.extend({
  /** The outcomes of its buttons (Approve/Reject, a UserTask's actions, Resubmit). */
  actions: z.array(z.string()),
  /** The caller is one of its assignees and it is open. */
  canAct: z.boolean(),
  /** Earlier steps it may be sent back to (empty when send-back is not allowed). */
  sendBackTargets: z.array(z.object({ activityId: z.string(), displayName: z.string() })),
  /** The app forbids reassignment (setmodulereassignment). */
  reassignmentDisabled: z.boolean(),
  assignees: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;
export const taskDetailResponseSchema = envelope(taskDetailSchema);

// ---- Task actions (spec §4 task actions, §7 under /api/EntryModule/) -----------------------------

export const TASK_ACTION_PATHS = {
  approve: '/api/EntryModule/approve',
  reassignment: '/api/EntryModule/reassignment',
  reassignmentByAdmin: '/api/EntryModule/reassignmentByAdmin',
  reassignTasks: '/api/EntryModule/reassigntasks',
  withdraw: '/api/EntryModule/withdraw',
  goback: '/api/EntryModule/goback',
  restart: '/api/EntryModule/workflow/restart',
  history: '/api/EntryModule/:moduleId/workflowhistory',
} as const;
export const workflowHistoryPath = (moduleId: string, recordId: string) =>
  `/api/EntryModule/${encodeURIComponent(moduleId)}/workflowhistory?recordId=${encodeURIComponent(recordId)}`;

export const TASK_MESSAGE_MAX_LENGTH = 2000;
const message = z.string().trim().max(TASK_MESSAGE_MAX_LENGTH).optional();

/** Texts the spec does not quote; the web app translates them by key (tasks:errors.<key>). */
export const WORKFLOW_MESSAGES = {
  taskNotFound: 'This task does not exist.',
  taskClosed: 'This task has already been completed by someone else.',
  notAssignee: 'This task is not assigned to you.',
  rejectReasonRequired: 'Please give a reason for rejecting.',
  unknownAction: 'This task has no such action.',
  reassignmentDisabled: 'Reassignment is disabled for this app.',
  assigneeInvalid: 'The chosen user does not exist or is not active.',
  notEarlierActivity: 'You can only send an entry back to an earlier step.',
  withdrawNotAllowed: 'Only the person who submitted this entry can withdraw it while it is in progress.',
  noWorkflow: 'This entry has no workflow.',
  workflowInvalid: 'The workflow cannot be published until its problems are fixed.',
  /** Spec §8: the default text when restarting fails. */
  restartFailed: 'Error restarting process',
} as const;
export type WorkflowMessageKey = keyof typeof WORKFLOW_MESSAGES;

/** POST approve: accepted true approves; false rejects and needs a description. UserTask: `outcome`. */
export const approveBodySchema = z.object({
  task_id: idText,
  accepted: z.boolean().optional(),
  outcome: z.string().trim().min(1).max(200).optional(),
  description: message,
});
export type ApproveBody = z.input<typeof approveBodySchema>;
/** POST reassignment / reassignmentByAdmin. */
export const reassignmentBodySchema = z.object({ taskId: idText, assignTo: idText, message });
export type ReassignmentBody = z.input<typeof reassignmentBodySchema>;
/** POST reassigntasks: many tasks to one user (settings roles). */
export const reassignTasksBodySchema = z.object({
  taskIds: z.array(idText).min(1).max(500),
  assignTo: idText,
  message,
});
export type ReassignTasksBody = z.input<typeof reassignTasksBodySchema>;
/** POST withdraw: the initiator takes a submitted entry back. */
export const withdrawBodySchema = z.object({ recordId: idText, message });
/** POST goback: send the entry back to an earlier activity (or 'fs-start': to the initiator). */
export const gobackBodySchema = z.object({ taskId: idText, goBackToActivityId: idText, message });
export type GobackBody = z.input<typeof gobackBodySchema>;
/** POST workflow/restart. */
export const restartBodySchema = z.object({ recordId: idText, message });
export const taskActionResponseSchema = envelope(
  z.object({ recordId: z.string(), workflowStatus: z.string().nullable() }),
);
export type TaskActionResult = z.infer<typeof taskActionResponseSchema>['data'];
export const reassignTasksResponseSchema = envelope(z.object({ reassigned: z.number().int() }));

/** GET {moduleId}/workflowhistory?recordId=: one entry per step (spec §3 workflow history entry). */
export const workflowHistoryQuerySchema = z.object({ recordId: idText });
export const workflowHistoryEntrySchema = z.object({
  activityId: z.string(),
  activityName: z.string(),
  activityType: z.string(),
  /** Name of the user who acted ('' for the engine's own steps). */
  initiatedBy: z.string(),
  Results: z.array(z.object({ author_name: z.string(), message: z.string() })),
  Assignee: z.string(),
  ActionType: z.string(),
  Outcomes: z.array(z.string()),
  /** The approvals and rejections given at this activity so far, oldest first. */
  ApprovalHistory: z.array(z.object({ author_name: z.string(), outcome: z.string(), on: z.string() })),
  createdOn: z.string(),
});
export type WorkflowHistoryEntry = z.infer<typeof workflowHistoryEntrySchema>;
export const workflowHistoryResponseSchema = envelope(z.array(workflowHistoryEntrySchema));

// ---- Read-side lookups of tasks and workflows (added with the tasks module) -------------------------
// (Imported here rather than at the top: this section was appended to a file others are editing.)
import { FIELD_CONTROL_LEVELS } from '@formloop/domain';

/**
 * LookupAssigneeByRecord (GET ?recordId=&search=): the active users a task of this record may be given
 * (the reassign dialog): everyone who can see the record's app, at most 50, answered like
 * LookupAssignee (lookupAssigneeResponseSchema, every item of type 'user').
 */
export const lookupAssigneeByRecordQuerySchema = z.object({
  recordId: idText,
  search: z.string().trim().max(100).default(''),
});
export type LookupAssigneeByRecordQuery = z.input<typeof lookupAssigneeByRecordQuerySchema>;

/** Paths of the workflow lookups the spec names under /api/workflow/ (§7 Scheduler, workflow, lookups). */
export const WORKFLOW_LOOKUP_PATHS = {
  permissibleFields: '/api/workflow/permissible-fields',
  share: '/api/workflow/share',
} as const;

/** Texts of the workflow lookups the spec does not quote (tasks:errors.<key>). */
export const WORKFLOW_LOOKUP_MESSAGES = {
  unknownActivity: 'This workflow has no such activity.',
} as const;

/** GET permissible-fields?moduleId=&activityId=: the published form's fields at one activity. */
export const permissibleFieldsQuerySchema = z.object({ moduleId: idText, activityId: idText });
export const permissibleFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  groupName: z.string(),
  /** visible, editable, readonly or hidden (spec §3 control levels) at the activity. */
  control: z.enum(FIELD_CONTROL_LEVELS),
});
export type PermissibleField = z.infer<typeof permissibleFieldSchema>;
export const permissibleFieldsResponseSchema = envelope(z.array(permissibleFieldSchema));

/** GET share?moduleId=: the published workflow in the Elsa 2 export shape, to copy into another app. */
export const workflowShareQuerySchema = z.object({ moduleId: idText });
export const workflowShareSchema = z.object({
  moduleId: z.string(),
  displayName: z.string(),
  /** The published version (0: never published). */
  moduleVersion: z.number().int(),
  /** Null when the app has no published workflow. */
  workflow: z.record(z.string(), z.unknown()).nullable(),
});
export type WorkflowShare = z.infer<typeof workflowShareSchema>;
export const workflowShareResponseSchema = envelope(workflowShareSchema);
