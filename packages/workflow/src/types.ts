// The workflow contract shared by the engine, the server and the designer. The definition is the
// spec's designer payload (§3), which is the Elsa Workflows 2.x shape (notes/workflow-format.md):
// activities {type, activityId, name, displayName, position, properties} and connections
// {sourceActivityId, targetActivityId, outcome}. Our `properties` is a plain object keyed by property
// name; Elsa's [{name, syntax, expressions}] arrays are converted on import and export.

/** The activity kinds of the designer's palette. */
export const ACTIVITY_TYPES = [
  'Start',
  'Approval',
  'UserTask',
  'Decision',
  'Fork',
  'Join',
  'SendEmail',
  'HttpRequest',
  'SetField',
  'Timer',
  'End',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** Activities that create tasks (and so become selectable activities of the field-permission matrix). */
export const TASK_ACTIVITY_TYPES = ['Approval', 'UserTask'] as const satisfies readonly ActivityType[];
/** Activities the server runs as background jobs (pg-boss) with retries. */
export const JOB_ACTIVITY_TYPES = [
  'SendEmail',
  'HttpRequest',
  'SetField',
  'Timer',
] as const satisfies readonly ActivityType[];
export type JobActivityType = (typeof JOB_ACTIVITY_TYPES)[number];

/** Fixed outcomes. A UserTask's outcomes are its `actions`; a Fork's are its `branches`. */
export const OUTCOME = {
  done: 'Done',
  approve: 'Approve',
  reject: 'Reject',
  true: 'True',
  false: 'False',
  unsupportedStatus: 'Unsupported Status Code',
} as const;

/** The synthetic activity of the record's initiator: a record returned to them waits here. */
export const INITIATOR_ACTIVITY_ID = 'fs-start';

export interface Position {
  x: number;
  y: number;
}

export interface WorkflowActivity {
  activityId: string;
  /** One of ACTIVITY_TYPES; an imported Elsa activity of another kind keeps its type and fails validation. */
  type: string;
  name: string;
  displayName: string;
  position?: Position;
  properties: Record<string, unknown>;
}

export interface WorkflowConnection {
  sourceActivityId: string;
  targetActivityId: string;
  outcome: string;
}

/** What workflow_draft / workflow_published hold. */
export interface WorkflowDefinition {
  activities: WorkflowActivity[];
  connections: WorkflowConnection[];
}

/** A definition as an instance runs it: the app version it was published with (version pinning). */
export interface PinnedDefinition {
  version: number;
  definition: WorkflowDefinition;
}

// ── Activity properties (typed views of `properties`) ─────────────────────────────────────────────

/**
 * One approver of an assignment expression (spec §3: a list of approvers, each with approver_id).
 * approver_id is a user id, team id or role id; for `field` the name of a user field of the record;
 * for `initiator` the literal 'initiator'. `name` is the label shown in the designer.
 */
export interface Approver {
  approver_id: string;
  type: 'user' | 'team' | 'role' | 'field' | 'initiator';
  name?: string;
}

export interface TaskProperties {
  /** Who gets the task. */
  assignment: Approver[];
  /** UserTask only: its action buttons and so its outcomes (default ['Done']). Approval: Approve/Reject. */
  actions?: string[];
  /** Whether the assignee may send the record back to an earlier activity (default true). */
  allowSendBack?: boolean;
}

export interface DecisionProperties {
  /** A formula over the record's fields (packages/formula) that yields true or false. */
  condition: string;
}

export interface ForkProperties {
  /** Branch names: the Fork's outcomes, each leaving on its own connection. */
  branches: string[];
}

export interface JoinProperties {
  /** WaitAll (default): continue when every incoming branch arrived. WaitAny: on the first. */
  mode?: 'WaitAll' | 'WaitAny';
}

export interface SendEmailProperties {
  /** Comma-separated addresses; `{fieldName}` placeholders and `initiator` are resolved by the server. */
  to: string;
  subject: string;
  body: string;
}

export interface HttpRequestProperties {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Status codes that count as Done (default 200–299); others leave on 'Unsupported Status Code'. */
  expectedStatus?: number[];
}

export interface SetFieldProperties {
  /** The record field to set. */
  field: string;
  /** A formula whose value is written into the field. */
  value: string;
}

export interface TimerProperties {
  /** ISO 8601 duration, e.g. PT30M or P1D. */
  duration: string;
}

// ── Instances ──────────────────────────────────────────────────────────────────────────────────────

/** Elsa's instance statuses (workflow-format.md). The record's status (spec §4) is derived from it. */
export type InstanceStatus = 'Running' | 'Suspended' | 'Finished' | 'Faulted' | 'Cancelled';

/** An activity the instance waits on: a task for people, or a job the server runs. */
export interface BlockingActivity {
  activityId: string;
  kind: 'task' | 'job';
  /** ISO time it started waiting. */
  since: string;
}

export interface InstanceFault {
  activityId: string;
  message: string;
  /** ISO time. */
  at: string;
}

/** The persisted state of one instance (workflow_instances.state). Plain JSON. */
export interface InstanceState {
  /** The app version whose definition this instance runs; a transition with another version is refused. */
  definitionVersion: number;
  status: InstanceStatus;
  blocking: BlockingActivity[];
  /**
   * Join activity id → the source activity ids that have arrived since it last fired. A WaitAny
   * Join keeps the arrivals of the round that fired it (so the round's later arrivals are ignored)
   * until every source has arrived.
   */
  joins: Record<string, string[]>;
  /** Task activities completed so far, oldest first: the targets a send-back may choose. */
  visited: string[];
  /** Set while the record waits at the initiator (rejected without a Reject path, or sent back to start). */
  returnedToInitiator: boolean;
  fault: InstanceFault | null;
}

// ── Events (what happened) ─────────────────────────────────────────────────────────────────────────

export type WorkflowEvent =
  /** Submit: run from Start. */
  | { type: 'start' }
  /** A task activity was acted on: approve → 'Approve', reject → 'Reject', a UserTask → one of its actions. */
  | { type: 'taskCompleted'; activityId: string; outcome: string }
  /** The initiator resubmitted a returned record: run from Start again. */
  | { type: 'resubmit' }
  /** goback: from an open task activity back to an earlier visited task activity or INITIATOR_ACTIVITY_ID. */
  | { type: 'sendBack'; fromActivityId: string; toActivityId: string }
  /** The initiator takes the submission back: every task and job is cancelled. */
  | { type: 'withdraw' }
  /** Start over from Start, cancelling whatever is open (also from Faulted, Finished or Cancelled). */
  | { type: 'restart' }
  /** A job finished. `outcome` defaults to Done (HttpRequest may report 'Unsupported Status Code'). */
  | { type: 'jobCompleted'; activityId: string; outcome?: string }
  /** A job failed for good (retries exhausted) or an assignment could not be resolved: the instance faults. */
  | { type: 'fault'; activityId: string; message: string }
  /** Retry a faulted instance from the activity that failed. */
  | { type: 'retry' };

/** What the engine needs from the outside world, passed in so the engine stays pure. */
export interface TransitionContext {
  /** ISO time of the transition. */
  now: string;
  /** Evaluates a Decision's condition against the record; throws with a message when it cannot. */
  evaluateCondition: (condition: string, activity: WorkflowActivity) => boolean;
}

// ── Effects (what the server must do, in the same transaction) ────────────────────────────────────

export type HistoryActionType =
  | 'Started'
  | 'Approve'
  | 'Reject'
  | 'Completed'
  | 'Returned'
  | 'Resubmitted'
  | 'SendBack'
  | 'Withdraw'
  | 'Restart'
  | 'Executed'
  | 'Faulted'
  | 'Retry'
  | 'Finished';

export interface HistoryEntry {
  activityId: string;
  activityType: string;
  activityName: string;
  actionType: HistoryActionType;
  /** The outcome taken (e.g. Approve, True, a branch name), when there was one. */
  outcome?: string;
  message?: string;
}

export type WorkflowEffect =
  | {
      type: 'createTask';
      activityId: string;
      activityName: string;
      /** 'Resubmit' is the initiator's task on a returned record (activity INITIATOR_ACTIVITY_ID). */
      taskType: 'Approval' | 'UserTask' | 'Resubmit';
      approvers: Approver[];
      /** The outcomes the task's buttons offer. */
      actions: string[];
    }
  /** Cancel the open tasks of these activities ('all': every open task of the instance). */
  | { type: 'cancelTasks'; activityIds: string[] | 'all' }
  /** Cancel the pending jobs of these activities. */
  | { type: 'cancelJobs'; activityIds: string[] | 'all' }
  /** Run an activity as a job; a Timer's job starts at `runAt` (ISO). */
  | {
      type: 'scheduleJob';
      activityId: string;
      activityType: JobActivityType;
      properties: Record<string, unknown>;
      runAt?: string;
    }
  | { type: 'history'; entry: HistoryEntry };

export interface TransitionResult {
  state: InstanceState;
  effects: WorkflowEffect[];
}

/** Why an action is refused; the server maps codes to HTTP errors and the spec's messages. */
export type WorkflowErrorCode =
  | 'version-mismatch'
  | 'not-active'
  | 'activity-not-waiting'
  | 'unknown-outcome'
  | 'not-an-earlier-activity'
  | 'not-faulted'
  | 'invalid-definition';

export class WorkflowActionError extends Error {
  constructor(
    readonly code: WorkflowErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WorkflowActionError';
  }
}

// ── Validation ─────────────────────────────────────────────────────────────────────────────────────

export type ValidationCode =
  | 'no-start'
  | 'multiple-starts'
  | 'no-end'
  | 'unknown-type'
  | 'duplicate-id'
  | 'dangling-connection'
  | 'unknown-outcome'
  | 'unreachable'
  | 'dead-end'
  | 'missing-assignees'
  | 'decision-branches'
  | 'missing-condition'
  | 'fork-branches'
  | 'join-inputs'
  | 'missing-property';

/** One problem found before publishing; the designer translates it by code. */
export interface ValidationIssue {
  code: ValidationCode;
  /** The activity concerned, when there is one. */
  activityId?: string;
  /** Extra words for the message (e.g. the outcome or property name). */
  detail?: string;
}
