import { notificationContent, notificationParamsRecord } from '@formloop/domain';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { notifyUsers, type NewNotification } from '../notifications/index.ts';
import { buildEventMails, EVENT_MAIL_QUEUE, EVENT_MAIL_RETRY_LIMIT, mailEvents } from './event-mail.ts';
import {
  planComment,
  planReassignment,
  planTransitionNotices,
  type NoticePlan,
  type TransitionSummary,
} from './notice-plan.ts';
import {
  insertEmailLogs,
  openTaskAssignees,
  readNoticeFacts,
  type NoticeFacts,
} from './workflow-notices.repository.ts';

// Workflow event notices (issue 8), inside the transaction of the event: notifications (each pushed
// to its reader through the hub on commit), and e-mails — a send log row and a pg-boss job each,
// sent by event-mail-worker.ts. All of it commits with the event, or none of it. An event that
// concerns nobody but its actor costs nothing: no statement runs.

/** Adds pg-boss jobs in the caller's transaction (they exist exactly when it commits). */
export type JobEnqueue = (
  tx: TenantTx,
  jobs: Array<{
    name: string;
    data: object;
    retryLimit?: number;
    retryDelay?: number;
    retryBackoff?: boolean;
  }>,
) => Promise<void>;

export interface NoticeSubject {
  tenantId: string;
  moduleId: string;
  recordId: string;
  actorId: string | null;
}

/** Writes the plan's notifications and queues its e-mails (when a queue is at hand); nothing to do, no query. */
async function deliverNotices(
  tx: TenantTx,
  subject: NoticeSubject,
  plan: NoticePlan,
  enqueue?: JobEnqueue,
): Promise<void> {
  const mails = enqueue ? plan.mails : [];
  if (plan.notices.length === 0 && mails.length === 0) return;
  const facts = await readNoticeFacts(tx, subject.tenantId, {
    moduleId: subject.moduleId,
    recordId: subject.recordId,
    actorId: subject.actorId,
    mail:
      mails.length > 0
        ? { events: mailEvents(mails), userIds: [...new Set(mails.flatMap((mail) => mail.userIds))] }
        : null,
  });
  if (!facts) return;
  const writes: Array<Promise<unknown>> = [notifyUsers(tx, notificationsOf(subject, facts, plan))];
  if (facts.mail && enqueue) {
    const context = { ...subject, appName: facts.app_name };
    const { logs, jobs } = buildEventMails(context, facts.mail, mails);
    if (jobs.length > 0) {
      writes.push(
        insertEmailLogs(tx, logs),
        enqueue(
          tx,
          jobs.map((data) => ({
            name: EVENT_MAIL_QUEUE,
            data,
            retryLimit: EVENT_MAIL_RETRY_LIMIT,
            retryDelay: 1,
            retryBackoff: true,
          })),
        ),
      );
    }
  }
  // Independent statements on one connection: issued together, they travel back to back.
  await Promise.all(writes);
}

function notificationsOf(subject: NoticeSubject, facts: NoticeFacts, plan: NoticePlan): NewNotification[] {
  return plan.notices.map((notice) => {
    const params = {
      app: facts.app_name,
      step: notice.step ?? undefined,
      actor: facts.actor_name ?? undefined,
      message: notice.message ?? undefined,
    };
    return {
      tenantId: subject.tenantId,
      userId: notice.userId,
      content: notificationContent(notice.type, params),
      typeName: notice.type,
      currentStep: notice.step,
      taskId: notice.taskId,
      moduleId: subject.moduleId,
      recordId: subject.recordId,
      recordCreatedBy: facts.created_by,
      params: notificationParamsRecord(params),
    };
  });
}

/** The notices of one workflow transition (workflow-runner.ts calls this once it is applied). */
export async function noticeTransition(
  tx: TenantTx,
  subject: NoticeSubject,
  summary: TransitionSummary,
  enqueue?: JobEnqueue,
): Promise<void> {
  const plan = planTransitionNotices(summary);
  await deliverNotices(tx, subject, plan, enqueue);
}

/** The notice of a reassigned task (the three reassign calls). */
export async function noticeReassignment(
  tx: TenantTx,
  subject: NoticeSubject & { actorId: string },
  task: { taskId: string; step: string; assignee: string; message: string | null },
  enqueue?: JobEnqueue,
): Promise<void> {
  const plan = planReassignment({ ...task, actorId: subject.actorId });
  await deliverNotices(tx, subject, plan, enqueue);
}

/** The notices of a comment on a record. */
export async function noticeComment(
  tx: TenantTx,
  subject: NoticeSubject & { actorId: string },
  record: { initiatorId: string | null; creatorId: string | null; step: string | null; message: string },
): Promise<void> {
  const openTasks = await openTaskAssignees(tx, subject.tenantId, subject.recordId);
  const plan = planComment({ ...record, actorId: subject.actorId, openTasks });
  await deliverNotices(tx, subject, plan);
}
