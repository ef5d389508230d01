import { sql } from 'drizzle-orm';
import { MESSAGES } from '@formloop/domain';
import { evaluateFormula } from '@formloop/formula';
import {
  INITIATOR_ACTIVITY_ID,
  parseDefinition,
  transition,
  type InstanceState,
  type PinnedDefinition,
  type WorkflowEffect,
  type WorkflowEvent,
} from '@formloop/workflow';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { type CreatedTask, noticeTransition, type JobEnqueue } from '../workflow-notices/index.ts';
import {
  cancelOpenTasks,
  insertHistory,
  insertTask,
  pinnedWorkflow,
  resolveApprovers,
  saveInstance,
  updateRecordWorkflow,
  userNames,
  type HistoryRow,
  type InstanceRow,
} from './workflow.repository.ts';

// Applying one engine transition inside the caller's transaction (the instance row is locked by
// then): the pure engine (packages/workflow) decides the new state and the effects; this carries the
// effects out — tasks for the people an assignment names, cancellations, history — writes the
// instance and the record's workflow columns, and tells the people concerned (workflow-notices).
// All or nothing with the action that caused it.

export interface TransitionFacts {
  tenantId: string;
  /** Who acted (null for the engine's own steps, e.g. a job finishing). */
  userId: string | null;
  taskId: string | null;
  message: string | null;
  now: Date;
  /** Runs the job effects (pg-boss); without it job activities wait until retried. */
  jobs?: JobEffects;
}

export type JobEffects = {
  (
    tx: TenantTx,
    tenantId: string,
    instance: InstanceRow,
    effect: Extract<WorkflowEffect, { type: 'scheduleJob' | 'cancelJobs' }>,
  ): Promise<void>;
  /** Adds the other jobs a transition causes (its event e-mails: workflow-notices) the same way. */
  enqueue?: JobEnqueue;
};

/** Published versions never change: their parsed definitions are kept (bounded, oldest out first). */
const pinnedCache = new Map<string, PinnedDefinition>();
const PINNED_CACHE_SIZE = 500;

/** The definition an instance runs: its app version's workflow (version pinning). */
export async function pinnedDefinitionOf(
  tx: TenantTx,
  tenantId: string,
  instance: Pick<InstanceRow, 'module_id' | 'module_version'>,
): Promise<PinnedDefinition | null> {
  const key = `${tenantId}/${instance.module_id}/${instance.module_version}`;
  const cached = pinnedCache.get(key);
  if (cached) return cached;
  const stored = await pinnedWorkflow(tx, tenantId, instance.module_id, instance.module_version);
  const definition = parseDefinition(stored);
  if (!definition) return null;
  const pinned = { version: instance.module_version, definition };
  if (pinnedCache.size >= PINNED_CACHE_SIZE) pinnedCache.delete(pinnedCache.keys().next().value!);
  pinnedCache.set(key, pinned);
  return pinned;
}

interface RecordFacts {
  data: Record<string, unknown>;
  initiator: string | null;
}

/** The values and initiator of the instance's record (its app named: ADR 0013). */
async function recordFacts(tx: TenantTx, tenantId: string, instance: InstanceRow): Promise<RecordFacts> {
  const result = await tx.execute<{ data: Record<string, unknown>; initiator: string | null }>(sql`
    SELECT data, coalesce(workflow_initiator_user, created_by) AS initiator
    FROM records WHERE tenant_id = ${tenantId} AND module_id = ${instance.module_id} AND id = ${instance.record_id}`);
  const row = result.rows[0];
  return { data: row?.data ?? {}, initiator: row?.initiator ?? null };
}

/** The record's workflow status column for an instance state (spec §4 derives the displayed status). */
export function recordWorkflowStatus(state: InstanceState): string {
  if (state.returnedToInitiator) return 'Returned';
  switch (state.status) {
    case 'Finished':
      return 'Completed';
    case 'Suspended':
    case 'Running':
      return 'Running';
    default:
      return state.status;
  }
}

/**
 * Runs `event` on the locked instance and applies everything it causes. An assignment whose approvers
 * no longer resolve to anyone faults the instance with the spec's message (§5) instead of leaving a
 * task nobody can see.
 */
