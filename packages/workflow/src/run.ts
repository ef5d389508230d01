// One transition's working state and the run loop that activates activities until every path
// waits (on a task or a job), ends, or the instance faults. The input state is copied first, so the
// loop may change `run.state` freely while the caller's state stays untouched.
//
// Activation, by type:
// - Start: follows Done.
// - Approval / UserTask: waits on a task (createTask). An activity already waiting gets no second task.
// - Decision: follows True or False from context.evaluateCondition; a throwing condition faults here.
// - Fork: follows every outgoing connection, in definition order (one path per branch).
// - Join: records which source arrived (state.joins). WaitAll fires once every distinct source of
//   its incoming connections has arrived, then forgets the arrivals. WaitAny fires on the first
//   arrival of a round and keeps the arrivals so the round's later arrivals are ignored; the round
//   ends when every source has arrived. A source arriving again within a round (a loop came back
//   round) starts a new round and fires again. Restart, resubmit and send-back forget all arrivals.
// - SendEmail / HttpRequest / SetField / Timer: waits on a job (scheduleJob; a Timer's runs at now + duration).
// - End: its path ends.
// Following an outcome takes every connection on it, in definition order; an outcome without a
// connection faults (the callers handle an Approval's Reject, which returns to the initiator).
import { addIsoDuration } from './durations.ts';
import { connectionsOn, indexDefinition, type DefinitionIndex } from './definition-index.ts';
import { isRecord, plainJson, plainRecord } from './json.ts';
import { activityLabel, activityOutcomes } from './outcomes.ts';
import { INITIATOR_ACTIVITY_ID, OUTCOME } from './types.ts';
import type {
  Approver,
  HistoryActionType,
  HistoryEntry,
  InstanceState,
  JobActivityType,
  PinnedDefinition,
  TransitionContext,
  TransitionResult,
  WorkflowActivity,
  WorkflowEffect,
} from './types.ts';

/** More activations than this in one transition means a loop that never waits. */
export const MAX_ACTIVATIONS = 1000;

export interface Run {
  readonly pinned: PinnedDefinition;
  readonly index: DefinitionIndex;
  readonly context: TransitionContext;
  /** A private copy of the instance state. */
  state: InstanceState;
  readonly effects: WorkflowEffect[];
  activations: number;
  /** The last End reached: the activity of the Finished history entry. */
  lastEndId: string | null;
  failure: { activityId: string; message: string } | null;
}

/** One activity to activate; `from` is the activity whose connection led here (Joins need it). */
interface Activation {
  activityId: string;
  from?: string;
}

function copyState(state: InstanceState): InstanceState {
  return {
    definitionVersion: state.definitionVersion,
    status: state.status,
    blocking: state.blocking.map((item) => ({ ...item })),
    joins: Object.fromEntries(Object.entries(state.joins).map(([id, sources]) => [id, [...sources]])),
    visited: [...state.visited],
    returnedToInitiator: state.returnedToInitiator,
    fault: state.fault ? { ...state.fault } : null,
  };
}

export function beginRun(pinned: PinnedDefinition, state: InstanceState, context: TransitionContext): Run {
  return {
    pinned,
    index: indexDefinition(pinned.definition),
    context,
    state: copyState(state),
    effects: [],
    activations: 0,
    lastEndId: null,
    failure: null,
  };
}

/** The first Start of the definition (validation makes sure there is exactly one). */
export function findStart(run: Run): WorkflowActivity | undefined {
  return run.pinned.definition.activities.find((activity) => activity.type === 'Start');
}

export function addHistory(
  run: Run,
  activityId: string,
  actionType: HistoryActionType,
  extra: { outcome?: string; message?: string } = {},
): void {
  const activity = run.index.activities.get(activityId);
  const initiator = activityId === INITIATOR_ACTIVITY_ID;
  const entry: HistoryEntry = {
    activityId,
    activityType: activity?.type ?? (initiator ? 'Initiator' : ''),
    activityName: activity ? activityLabel(activity) : initiator ? 'Initiator' : activityId,
    actionType,
  };
  if (extra.outcome !== undefined) entry.outcome = extra.outcome;
  if (extra.message !== undefined) entry.message = extra.message;
  run.effects.push({ type: 'history', entry });
}

/** Marks the instance as faulted at an activity; the run loop stops and finishRun does the rest. */
export function fail(run: Run, activityId: string, message: string): void {
  if (run.failure === null) run.failure = { activityId, message };
}

/**
 * Cancels whatever the instance waits on and forgets it. 'all' asks the server to cancel every open
 * task/job of the instance; 'listed' names them, for actions where the server itself closes the task
 * being acted on (it is then no longer in `blocking`). No effect is emitted when nothing is open.
 */
