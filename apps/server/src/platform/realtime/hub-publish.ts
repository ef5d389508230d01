import { sql } from 'drizzle-orm';
import type { TenantTx } from '../database/tenant-db.ts';

// Server push (spec §4, §7 /TaskHub): a message for some users of a tenant travels through
// PostgreSQL NOTIFY on HUB_CHANNEL. NOTIFY inside a transaction is delivered when it commits (and
// never if it rolls back), so a push can't announce something that did not happen. Every server
// node LISTENs and hands the message to the sockets of those users it holds (hub.ts).

export const HUB_CHANNEL = 'formloop_hub';

/** The hub method the web app listens on for notifications (arguments: [NotificationPush]). */
export const NOTIFICATION_TARGET = 'ReceiveNotification';

/** What the hub delivers to the client: spec §4 "a message with content and moduleId". */
export interface NotificationPush {
  content: string;
  moduleId: string | null;
  recordId: string | null;
  notificationId: string | null;
  type: string;
  params: Record<string, string>;
}

export interface HubEnvelope {
  tenantId: string;
  userIds: string[];
  target: string;
  arguments: unknown[];
}

/** Queues a hub message for `userIds` in the caller's transaction; it goes out on commit. */
export async function publishToUsers(
  tx: TenantTx,
  tenantId: string,
  userIds: readonly string[],
  target: string,
  args: unknown[],
): Promise<void> {
  if (userIds.length === 0) return;
  const envelope: HubEnvelope = { tenantId, userIds: [...new Set(userIds)], target, arguments: args };
  await tx.execute(sql`SELECT pg_notify(${HUB_CHANNEL}, ${JSON.stringify(envelope)})`);
}
