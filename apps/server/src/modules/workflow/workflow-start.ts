import { msg } from '@formloop/contracts';
import { initialState, parseDefinition, type InstanceState } from '@formloop/workflow';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { AppRow } from '../apps/index.ts';
import { pinnedDefinitionOf, runTransition, type JobEffects } from './workflow-runner.ts';
import {
  completeTask,
  findTask,
  insertInstance,
  isAssignee,
  lockInstance,
  type TaskRow,
} from './workflow.repository.ts';

// Where a submitted record meets its workflow: a submission of an app whose published version has a
// workflow starts an instance pinned to that version; a record returned to its initiator continues
// with the initiator's resubmission. Both run inside the submitting transaction.

/**
 * Whether the app's published version has a workflow with something to do: an activity besides
 * Start and End (the designer's empty workflow is Start → End, which would finish at once: such
 * submissions complete at once without an instance, as with no workflow at all).
 */
export function hasRunnableWorkflow(app: Pick<AppRow, 'workflowPublished'>): boolean {
  const stored = app.workflowPublished;
  if (stored === null || typeof stored !== 'object') return runnable(stored);
  // The create path asks on every call with the remembered app's (never changed) stored workflow.
  let answer = runnableByWorkflow.get(stored);
  if (answer === undefined) {
    answer = runnable(stored);
    runnableByWorkflow.set(stored, answer);
  }
  return answer;
}

const runnableByWorkflow = new WeakMap<object, boolean>();

function runnable(stored: unknown): boolean {
  const activities = parseDefinition(stored)?.activities ?? [];
  return activities.some((activity) => activity.type !== 'Start' && activity.type !== 'End');
}

export interface Submission {
  tenantId: string;
  moduleId: string;
  moduleVersion: number;
  recordId: string;
  userId: string;
  now: Date;
}

/** Starts the record's instance on its app version's workflow; the record row must exist already. */
export async function startInstance(
  tx: TenantTx,
  submission: Submission,
  jobs?: JobEffects,
): Promise<InstanceState> {
  const { tenantId } = submission;
  const pinned = await pinnedDefinitionOf(tx, tenantId, {
    module_id: submission.moduleId,
    module_version: submission.moduleVersion,
  });
  if (!pinned) throw notFound(msg('workflow.noWorkflow'));
  const instance = await insertInstance(tx, tenantId, {
    moduleId: submission.moduleId,
    recordId: submission.recordId,
    moduleVersion: submission.moduleVersion,
    state: initialState(submission.moduleVersion),
    initiator: submission.userId,
  });
  const facts = {
    tenantId,
    userId: submission.userId,
    taskId: null,
    message: null,
    now: submission.now,
    jobs,
  };
  return runTransition(tx, facts, instance, pinned, { type: 'start' });
}

/**
 * The open task `taskId` of this record that the caller may act on: its activity decides which
 * fields they see and change. Unknown, other records' and closed tasks are 404/409; someone else's 403.
 */
export async function actingTask(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  recordId: string,
  taskId: string,
): Promise<TaskRow> {
  const task = isUuid(taskId) ? await findTask(tx, tenantId, taskId.toLowerCase()) : null;
  if (!task || task.record_id !== recordId) throw notFound(msg('workflow.taskNotFound'));
  if (task.status !== 'Open') throw conflict(msg('workflow.taskClosed'));
  if (!(await isAssignee(tx, tenantId, task.id, userId))) throw forbidden(msg('workflow.notAssignee'));
  return task;
}

/**
 * A task of this record as the record's detail sees it: its activity, whether the caller is one of
 * its assignees, and whether they can act on it now (open, and theirs). Another record's task or an
 * unknown id: 404.
 */
export async function taskAtRecord(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  recordId: string,
  taskId: string,
): Promise<{ activityId: string; assignee: boolean; actionable: boolean }> {
  const task = isUuid(taskId) ? await findTask(tx, tenantId, taskId.toLowerCase()) : null;
  if (!task || task.record_id !== recordId) throw notFound(msg('workflow.taskNotFound'));
  const assignee = await isAssignee(tx, tenantId, task.id, userId);
  return { activityId: task.activity_id, assignee, actionable: assignee && task.status === 'Open' };
}

/** The initiator resubmits a returned record through their Resubmit task: the workflow runs again. */
export async function resubmitRecord(
  tx: TenantTx,
  tenantId: string,
  task: TaskRow,
  userId: string,
  now: Date,
  jobs?: JobEffects,
): Promise<InstanceState> {
  if (task.task_type !== 'Resubmit') throw conflict(msg('records.alreadySubmitted'));
  const instance = await lockInstance(tx, tenantId, task.instance_id);
  if (!instance) throw notFound(msg('workflow.taskNotFound'));
  if (!(await completeTask(tx, tenantId, task.id, { userId, outcome: 'Resubmit', description: null, now }))) {
    throw conflict(msg('workflow.taskClosed'));
  }
  const pinned = await pinnedDefinitionOf(tx, tenantId, instance);
  if (!pinned) throw notFound(msg('workflow.noWorkflow'));
  const facts = { tenantId, userId, taskId: task.id, message: null, now, jobs };
  return runTransition(tx, facts, instance, pinned, { type: 'resubmit' });
}
