// The workflow engine: transition(definition, state, event) → new state + effects, with no I/O.
// The server loads the instance, calls transition, and applies the effects (tasks, jobs, history)
// and the new state in one transaction. See run.ts for what activating each activity does.
//
// Events and what they do (refusals throw WorkflowActionError with the code in brackets):
// - every event: the pinned definition must be the version the instance started on [version-mismatch].
// - start: a fresh instance only [not-active]. History Started, then runs from Start.
// - taskCompleted: the activity must wait on a task [activity-not-waiting; not-active once the
//   instance is Finished, Faulted or Cancelled] and the outcome be one of its outcomes
//   [unknown-outcome]. History Approve/Reject (Approval) or Completed (UserTask). An Approval's
//   Reject without a Reject connection returns the record to the initiator; else the outcome is
//   followed. On a returned record, taskCompleted of INITIATOR_ACTIVITY_ID with 'Resubmit' resubmits.
// - resubmit: only while returned to the initiator [activity-not-waiting]; runs from Start again.
// - sendBack: from an open task [activity-not-waiting] that allows it, to the initiator or a task
//   activity visited before [not-an-earlier-activity]; cancels what is open and re-activates the target.
// - withdraw: Running/Suspended only [not-active]; cancels everything, status Cancelled.
// - restart: from any status; cancels everything and runs from Start on a fresh state.
// - jobCompleted: the activity must wait on a job [activity-not-waiting]; the outcome (default Done)
//   must be one of its outcomes [unknown-outcome]. History Executed, then the outcome is followed.
// - fault: Running/Suspended only [not-active]; the instance faults at the given activity.
// - retry: Faulted only [not-faulted]; re-activates the activity that faulted.
import { activityLabel, activityOutcomes } from './outcomes.ts';
import {
  activateOne,
  addHistory,
  beginRun,
  cancelOpen,
  continueFrom,
  fail,
  findStart,
  finishRun,
  returnToInitiator,
  runFromStart,
  type Run,
} from './run.ts';
import { INITIATOR_ACTIVITY_ID, OUTCOME, WorkflowActionError } from './types.ts';
import type {
  InstanceState,
  PinnedDefinition,
  TransitionContext,
  TransitionResult,
  WorkflowActivity,
  WorkflowEvent,
} from './types.ts';

/** A new instance of a definition version, before its start event. */
export function initialState(version: number): InstanceState {
  return {
    definitionVersion: version,
    status: 'Running',
    blocking: [],
    joins: {},
    visited: [],
    returnedToInitiator: false,
    fault: null,
  };
}

function assertActive(run: Run): void {
  const { status } = run.state;
  if (status !== 'Running' && status !== 'Suspended') {
    throw new WorkflowActionError('not-active', `The workflow instance is ${status.toLowerCase()}`);
  }
}

function notWaiting(activityId: string, kind: 'task' | 'job'): WorkflowActionError {
  return new WorkflowActionError(
    'activity-not-waiting',
    `Activity '${activityId}' is not waiting for a ${kind === 'task' ? 'task' : 'job'}`,
  );
}

/** The activity waiting on a task or job of this kind, or a refusal. */
function waitingActivity(run: Run, activityId: string, kind: 'task' | 'job'): WorkflowActivity {
  const waiting = run.state.blocking.some((item) => item.activityId === activityId && item.kind === kind);
  const activity = run.index.activities.get(activityId);
  if (!waiting || !activity) throw notWaiting(activityId, kind);
  return activity;
}

function assertOutcome(activity: WorkflowActivity, outcome: string): void {
  if (!activityOutcomes(activity).includes(outcome)) {
    throw new WorkflowActionError(
      'unknown-outcome',
      `'${outcome}' is not an outcome of activity '${activity.activityId}'`,
    );
  }
}

function stopWaiting(run: Run, activityId: string): void {
  run.state.blocking = run.state.blocking.filter((item) => item.activityId !== activityId);
}

function start(run: Run): TransitionResult {
  const { state } = run;
  const fresh =
    state.status === 'Running' &&
    state.blocking.length === 0 &&
    state.visited.length === 0 &&
    !state.returnedToInitiator;
  if (!fresh) throw new WorkflowActionError('not-active', 'The workflow instance has already started');
  addHistory(run, findStart(run)?.activityId ?? '', 'Started');
  runFromStart(run);
  return finishRun(run);
}

function resubmit(run: Run): TransitionResult {
  assertActive(run);
  if (!run.state.returnedToInitiator) throw notWaiting(INITIATOR_ACTIVITY_ID, 'task');
  run.state.returnedToInitiator = false;
  stopWaiting(run, INITIATOR_ACTIVITY_ID);
  run.state.joins = {};
  run.state.visited = [];
  addHistory(run, INITIATOR_ACTIVITY_ID, 'Resubmitted');
  runFromStart(run);
  return finishRun(run);
}

function taskCompleted(run: Run, activityId: string, outcome: string): TransitionResult {
  assertActive(run);
  // The initiator's task on a returned record offers one button, Resubmit.
  if (activityId === INITIATOR_ACTIVITY_ID && run.state.returnedToInitiator) {
    if (outcome !== 'Resubmit') {
      throw new WorkflowActionError('unknown-outcome', `'${outcome}' is not an outcome of the initiator`);
    }
    return resubmit(run);
  }
  const activity = waitingActivity(run, activityId, 'task');
  assertOutcome(activity, outcome);
  stopWaiting(run, activityId);
  run.state.visited = [...run.state.visited.filter((id) => id !== activityId), activityId];
  if (activity.type === 'Approval') {
    addHistory(run, activityId, outcome === OUTCOME.reject ? 'Reject' : 'Approve', { outcome });
  } else {
    addHistory(run, activityId, 'Completed', { outcome });
  }
  const rejectPath = run.index.outgoing.get(activityId)?.some((c) => c.outcome === OUTCOME.reject);
  if (activity.type === 'Approval' && outcome === OUTCOME.reject && !rejectPath) {
    returnToInitiator(run);
  } else {
    continueFrom(run, activity, outcome);
  }
  return finishRun(run);
}

