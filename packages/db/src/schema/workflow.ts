import {
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  integer,
} from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.ts';
import { modules } from './apps.ts';
import { recordReference } from './records.ts';

/**
 * A record's run through its app's workflow (issue 7). `state` is the engine's InstanceState
 * (packages/workflow); `module_version` pins the definition it runs (module_versions.workflow).
 * Every transition locks this row (FOR UPDATE), so concurrent actions on one instance serialise.
 */
export const workflowInstances = pgTable(
  'workflow_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    moduleVersion: integer('module_version').notNull(),
    /** Running, Suspended, Finished, Faulted or Cancelled (Elsa's statuses). */
    status: text('status').notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    initiatorUser: uuid('initiator_user'),
    startedOn: timestamp('started_on', { withTimezone: true }).notNull().defaultNow(),
    finishedOn: timestamp('finished_on', { withTimezone: true }),
    faultedOn: timestamp('faulted_on', { withTimezone: true }),
    faultActivityId: text('fault_activity_id'),
    faultMessage: text('fault_message'),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    recordReference('workflow_instances_record_fk', t),
    index('workflow_instances_record_idx').on(t.recordId),
    index('workflow_instances_status_idx').on(t.tenantId, t.status, t.modifiedOn),
  ],
);

/**
 * A task for people: created when an instance reaches an Approval or UserTask activity (or the
 * initiator's resubmit when a record is returned). Open until acted on or cancelled.
 */
export const workflowTasks = pgTable(
  'workflow_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    activityId: text('activity_id').notNull(),
    /** Spec §3 task list column activity_title: the activity's display name. */
    activityTitle: text('activity_title').notNull(),
    /** Approval, UserTask or Resubmit. */
    taskType: text('task_type').notNull(),
    /** Open, Completed or Cancelled. */
    status: text('status').notNull().default('Open'),
    /** The outcomes its buttons offer (Approve/Reject, a UserTask's actions, Resubmit). */
    actions: jsonb('actions').$type<string[]>().notNull().default([]),
    /** The assignment expression it was created from (approver objects). */
    approvers: jsonb('approvers').$type<unknown[]>().notNull().default([]),
    /** The team it was assigned to, when its approvers named exactly one team (dataTablesByTeamId). */
    assignedTeamId: uuid('assigned_team_id'),
    /** Who handed it over: the previous actor, or the reassigner. */
    assignedFromUser: uuid('assigned_from_user'),
    startedOn: timestamp('started_on', { withTimezone: true }).notNull().defaultNow(),
    completedOn: timestamp('completed_on', { withTimezone: true }),
    completedBy: uuid('completed_by'),
    outcome: text('outcome'),
    description: text('description'),
  },
  (t) => [
    recordReference('workflow_tasks_record_fk', t),
    index('workflow_tasks_open_idx').on(t.tenantId, t.status, t.startedOn),
    index('workflow_tasks_instance_idx').on(t.instanceId, t.status),
    index('workflow_tasks_record_idx').on(t.recordId),
  ],
);

/** Who may act on a task: the users its approvers resolved to (or the one it was reassigned to). */
export const workflowTaskAssignees = pgTable(
  'workflow_task_assignees',
  {
    taskId: uuid('task_id')
      .notNull()
      .references(() => workflowTasks.id, { onDelete: 'cascade' }),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    index('workflow_task_assignees_user_idx').on(t.tenantId, t.userId, t.taskId),
  ],
);

/** Every step of an instance ({moduleId}/workflowhistory, spec §3 workflow history entry). */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    /** Insertion order: entries of one transition share a time. */
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id'),
    activityId: text('activity_id').notNull(),
    activityType: text('activity_type').notNull(),
    activityName: text('activity_name').notNull(),
    actionType: text('action_type').notNull(),
    outcome: text('outcome'),
    message: text('message'),
    /** The user who acted (null for the engine's own steps). */
    initiatedBy: uuid('initiated_by'),
    /** Names of the people a task went to (spec: Assignee). */
    assignee: text('assignee'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    recordReference('workflow_history_record_fk', t),
    index('workflow_history_record_idx').on(t.recordId, t.seq),
  ],
);
