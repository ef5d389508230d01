import { z } from 'zod';
import { envelope } from './envelope.ts';

/** Spec §3 "Notification". A notification without a record opens at /notifications/{id}. */
export const notificationSchema = z.object({
  id: z.string(),
  notification_content: z.string(),
  notification_type_name: z.string(),
  current_step: z.string().nullable(),
  task_id: z.string().nullable(),
  module_id: z.string().nullable(),
  record_id: z.string().nullable(),
  record_created_by: z.string().nullable(),
  created_on: z.string(),
  /** Seconds since created_on when the list was read; the client words it ('5 minutes ago'). */
  time_since: z.number(),
  read_on: z.string().nullable(),
  /** Values the web app words the notice with in the reader's language (app, step, actor, message). */
  notification_params: z.record(z.string(), z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** GET /api/Notification: pages of 10, with the unread count (badge) and how many exist in all (open). */
export const notificationListResponseSchema = envelope(
  z.object({ notif: z.array(notificationSchema), unread: z.number().int(), open: z.number().int() }),
);

export const notificationReadQuerySchema = z.object({ id: z.uuid({ error: 'Unknown notification.' }) });
export const notificationDetailResponseSchema = envelope(notificationSchema);

/** The hub method (/TaskHub) the server calls with each notification (spec §4 "Server push"). */
export const NOTIFICATION_TARGET = 'ReceiveNotification';

/**
 * The hub method the server calls when records of apps of the user's tenant changed (issue 24 item
 * 12, at most once a second): its one argument is the apps' ids. Open dashboards refresh their cards.
 */
export const APPS_CHANGED_TARGET = 'AppsChanged';

/** Its one argument: spec §4 "a message with content and moduleId", plus what the app words it with. */
export interface NotificationPush {
  content: string;
  moduleId: string | null;
  recordId: string | null;
  notificationId: string | null;
  type: string;
  params: Record<string, string>;
}