export async function runTransition(
  tx: TenantTx,
  facts: TransitionFacts,
  instance: InstanceRow,
  pinned: PinnedDefinition,
  event: WorkflowEvent,
): Promise<InstanceState> {
  // The record's values are read only when something needs them: a decision's condition (read up
  // front: conditions are evaluated synchronously), or an approver named by a field or the initiator.
  let record: RecordFacts | null = pinned.definition.activities.some(
    (activity) => activity.type === 'Decision',
  )
    ? await recordFacts(tx, facts.tenantId, instance)
    : null;
  const recordNow = async () => (record ??= await recordFacts(tx, facts.tenantId, instance));
  const context = {
    now: facts.now.toISOString(),
    evaluateCondition: (condition: string) => {
      const result = evaluateFormula(condition, record?.data ?? {}, { now: facts.now });
      if (result.error) throw new Error(`The condition could not be evaluated: ${result.error.message}`);
      return result.value === true;
    },
  };
  let { state, effects } = transition(pinned, instance.state, event, context);
  // The step acted on is the first the engine writes history for (Approve, Reject, SendBack …).
  const acted = effects.find((effect) => effect.type === 'history')?.entry ?? null;
  const createdTasks: CreatedTask[] = [];
  // Effects may end in a fault the engine must hear about (an assignment without people): loop.
  for (let round = 0; round < 3; round += 1) {
    const fault = await applyEffects(tx, facts, { ...instance, state }, recordNow, effects, createdTasks);
    if (!fault || state.status === 'Faulted') break;
    ({ state, effects } = transition(pinned, state, { type: 'fault', ...fault }, context));
  }
  await saveInstance(tx, facts.tenantId, instance.id, state, facts.now);
  const names = state.blocking
    .map((blocking) =>
      blocking.activityId === INITIATOR_ACTIVITY_ID
        ? 'Initiator'
        : (pinned.definition.activities.find((activity) => activity.activityId === blocking.activityId)
            ?.displayName ?? blocking.activityId),
    )
    .join(', ');
  await updateRecordWorkflow(
    tx,
    facts.tenantId,
    { moduleId: instance.module_id, recordId: instance.record_id },
    {
      instanceId: instance.id,
      workflowStatus: recordWorkflowStatus(state),
      activityName: names || null,
      completedOn: state.status === 'Finished' ? facts.now : null,
      faultedOn: state.status === 'Faulted' ? facts.now : null,
    },
  );
  // Notifications and e-mails of the event, committed with it (workflow-notices).
  await noticeTransition(
    tx,
    {
      tenantId: facts.tenantId,
      moduleId: instance.module_id,
      recordId: instance.record_id,
      actorId: facts.userId,
    },
    {
      event: event.type,
      actorId: facts.userId,
      initiatorId: instance.initiator_user,
      acted,
      actedTaskId: facts.taskId,
      message: facts.message,
      createdTasks,
      finished: state.status === 'Finished',
      faulted: state.status === 'Faulted',
    },
    facts.jobs?.enqueue,
  );
  return state;
}

/**
 * Carries the effects out in order (`instance` carries the new state: a job names the activation it
 * serves); answers the fault to report when an assignment found nobody. The tasks it creates are
 * added to `created` (their people hear about them once the transition is applied).
 */
async function applyEffects(
  tx: TenantTx,
  facts: TransitionFacts,
  instance: InstanceRow,
  recordNow: () => Promise<RecordFacts>,
  effects: WorkflowEffect[],
  created: CreatedTask[],
): Promise<{ activityId: string; message: string } | null> {
  const history: HistoryRow[] = [];
  // The actor's message (a rejection's reason, a send-back note) belongs to their own step: the first.
  const withMessage = (entry: HistoryRow): HistoryRow =>
    history.length === 0 && facts.message ? { ...entry, message: entry.message ?? facts.message } : entry;
  let fault: { activityId: string; message: string } | null = null;
  for (const effect of effects) {
    if (fault) break;
    switch (effect.type) {
      case 'history':
        history.push(withMessage(effect.entry));
        break;
      case 'cancelTasks':
        await cancelOpenTasks(tx, facts.tenantId, instance.id, effect.activityIds, facts.now);
        break;
      case 'createTask': {
        const needsRecord = effect.approvers.some((a) => a.type === 'field' || a.type === 'initiator');
        const record = needsRecord ? await recordNow() : { data: {}, initiator: null };
        const people = await resolveApprovers(tx, facts.tenantId, effect.approvers, record);
        if (people.userIds.length === 0) {
          fault = {
            activityId: effect.activityId,
            message: MESSAGES.assigneeUnavailable(effect.activityName),
          };
          break;
        }
        const taskId = await insertTask(tx, facts.tenantId, {
          instance,
          activityId: effect.activityId,
          activityTitle: effect.activityName,
          taskType: effect.taskType,
          actions: effect.actions,
          approvers: effect.approvers,
          assignedTeamId: people.teamId,
          assignedFrom: facts.userId,
          assignees: people.userIds,
          now: facts.now,
        });
        created.push({
          taskId,
          activityId: effect.activityId,
          activityName: effect.activityName,
          taskType: effect.taskType,
          assignees: people.userIds,
        });
        history.push({
          activityId: effect.activityId,
          activityType: effect.taskType,
          activityName: effect.activityName,
          actionType: 'Assigned',
          assignee: await userNames(tx, facts.tenantId, people.userIds),
        });
        break;
      }
      case 'cancelJobs':
      case 'scheduleJob':
        // Job activities run as pg-boss jobs (workflow-jobs.ts).
        await facts.jobs?.(tx, facts.tenantId, instance, effect);
        break;
    }
  }
  await insertHistory(tx, facts.tenantId, { instance, ...facts }, history);
  return fault;
}