export function cancelOpen(run: Run, style: 'all' | 'listed'): void {
  const tasks = run.state.blocking.filter((item) => item.kind === 'task').map((item) => item.activityId);
  const jobs = run.state.blocking.filter((item) => item.kind === 'job').map((item) => item.activityId);
  if (tasks.length > 0)
    run.effects.push({ type: 'cancelTasks', activityIds: style === 'all' ? 'all' : tasks });
  if (jobs.length > 0) run.effects.push({ type: 'cancelJobs', activityIds: style === 'all' ? 'all' : jobs });
  run.state.blocking = [];
}

/** The record goes back to its initiator, who may resubmit it (reject without a Reject path, send back). */
export function returnToInitiator(run: Run): void {
  cancelOpen(run, 'listed');
  run.state.blocking = [{ activityId: INITIATOR_ACTIVITY_ID, kind: 'task', since: run.context.now }];
  run.state.returnedToInitiator = true;
  run.state.joins = {};
  // Nothing is earlier than the initiator: the run after resubmitting starts a fresh trail.
  run.state.visited = [];
  run.effects.push({
    type: 'createTask',
    activityId: INITIATOR_ACTIVITY_ID,
    activityName: 'Initiator',
    taskType: 'Resubmit',
    approvers: [{ approver_id: 'initiator', type: 'initiator' }],
    actions: ['Resubmit'],
  });
  addHistory(run, INITIATOR_ACTIVITY_ID, 'Returned');
}

function follow(run: Run, activity: WorkflowActivity, outcome: string, queue: Activation[]): void {
  const connections = connectionsOn(run.index, activity.activityId, outcome);
  if (connections.length === 0) {
    fail(run, activity.activityId, `No connection for outcome '${outcome}' of '${activityLabel(activity)}'`);
    return;
  }
  for (const connection of connections) {
    queue.push({ activityId: connection.targetActivityId, from: activity.activityId });
  }
}

function isWaiting(run: Run, activityId: string): boolean {
  return run.state.blocking.some((item) => item.activityId === activityId);
}

const APPROVER_TYPES: ReadonlySet<string> = new Set(['user', 'team', 'role', 'field', 'initiator']);

function readApprovers(value: unknown): Approver[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => isRecord(item))
    .filter((item) => typeof item.approver_id === 'string' && APPROVER_TYPES.has(String(item.type)))
    .map((item) => plainJson(item) as Approver);
}

function openTask(run: Run, activity: WorkflowActivity): void {
  if (isWaiting(run, activity.activityId)) return;
  run.state.blocking.push({ activityId: activity.activityId, kind: 'task', since: run.context.now });
  run.effects.push({
    type: 'createTask',
    activityId: activity.activityId,
    activityName: activityLabel(activity),
    taskType: activity.type === 'Approval' ? 'Approval' : 'UserTask',
    approvers: readApprovers(activity.properties.assignment),
    actions: activityOutcomes(activity),
  });
}

function scheduleJob(run: Run, activity: WorkflowActivity): void {
  if (isWaiting(run, activity.activityId)) return;
  let runAt: string | undefined;
  if (activity.type === 'Timer') {
    const duration = activity.properties.duration;
    runAt = addIsoDuration(run.context.now, typeof duration === 'string' ? duration : '') ?? undefined;
    if (runAt === undefined) {
      const text = typeof duration === 'string' ? duration : JSON.stringify(duration ?? null);
      fail(
        run,
        activity.activityId,
        `Timer '${activityLabel(activity)}' has an invalid duration '${text}' (expected ISO 8601, e.g. PT30M)`,
      );
      return;
    }
  }
  run.state.blocking.push({ activityId: activity.activityId, kind: 'job', since: run.context.now });
  run.effects.push({
    type: 'scheduleJob',
    activityId: activity.activityId,
    activityType: activity.type as JobActivityType,
    properties: plainRecord(activity.properties),
    ...(runAt === undefined ? {} : { runAt }),
  });
}

function decide(run: Run, activity: WorkflowActivity, queue: Activation[]): void {
  const condition = activity.properties.condition;
  let result: boolean;
  try {
    result = run.context.evaluateCondition(typeof condition === 'string' ? condition : '', activity);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    fail(run, activity.activityId, message || `The condition of '${activityLabel(activity)}' failed`);
    return;
  }
  follow(run, activity, result === true ? OUTCOME.true : OUTCOME.false, queue);
}

