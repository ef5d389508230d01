import { NOTIFICATION_TYPES, type EmailTemplateEvent, type NotificationTypeName } from '@formloop/domain';
import { INITIATOR_ACTIVITY_ID, type WorkflowEvent } from '@formloop/workflow';

// Who hears about a workflow event, and how (pure: the rules, without I/O). Each event gives
// notifications (one per person, worded by type) and e-mails (one per task, or one to the
// initiator, from the app's template for the event). The person who acted hears nothing about
// their own action.

/** A task a transition created, with the people it went to. */
export interface CreatedTask {
  taskId: string;
  activityId: string;
  activityName: string;
  taskType: string;
  assignees: string[];
}

/** What one transition did, as far as the people around the record are concerned. */
export interface TransitionSummary {
  event: WorkflowEvent['type'];
  actorId: string | null;
  initiatorId: string | null;
  /** The step acted on (the transition's first history entry): its name and how it ended. */
  acted: { activityName: string; actionType: string } | null;
  /** The task acted on, when the event came from one. */
  actedTaskId: string | null;
  message: string | null;
  createdTasks: CreatedTask[];
  /** The instance ended with this transition (Finished), or faulted (its new tasks are cancelled). */
  finished: boolean;
  faulted: boolean;
}

export interface PlannedNotice {
  userId: string;
  type: NotificationTypeName;
  step: string | null;
  taskId: string | null;
  message: string | null;
}

export interface PlannedMail {
  event: EmailTemplateEvent;
  userIds: string[];
  /** The step the mail is about: {{workflow_activity_name}} in its template. */
  step: string | null;
  /** The task its link opens (none: the record). */
  taskId: string | null;
}

export interface NoticePlan {
  notices: PlannedNotice[];
  mails: PlannedMail[];
}

/** Events whose new tasks are the workflow moving forward: their assignees get a task to do. */
const FORWARD_EVENTS: ReadonlySet<WorkflowEvent['type']> = new Set([
  'start',
  'resubmit',
  'taskCompleted',
  'jobCompleted',
  'retry',
]);

/** Collects a plan: never the actor, one notice per person and type and task. */
class PlanBuilder {
  private readonly notices = new Map<string, PlannedNotice>();
  private readonly mails: PlannedMail[] = [];

  constructor(private readonly actorId: string | null) {}

  notify(userIds: Iterable<string | null>, notice: Omit<PlannedNotice, 'userId'>): void {
    for (const userId of userIds) {
      if (!userId || userId === this.actorId) continue;
      const key = `${userId}/${notice.type}/${notice.taskId ?? ''}`;
      if (!this.notices.has(key)) this.notices.set(key, { userId, ...notice });
    }
  }

  mail(userIds: Iterable<string | null>, mail: Omit<PlannedMail, 'userIds'>): void {
    const to = [...new Set([...userIds].filter((id): id is string => !!id && id !== this.actorId))];
    if (to.length > 0) this.mails.push({ ...mail, userIds: to });
  }

  build(): NoticePlan {
    return { notices: [...this.notices.values()], mails: this.mails };
  }
}

/** The notices and e-mails of one transition. */
export function planTransitionNotices(summary: TransitionSummary): NoticePlan {
  const plan = new PlanBuilder(summary.actorId);
  const { event, initiatorId, acted, message } = summary;
  // A faulted instance cancelled whatever it had just assigned: nobody has a task to hear about.
  const tasks = summary.faulted ? [] : summary.createdTasks;
  // The initiator's Resubmit task after a rejection or a send-back is announced by that event.
  const initiatorTask = tasks.find((task) => task.activityId === INITIATOR_ACTIVITY_ID) ?? null;
  const rejected = event === 'taskCompleted' && acted?.actionType === 'Reject';
  const actedStep = acted?.activityName ?? null;

  if (event === 'sendBack' || event === 'restart') {
    const type = event === 'sendBack' ? NOTIFICATION_TYPES.sendback : NOTIFICATION_TYPES.restart;
    for (const task of tasks) {
      const step = task.activityName;
      plan.notify(task.assignees, { type, step, taskId: task.taskId, message });
      plan.mail(task.assignees, {
        event: event === 'sendBack' ? 'sendback' : 'restart',
        step,
        taskId: task.taskId,
      });
    }
    // The initiator hears about a restart once: as an assignee above, or here.
    const initiatorAssigned = tasks.some((task) => task.assignees.includes(initiatorId ?? ''));
    if (event === 'restart' && !initiatorAssigned) {
      plan.notify([initiatorId], { type, step: tasks[0]?.activityName ?? null, taskId: null, message });
    }
  } else if (FORWARD_EVENTS.has(event)) {
    for (const task of tasks) {
      if (task === initiatorTask && rejected) continue;
      plan.notify(task.assignees, {
        type: NOTIFICATION_TYPES.assigned,
        step: task.activityName,
        taskId: task.taskId,
        message: null,
      });
      plan.mail(task.assignees, { event: 'submit', step: task.activityName, taskId: task.taskId });
    }
  }

  if (event === 'taskCompleted' && acted) {
    const taskId = rejected ? (initiatorTask?.taskId ?? summary.actedTaskId) : summary.actedTaskId;
    const type = rejected ? NOTIFICATION_TYPES.rejected : NOTIFICATION_TYPES.approve;
    plan.notify([initiatorId], { type, step: actedStep, taskId, message });
    plan.mail([initiatorId], { event: rejected ? 'rejected' : 'approve', step: actedStep, taskId });
  }

  if (summary.finished && !summary.faulted) {
    const taskId = summary.actedTaskId;
    plan.notify([initiatorId], {
      type: NOTIFICATION_TYPES.completed,
      step: actedStep,
      taskId,
      message: null,
    });
    plan.mail([initiatorId], { event: 'completed', step: actedStep, taskId });
  }
  return plan.build();
}

/** A task reassigned to `assignee`: they hear about it, unless they did it themselves. */
export function planReassignment(facts: {
  actorId: string;
  assignee: string;
  taskId: string;
  step: string;
  message: string | null;
}): NoticePlan {
  const plan = new PlanBuilder(facts.actorId);
  const { taskId, step, message } = facts;
  plan.notify([facts.assignee], { type: NOTIFICATION_TYPES.reassign, step, taskId, message });
  plan.mail([facts.assignee], { event: 'reassign', step, taskId });
  return plan.build();
}

/**
 * A comment on a record: its initiator and creator, and whoever has an open task on it (with that
 * task), hear about it; the commenter does not. No e-mail: comments have no template.
 */
export function planComment(facts: {
  actorId: string;
  initiatorId: string | null;
  creatorId: string | null;
  openTasks: Array<{ taskId: string; userId: string }>;
  step: string | null;
  message: string;
}): NoticePlan {
  const plan = new PlanBuilder(facts.actorId);
  const notice = { type: NOTIFICATION_TYPES.comment, step: facts.step, message: facts.message };
  const withTask = new Map<string, string>();
  for (const { taskId, userId } of facts.openTasks) if (!withTask.has(userId)) withTask.set(userId, taskId);
  for (const [userId, taskId] of withTask) plan.notify([userId], { ...notice, taskId });
  const people = [facts.initiatorId, facts.creatorId].filter((id): id is string => !!id && !withTask.has(id));
  plan.notify(people, { ...notice, taskId: null });
  return plan.build();
}

export const isEmptyPlan = (plan: NoticePlan) => plan.notices.length === 0 && plan.mails.length === 0;