function sendBack(run: Run, fromActivityId: string, toActivityId: string): TransitionResult {
  assertActive(run);
  const { state } = run;
  if (!state.blocking.some((item) => item.activityId === fromActivityId && item.kind === 'task')) {
    throw notWaiting(fromActivityId, 'task');
  }
  const from = run.index.activities.get(fromActivityId);
  if (from?.properties.allowSendBack === false) {
    throw new WorkflowActionError(
      'not-an-earlier-activity',
      `Activity '${fromActivityId}' does not allow sending the record back`,
    );
  }
  const target = run.index.activities.get(toActivityId);
  const isEarlierTask =
    toActivityId !== fromActivityId &&
    state.visited.includes(toActivityId) &&
    (target?.type === 'Approval' || target?.type === 'UserTask');
  if (
    fromActivityId === INITIATOR_ACTIVITY_ID ||
    (toActivityId !== INITIATOR_ACTIVITY_ID && !isEarlierTask)
  ) {
    throw new WorkflowActionError(
      'not-an-earlier-activity',
      `'${toActivityId}' is not an earlier activity of '${fromActivityId}'`,
    );
  }
  // The server closes the task being acted on; everything else open is cancelled.
  stopWaiting(run, fromActivityId);
  cancelOpen(run, 'listed');
  state.joins = {};
  const targetIndex = state.visited.indexOf(toActivityId);
  state.visited = targetIndex < 0 ? [] : state.visited.slice(0, targetIndex);
  addHistory(run, fromActivityId, 'SendBack', { outcome: toActivityId });
  if (toActivityId === INITIATOR_ACTIVITY_ID) returnToInitiator(run);
  else activateOne(run, toActivityId);
  return finishRun(run);
}

function withdraw(run: Run): TransitionResult {
  assertActive(run);
  cancelOpen(run, 'all');
  run.state.status = 'Cancelled';
  run.state.joins = {};
  run.state.returnedToInitiator = false;
  addHistory(run, INITIATOR_ACTIVITY_ID, 'Withdraw');
  return { state: run.state, effects: run.effects };
}

function restart(run: Run): TransitionResult {
  cancelOpen(run, 'all');
  run.state = initialState(run.pinned.version);
  addHistory(run, findStart(run)?.activityId ?? '', 'Restart');
  runFromStart(run);
  return finishRun(run);
}

function jobCompleted(run: Run, activityId: string, outcome: string): TransitionResult {
  assertActive(run);
  const activity = waitingActivity(run, activityId, 'job');
  assertOutcome(activity, outcome);
  stopWaiting(run, activityId);
  addHistory(run, activityId, 'Executed', { outcome });
  const hasPath = run.index.outgoing.get(activityId)?.some((c) => c.outcome === outcome);
  if (activity.type === 'HttpRequest' && outcome === OUTCOME.unsupportedStatus && !hasPath) {
    const label = activityLabel(activity);
    fail(
      run,
      activityId,
      `HTTP request '${label}' returned an unsupported status code and has no '${OUTCOME.unsupportedStatus}' connection`,
    );
  } else {
    continueFrom(run, activity, outcome);
  }
  return finishRun(run);
}

function faultEvent(run: Run, activityId: string, message: string): TransitionResult {
  assertActive(run);
  fail(run, activityId, message || 'The activity failed');
  return finishRun(run);
}

function retry(run: Run): TransitionResult {
  const fault = run.state.fault;
  if (run.state.status !== 'Faulted' || fault === null) {
    throw new WorkflowActionError('not-faulted', 'Only a faulted workflow instance can be retried');
  }
  run.state.fault = null;
  run.state.status = 'Running';
  addHistory(run, fault.activityId, 'Retry');
  if (run.index.activities.has(fault.activityId)) activateOne(run, fault.activityId);
  else
    fail(
      run,
      fault.activityId,
      `Cannot retry: activity '${fault.activityId}' does not exist in the workflow`,
    );
  return finishRun(run);
}

/**
 * Applies one event to an instance. Pure: the inputs are never changed; the result holds a new
 * state and the effects in the order they happened. Throws WorkflowActionError when refused.
 */
export function transition(
  pinned: PinnedDefinition,
  state: InstanceState,
  event: WorkflowEvent,
  context: TransitionContext,
): TransitionResult {
  // Version pinning: an instance runs only the definition version it started on.
  if (pinned.version !== state.definitionVersion) {
    throw new WorkflowActionError(
      'version-mismatch',
      `The instance runs version ${state.definitionVersion} of the workflow, not version ${pinned.version}`,
    );
  }
  const run = beginRun(pinned, state, context);
  switch (event.type) {
    case 'start':
      return start(run);
    case 'taskCompleted':
      return taskCompleted(run, event.activityId, event.outcome);
    case 'resubmit':
      return resubmit(run);
    case 'sendBack':
      return sendBack(run, event.fromActivityId, event.toActivityId);
    case 'withdraw':
      return withdraw(run);
    case 'restart':
      return restart(run);
    case 'jobCompleted':
      return jobCompleted(run, event.activityId, event.outcome ?? OUTCOME.done);
    case 'fault':
      return faultEvent(run, event.activityId, event.message);
    case 'retry':
      return retry(run);
    default: {
      const unknown: never = event;
      throw new TypeError(`Unknown workflow event ${JSON.stringify(unknown)}`);
    }
  }
}