function fork(run: Run, activity: WorkflowActivity, queue: Activation[]): void {
  const connections = run.index.outgoing.get(activity.activityId) ?? [];
  if (connections.length === 0) {
    fail(run, activity.activityId, `No connection for any branch of '${activityLabel(activity)}'`);
    return;
  }
  for (const connection of connections) {
    queue.push({ activityId: connection.targetActivityId, from: activity.activityId });
  }
}

function arriveAtJoin(run: Run, join: WorkflowActivity, from: string | undefined, queue: Activation[]): void {
  const joins = run.state.joins;
  const id = join.activityId;
  // Re-activated without a source (retry after it faulted): it had fired, so it fires again.
  if (from === undefined) {
    delete joins[id];
    follow(run, join, OUTCOME.done, queue);
    return;
  }
  const sources = run.index.incomingSources.get(id) ?? [];
  const arrived = joins[id] ?? [];
  const allArrived = (list: string[]) => sources.every((source) => list.includes(source));
  if (join.properties.mode === 'WaitAny') {
    const newRound = arrived.length === 0 || arrived.includes(from);
    const next = newRound ? [from] : [...arrived, from];
    if (allArrived(next)) delete joins[id];
    else joins[id] = next;
    if (newRound) follow(run, join, OUTCOME.done, queue);
    return;
  }
  const next = arrived.includes(from) ? arrived : [...arrived, from];
  if (allArrived(next)) {
    delete joins[id];
    follow(run, join, OUTCOME.done, queue);
  } else {
    joins[id] = next;
  }
}

function activate(run: Run, item: Activation, queue: Activation[]): void {
  const activity = run.index.activities.get(item.activityId);
  if (!activity) {
    fail(run, item.activityId, `Activity '${item.activityId}' does not exist in the workflow definition`);
    return;
  }
  switch (activity.type) {
    case 'Start':
      return follow(run, activity, OUTCOME.done, queue);
    case 'Approval':
    case 'UserTask':
      return openTask(run, activity);
    case 'Decision':
      return decide(run, activity, queue);
    case 'Fork':
      return fork(run, activity, queue);
    case 'Join':
      return arriveAtJoin(run, activity, item.from, queue);
    case 'SendEmail':
    case 'HttpRequest':
    case 'SetField':
    case 'Timer':
      return scheduleJob(run, activity);
    case 'End':
      run.lastEndId = activity.activityId;
      return;
    default:
      fail(
        run,
        activity.activityId,
        `'${activityLabel(activity)}' has the unsupported type '${activity.type}'`,
      );
  }
}

/** Activates activities breadth-first until every path waits or ends, or the instance faults. */
export function runActivations(run: Run, first: Activation[]): void {
  const queue = [...first];
  for (let next = 0; next < queue.length && run.failure === null; next += 1) {
    const item = queue[next] as Activation;
    run.activations += 1;
    if (run.activations > MAX_ACTIVATIONS) {
      const activity = run.index.activities.get(item.activityId);
      const label = activity ? activityLabel(activity) : item.activityId;
      fail(
        run,
        item.activityId,
        `The workflow ran more than ${MAX_ACTIVATIONS} activities without waiting; it loops at '${label}'`,
      );
      return;
    }
    activate(run, item, queue);
  }
}

/** Runs from the definition's Start (start, restart, resubmit). */
export function runFromStart(run: Run): void {
  const start = findStart(run);
  if (!start) fail(run, '', 'The workflow has no Start activity');
  else runActivations(run, [{ activityId: start.activityId }]);
}

/** Follows `outcome` of an activity that just completed, then runs on. */
export function continueFrom(run: Run, activity: WorkflowActivity, outcome: string): void {
  const queue: Activation[] = [];
  follow(run, activity, outcome, queue);
  if (run.failure === null) runActivations(run, queue);
}

/** Re-activates one activity (send back, retry). */
export function activateOne(run: Run, activityId: string): void {
  runActivations(run, [{ activityId }]);
}

/**
 * Settles the status after a run: Faulted (everything open is cancelled, the fault is recorded),
 * Finished when nothing waits any more, else Suspended.
 */
export function finishRun(run: Run): TransitionResult {
  const { state } = run;
  if (run.failure !== null) {
    cancelOpen(run, 'all');
    state.status = 'Faulted';
    state.returnedToInitiator = false;
    state.fault = { ...run.failure, at: run.context.now };
    addHistory(run, run.failure.activityId, 'Faulted', { message: run.failure.message });
  } else if (state.blocking.length === 0 && !state.returnedToInitiator) {
    state.status = 'Finished';
    addHistory(run, run.lastEndId ?? '', 'Finished');
  } else {
    state.status = 'Suspended';
  }
  return { state, effects: run.effects };
}
