import { sql } from 'drizzle-orm';
import type { TenantTx } from '../database/tenant-db.ts';

// Server push (spec §4, §7 /TaskHub): a message for some users of a tenant travels through
// PostgreSQL NOTIFY on HUB_CHANNEL. NOTIFY inside a transaction is delivered when it commits (and
// never if it rolls back), so a push can't announce something that did not happen. Every server
// node LISTENs and hands the message to the sockets of those users it holds (hub.ts).

export const HUB_CHANNEL = 'formloop_hub';

// The notification message's method and shape are the contract's (web and server share them).
export { NOTIFICATION_TARGET, type NotificationPush } from '@formloop/contracts';

export interface HubEnvelope {
  tenantId: string;
  userIds: string[];
  target: string;
  arguments: unknown[];
}

/**
 * NOTIFY payloads must stay under 8000 bytes. A message for many users (a task offered to a large
 * team) is split into several envelopes by user, rather than failing the transaction it belongs to.
 */
const NOTIFY_PAYLOAD_MAX_BYTES = 7900;

/** The NOTIFY payloads for one message: one envelope, or several when it names too many users. */
export function envelopePayloads(
  tenantId: string,
  userIds: string[],
  target: string,
  args: unknown[],
): string[] {
  const payload = JSON.stringify({ tenantId, userIds, target, arguments: args } satisfies HubEnvelope);
  if (Buffer.byteLength(payload) <= NOTIFY_PAYLOAD_MAX_BYTES) return [payload];
  if (userIds.length <= 1) {
    throw new Error(
      `A hub message for '${target}' is too large to publish (${Buffer.byteLength(payload)} bytes)`,
    );
  }
  const half = Math.ceil(userIds.length / 2);
  return [
    ...envelopePayloads(tenantId, userIds.slice(0, half), target, args),
    ...envelopePayloads(tenantId, userIds.slice(half), target, args),
  ];
}

/** A hub message for some users of a tenant. */
export interface HubMessage {
  tenantId: string;
  userIds: readonly string[];
  target: string;
  args: unknown[];
}

/**
 * Queues hub messages in the caller's transaction, in order, with one statement however many there
 * are (a task offered to a whole team); they go out on commit.
 */
export async function publishMany(tx: TenantTx, messages: readonly HubMessage[]): Promise<void> {
  const payloads = messages.flatMap((message) =>
    message.userIds.length === 0
      ? []
      : envelopePayloads(message.tenantId, [...new Set(message.userIds)], message.target, message.args),
  );
  if (payloads.length === 0) return;
  await tx.execute(
    sql`SELECT pg_notify(${HUB_CHANNEL}, payload) FROM unnest(${sql.param(payloads)}::text[]) AS payload`,
  );
}

/** Queues a hub message for `userIds` in the caller's transaction; it goes out on commit. */
export async function publishToUsers(
  tx: TenantTx,
  tenantId: string,
  userIds: readonly string[],
  target: string,
  args: unknown[],
): Promise<void> {
  await publishMany(tx, [{ tenantId, userIds, target, args }]);
}

/**
 * An instruction to the nodes, never a client method: close the connections of a user that were
 * opened under sessions that have just ended (sign-out, deactivation, credential resets), so a socket
 * does not go on receiving pushes until its token expires. Clients cannot call or receive it: the
 * name holds a character no SignalR method name has.
 */
export const END_SESSIONS_TARGET = '\u0000endSessions';

/** Which of the user's sessions ended: one (`only`), all but one (`except`), or all. */
export interface EndedSessions {
  only?: string;
  except?: string;
}

/** Queues, in the caller's transaction, the closing of the user's connections of ended sessions. */
export async function endHubSessions(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  ended: EndedSessions = {},
): Promise<void> {
  await publishMany(tx, [{ tenantId, userIds: [userId], target: END_SESSIONS_TARGET, args: [ended] }]);
}

/** Reads a NOTIFY payload back; null for anything that is not a well-formed envelope. */
export function parseHubEnvelope(payload: string): HubEnvelope | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { tenantId, userIds, target, arguments: args } = value as Record<string, unknown>;
  const wellFormed =
    typeof tenantId === 'string' &&
    typeof target === 'string' &&
    Array.isArray(userIds) &&
    userIds.every((id) => typeof id === 'string') &&
    Array.isArray(args);
  return wellFormed ? { tenantId, userIds: userIds as string[], target, arguments: args } : null;
}
