// Notifications of workflow events and comments (spec §3 Notification, §4 server push). The server
// stores a type name (notification_type_name), the values of the event (notification_params: app,
// step, actor, message) and an English sentence (notification_content); the web app words the
// notice in the reader's language from the type and the values, and shows the content only for
// a type it does not know.

/** notification_type_name of each event (the web app's notifications namespace has a text per type). */
export const NOTIFICATION_TYPES = {
  /** A task was created for the reader (submission, the workflow moving on, a resubmission). */
  assigned: 'assigned',
  /** The reader's record was approved at a step. */
  approve: 'approve',
  /** The reader's record was rejected at a step (params.message: the reason). */
  rejected: 'rejected',
  /** A record was sent back to a step the reader acts on. */
  sendback: 'sendback',
  /** The process of a record the reader started or now acts on was restarted. */
  restart: 'restart',
  /** The process of the reader's record is completed. */
  completed: 'completed',
  /** Someone commented on a record the reader started or has a task on (params.message: the comment). */
  comment: 'comment',
  /** A task was reassigned to the reader. */
  reassign: 'reassign',
  /** A large report export the reader asked for is ready (params.app: the report's name, params.exportId). */
  exportready: 'exportready',
  /** A large report export the reader asked for could not be made (params as exportready). */
  exportfailed: 'exportfailed',
} as const;

export type NotificationTypeName = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];

/** The values a notification is worded with; absent ones are left out (never empty strings). */
export interface NotificationParams {
  /** The app's display name. */
  app: string;
  /** The workflow step (activity name) the event is about. */
  step?: string;
  /** Who acted (full name). */
  actor?: string;
  /** The actor's note: a rejection's reason, a send-back or restart message, the comment. */
  message?: string;
  /** Report exports: the background export the notice is about. */
  exportId?: string;
}

/** Who acted, when the event has no person behind it (a job or timer moving the workflow on). */
const NO_ACTOR = 'Someone';

/** What the message adds to a sentence: ': {message}' when there is one. */
const withMessage = (sentence: string, message: string | undefined) =>
  message?.trim() ? `${sentence}: ${message.trim()}` : sentence;

/**
 * The English sentence of a notification (notification_content): the same words as the web app's
 * English texts, plus the actor's note where there is one.
 */
export function notificationContent(type: NotificationTypeName, params: NotificationParams): string {
  const { app } = params;
  const step = params.step ?? '';
  const actor = params.actor ?? NO_ACTOR;
  switch (type) {
    case 'assigned':
      return `${step} in ${app} is waiting for you`;
    case 'approve':
      return withMessage(`${actor} approved ${step} in ${app}`, params.message);
    case 'rejected':
      return withMessage(`${actor} rejected ${step} in ${app}`, params.message);
    case 'sendback':
      return withMessage(`${actor} sent the entry in ${app} back to ${step}`, params.message);
    case 'restart':
      return withMessage(`${actor} restarted the process of the entry in ${app}`, params.message);
    case 'completed':
      return `The entry in ${app} has completed its process`;
    case 'comment':
      return withMessage(`${actor} commented on the entry in ${app}`, params.message);
    case 'reassign':
      return withMessage(`${actor} reassigned ${step} in ${app} to you`, params.message);
    case 'exportready':
      return `Your export ${app} is ready to download`;
    case 'exportfailed':
      return `Your export ${app} could not be made`;
  }
}

/** The params as stored: only the values that are there (the web app needs non-empty strings). */
export function notificationParamsRecord(params: NotificationParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && value.trim() !== '') out[name] = value;
  }
  return out;
}
