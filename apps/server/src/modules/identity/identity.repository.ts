import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { passwordResetTokens, sessions, unknownLoginAttempts, users } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

// Every function takes the tenant first and filters on it, even though RLS would hide other tenants'
// rows anyway: two walls, so a mistake in one is not a leak.

export async function findUserByUsername(
  tx: TenantTx,
  tenantId: string,
  username: string,
): Promise<UserRow | null> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(sql`lower(${users.username})`, username.toLowerCase())))
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserById(tx: TenantTx, tenantId: string, userId: string): Promise<UserRow | null> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Locks the user's row for the rest of the transaction: concurrent failures count one by one. */
export async function lockUser(tx: TenantTx, tenantId: string, userId: string): Promise<UserRow | null> {
  const rows = await tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function updateUser(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  changes: Partial<Omit<UserRow, 'id' | 'tenantId' | 'createdAt'>>,
): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, modifiedAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
}

export type UnknownLoginRow = typeof unknownLoginAttempts.$inferSelect;

/**
 * The failed-sign-in counter of a name no user has, created on first use and locked for the rest of
 * the transaction (as lockUser locks a user's row), so concurrent failures count one by one.
 */
export async function lockUnknownLogin(
  tx: TenantTx,
  tenantId: string,
  username: string,
): Promise<UnknownLoginRow> {
  const usernameKey = username.toLowerCase();
  await tx.insert(unknownLoginAttempts).values({ tenantId, usernameKey }).onConflictDoNothing();
  const rows = await tx
    .select()
    .from(unknownLoginAttempts)
    .where(
      and(eq(unknownLoginAttempts.tenantId, tenantId), eq(unknownLoginAttempts.usernameKey, usernameKey)),
    )
    .for('update')
    .limit(1);
  return rows[0]!;
}

export async function updateUnknownLogin(
  tx: TenantTx,
  tenantId: string,
  usernameKey: string,
  changes: Pick<UnknownLoginRow, 'failedLoginCount'> & Partial<Pick<UnknownLoginRow, 'lockoutUntil'>>,
): Promise<void> {
  await tx
    .update(unknownLoginAttempts)
    .set({ ...changes, modifiedAt: new Date() })
    .where(
      and(eq(unknownLoginAttempts.tenantId, tenantId), eq(unknownLoginAttempts.usernameKey, usernameKey)),
    );
}

export async function insertSession(
  tx: TenantTx,
  values: Pick<
    SessionRow,
    | 'tenantId'
    | 'userId'
    | 'secretHash'
    | 'securityStamp'
    | 'isMachineRemembered'
    | 'expiresAt'
    | 'userAgent'
    | 'ipAddress'
  >,
): Promise<SessionRow> {
  const rows = await tx.insert(sessions).values(values).returning();
  return rows[0]!;
}

const liveSession = (tenantId: string) =>
  and(
    eq(sessions.tenantId, tenantId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    eq(users.isActive, true),
    eq(users.securityStamp, sessions.securityStamp),
  );

/** A session that still counts: not revoked, not expired, its user active and credentials unchanged since. */
export async function findLiveSession(
  tx: TenantTx,
  tenantId: string,
  by: { sessionId: string } | { secretHash: string },
): Promise<{ session: SessionRow; user: UserRow } | null> {
  const key = 'sessionId' in by ? eq(sessions.id, by.sessionId) : eq(sessions.secretHash, by.secretHash);
  const rows = await tx
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.tenantId, sessions.tenantId)))
    .where(and(liveSession(tenantId), key))
    .limit(1);
  return rows[0] ?? null;
}

export async function revokeSession(tx: TenantTx, tenantId: string, sessionId: string): Promise<boolean> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

export async function revokeUserSessions(tx: TenantTx, tenantId: string, userId: string): Promise<number> {
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Moves one session onto a new security stamp (the caller's own session survives its own credential change). */
export async function restampSession(
  tx: TenantTx,
  tenantId: string,
  sessionId: string,
  stamp: string,
): Promise<void> {
  await tx
    .update(sessions)
    .set({ securityStamp: stamp })
    .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, sessionId)));
}

export async function insertResetToken(
  tx: TenantTx,
  values: { tenantId: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(passwordResetTokens).values(values);
}

export async function findResetTokenForUpdate(tx: TenantTx, tenantId: string, tokenHash: string) {
  const rows = await tx
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tenantId, tenantId), eq(passwordResetTokens.tokenHash, tokenHash)))
    .for('update')
    .limit(1);
  return rows[0] ?? null;
}

export async function markResetTokenUsed(tx: TenantTx, tenantId: string, id: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.tenantId, tenantId), eq(passwordResetTokens.id, id)));
}

/** A new reset link makes the older unused ones worthless. */
export async function expireOpenResetTokens(tx: TenantTx, tenantId: string, userId: string): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.tenantId, tenantId),
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}
