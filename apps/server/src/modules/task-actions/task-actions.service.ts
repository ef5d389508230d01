import {
  msg,
  type ApproveBody,
  type GobackBody,
  type ReassignmentBody,
  type ReassignTasksBody,
  type TaskActionResult,
} from '@formloop/contracts';
import { canUseBuilder, canUseSettings } from '@formloop/domain';
import { OUTCOME, WorkflowActionError, type WorkflowEvent } from '@formloop/workflow';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { badRequest, conflict, fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { engineRefusalRef } from '../../platform/http/message-text.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { noticeReassignment } from '../workflow-notices/index.ts';
import { recordAppAccess, recordOfApp } from '../records/index.ts';
import {
  pinnedDefinitionOf,
  recordWorkflowStatus,
  runTransition,
  type JobEffects,
  type TransitionFacts,
  completeTask,
  findTask,
  insertHistory,
  isActiveUser,
  lockTaskInstance,
  lockInstanceOfRecord,
  reassignTask,
  reassignmentDisabled,
  returnRecordToDraft,
  userNames,
  type InstanceRow,
  type TaskRow,
} from '../workflow/index.ts';

// Task actions (spec §4, §7 under /api/EntryModule/): approve/reject, reassign (by the assignee, by
// an administrator, many at once), send back, withdraw, restart. Each is one transaction that first
// locks the record's instance, so concurrent actions on one record run one after the other and a
// task acted on by someone else first answers 409 instead of moving the workflow twice.

/** The engine's refusals as HTTP errors. */
function refusal(error: unknown): never {
  if (!(error instanceof WorkflowActionError)) throw error;
  switch (error.code) {
    case 'not-an-earlier-activity':
      throw badRequest(msg('workflow.notEarlierActivity'));
    case 'unknown-outcome':
      throw badRequest(msg('workflow.unknownAction'));
    case 'activity-not-waiting':
      throw conflict(msg('workflow.taskClosed'));
    default:
      throw conflict(engineRefusalRef(error.code));
  }
}

export function createWorkflowActionsService(db: TenantDb, jobs?: JobEffects) {
  /** The task and its locked instance (404 for unknown, malformed and other tenants' ids; 409 closed). */
  async function lockedTask(
    tx: TenantTx,
    tenantId: string,
    taskId: string,
    auth: RequestAuth,
  ): Promise<{ task: TaskRow; instance: InstanceRow; isAssignee: boolean }> {
    const found = isUuid(taskId)
      ? await lockTaskInstance(tx, tenantId, taskId.toLowerCase(), auth.userId)
      : null;
    if (!found) throw notFound(msg('workflow.taskNotFound'));
    if (found.task.status !== 'Open') throw conflict(msg('workflow.taskClosed'));
    return found;
  }

  /** Closes the task as the caller's action: 409 when someone was first, 403 when it is not theirs. */
  async function closeTask(
    tx: TenantTx,
    tenantId: string,
    task: TaskRow,
    auth: RequestAuth,
    done: { outcome: string; description: string | null; now: Date },
  ): Promise<void> {
    if (await completeTask(tx, tenantId, task.id, { ...done, userId: auth.userId, assignee: auth.userId }))
      return;
    const fresh = await findTask(tx, tenantId, task.id);
    if (fresh?.status !== 'Open') throw conflict(msg('workflow.taskClosed'));
    throw forbidden(msg('workflow.notAssignee'));
  }

  async function move(
    tx: TenantTx,
    facts: TransitionFacts,
    instance: InstanceRow,
    event: WorkflowEvent,
  ): Promise<TaskActionResult> {
    const pinned = await pinnedDefinitionOf(tx, facts.tenantId, instance);
    if (!pinned) throw notFound(msg('workflow.noWorkflow'));
    try {
      const state = await runTransition(tx, facts, instance, pinned, event);
      return { recordId: instance.record_id, workflowStatus: recordWorkflowStatus(state) };
    } catch (error) {
      return refusal(error);
    }
  }

  const factsOf = (
    ctx: CallContext,
    auth: RequestAuth,
    taskId: string | null,
    message?: string,
  ): TransitionFacts => ({
    tenantId: ctx.tenantId,
    userId: auth.userId,
    taskId,
    message: message?.trim() || null,
    now: new Date(),
    jobs,
  });

  /** Reassignment rules shared by the three reassign calls. */
  async function reassignOne(
    tx: TenantTx,
    ctx: CallContext,
    auth: RequestAuth,
    taskId: string,
    assignTo: string,
    message: string | undefined,
    byAdmin: boolean,
  ): Promise<void> {
    const { task, instance, isAssignee } = await lockedTask(tx, ctx.tenantId, taskId, auth);
    // Read again under the lock: an action that closed it while this waited must win.
    if ((await findTask(tx, ctx.tenantId, task.id))?.status !== 'Open') {
      throw conflict(msg('workflow.taskClosed'));
    }
    if (!byAdmin && !isAssignee) throw forbidden(msg('workflow.notAssignee'));
    if (await reassignmentDisabled(tx, ctx.tenantId, task.module_id)) {
      throw forbidden(msg('workflow.reassignmentDisabled'));
    }
    const target = assignTo.toLowerCase();
    if (!isUuid(target) || !(await isActiveUser(tx, ctx.tenantId, target))) {
      throw badRequest(msg('workflow.assigneeInvalid'));
    }
    await reassignTask(tx, ctx.tenantId, task.id, target, auth.userId);
    const note = message?.trim() || null;
    await insertHistory(tx, ctx.tenantId, { instance, userId: auth.userId, taskId: task.id, message: null }, [
      {
        activityId: task.activity_id,
        activityType: task.task_type,
        activityName: task.activity_title,
        actionType: 'Reassigned',
        assignee: await userNames(tx, ctx.tenantId, [target]),
        message: note ?? undefined,
      },
    ]);
    await noticeReassignment(
      tx,
      { tenantId: ctx.tenantId, moduleId: task.module_id, recordId: task.record_id, actorId: auth.userId },
      { taskId: task.id, step: task.activity_title, assignee: target, message: note },
      jobs?.enqueue,
    );
  }

  return {
    /** POST approve: accepted true approves, false rejects (with a reason); a UserTask takes `outcome`. */
    approve: (ctx: CallContext, auth: RequestAuth, body: ApproveBody) =>
      db.inTenant(ctx.tenantId, async (tx) => {
        const { task, instance, isAssignee } = await lockedTask(tx, ctx.tenantId, body.task_id, auth);
        if (!isAssignee) throw forbidden(msg('workflow.notAssignee'));
        const outcome = outcomeOf(task, body);
        const facts = factsOf(ctx, auth, task.id, body.description);
        await closeTask(tx, ctx.tenantId, task, auth, {
          outcome,
          description: facts.message,
          now: facts.now,
        });
        return move(tx, facts, instance, { type: 'taskCompleted', activityId: task.activity_id, outcome });
      }),

    /** POST reassignment: the assignee hands the task to another active user. */
    reassign: (ctx: CallContext, auth: RequestAuth, body: ReassignmentBody) =>
      db.inTenant(ctx.tenantId, async (tx) => {
        await reassignOne(tx, ctx, auth, body.taskId, body.assignTo, body.message, false);
        return { reassigned: 1 };
      }),

    /** POST reassignmentByAdmin: settings roles move anyone's task. */
    reassignByAdmin: (ctx: CallContext, auth: RequestAuth, body: ReassignmentBody) => {
      if (!canUseSettings(auth.flags)) throw forbidden();
      return db.inTenant(ctx.tenantId, async (tx) => {
        await reassignOne(tx, ctx, auth, body.taskId, body.assignTo, body.message, true);
        return { reassigned: 1 };
      });
    },

    /** POST reassigntasks: settings roles move many tasks to one user, all or none. */
    reassignMany: (ctx: CallContext, auth: RequestAuth, body: ReassignTasksBody) => {
      if (!canUseSettings(auth.flags)) throw forbidden();
      return db.inTenant(ctx.tenantId, async (tx) => {
        for (const taskId of [...new Set(body.taskIds)]) {
          await reassignOne(tx, ctx, auth, taskId, body.assignTo, body.message, true);
        }
        return { reassigned: new Set(body.taskIds).size };
      });
    },

    /** POST goback: the assignee sends the record back to an earlier step (or to its initiator). */
    goback: (ctx: CallContext, auth: RequestAuth, body: GobackBody) =>
      db.inTenant(ctx.tenantId, async (tx) => {
        const { task, instance, isAssignee } = await lockedTask(tx, ctx.tenantId, body.taskId, auth);
        if (!isAssignee) throw forbidden(msg('workflow.notAssignee'));
        const facts = factsOf(ctx, auth, task.id, body.message);
        // The engine leaves the acted-on task to us: it is done, by sending the record back (undone
        // with the rest when the engine refuses the target).
        await closeTask(tx, ctx.tenantId, task, auth, {
          outcome: 'SendBack',
          description: facts.message,
          now: facts.now,
        });
        return move(tx, facts, instance, {
          type: 'sendBack',
          fromActivityId: task.activity_id,
          toActivityId: body.goBackToActivityId,
        });
      }),

    /** POST withdraw: the initiator takes an in-progress record back into their drafts. */
    withdraw: (ctx: CallContext, auth: RequestAuth, body: { recordId: string; message?: string }) =>
      db.inTenant(ctx.tenantId, async (tx) => {
        const instance = await instanceOfVisibleRecord(tx, ctx, auth, body.recordId);
        const running = instance.status === 'Running' || instance.status === 'Suspended';
        if (instance.initiator_user !== auth.userId || !running) {
          throw forbidden(msg('workflow.withdrawNotAllowed'));
        }
        const result = await move(tx, factsOf(ctx, auth, null, body.message), instance, { type: 'withdraw' });
        await returnRecordToDraft(tx, ctx.tenantId, {
          moduleId: instance.module_id,
          recordId: instance.record_id,
        });
        return { ...result, workflowStatus: null };
      }),

    /** POST workflow/restart: the initiator, builders or settings roles start the workflow over. */
    restart: (ctx: CallContext, auth: RequestAuth, body: { recordId: string; message?: string }) =>
      db.inTenant(ctx.tenantId, async (tx) => {
        const instance = await instanceOfVisibleRecord(tx, ctx, auth, body.recordId);
        const allowed =
          instance.initiator_user === auth.userId || canUseBuilder(auth.flags) || canUseSettings(auth.flags);
        if (!allowed) throw forbidden(msg('workflow.restartFailed'));
        if (instance.status === 'Cancelled') throw conflict(msg('workflow.noWorkflow'));
        return move(tx, factsOf(ctx, auth, null, body.message), instance, { type: 'restart' });
      }),
  };

  /** The locked instance of a record the caller may see (404 otherwise, and for records without one). */
  async function instanceOfVisibleRecord(
    tx: TenantTx,
    ctx: CallContext,
    auth: RequestAuth,
    recordId: string,
  ): Promise<InstanceRow> {
    const id = recordId.toLowerCase();
    const instance = isUuid(id) ? await lockInstanceOfRecord(tx, ctx.tenantId, id) : null;
    if (!instance) throw notFound(msg('workflow.noWorkflow'));
    const access = await recordAppAccess(tx, ctx.tenantId, auth, instance.module_id);
    await recordOfApp(tx, ctx.tenantId, auth, access, id, false);
    return instance;
  }
}

/** The outcome an approve call asks for: Approve/Reject for approvals, one of its actions for a UserTask. */
function outcomeOf(task: TaskRow, body: ApproveBody): string {
  if (task.task_type === 'Approval') {
    if (body.accepted === undefined) throw badRequest(msg('workflow.unknownAction'));
    if (!body.accepted && !body.description?.trim()) {
      throw badRequest(msg('workflow.rejectReasonRequired'), [
        fieldError('description', msg('workflow.rejectReasonRequired')),
      ]);
    }
    return body.accepted ? OUTCOME.approve : OUTCOME.reject;
  }
  const outcome = body.outcome ?? (task.actions.length === 1 ? task.actions[0] : undefined);
  if (task.task_type !== 'UserTask' || !outcome || !task.actions.includes(outcome)) {
    throw badRequest(msg('workflow.unknownAction'));
  }
  return outcome;
}
