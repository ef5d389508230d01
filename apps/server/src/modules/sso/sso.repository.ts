import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import { ssoSamlRequests, ssoSignInFailures, tenantSsoSettings, users } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import type { UserRow } from '../identity/index.ts';

export type SsoSettingsRow = typeof tenantSsoSettings.$inferSelect;

export async function findSettings(tx: TenantTx, tenantId: string): Promise<SsoSettingsRow | null> {
  const rows = await tx
    .select()
    .from(tenantSsoSettings)
    .where(eq(tenantSsoSettings.tenantId, tenantId))
    .limit(1);
  return rows[0] ?? null;
}

export async function upsertSettings(
  tx: TenantTx,
  values: Omit<SsoSettingsRow, 'modifiedOn'>,
): Promise<SsoSettingsRow> {
  const { tenantId: _key, ...changes } = values;
  const rows = await tx
    .insert(tenantSsoSettings)
    .values({ ...values, modifiedOn: new Date() })
    .onConflictDoUpdate({ target: tenantSsoSettings.tenantId, set: { ...changes, modifiedOn: new Date() } })
    .returning();
  return rows[0]!;
}

// ---- SAML requests awaiting their answer ----

export async function saveSamlRequest(tx: TenantTx, tenantId: string, requestId: string): Promise<void> {
  await tx.insert(ssoSamlRequests).values({ tenantId, requestId }).onConflictDoNothing();
}

/** Forgets requests older than `maxAgeMs` (nobody answers them any more). */
export async function pruneSamlRequests(tx: TenantTx, tenantId: string, maxAgeMs: number): Promise<void> {
  await tx
    .delete(ssoSamlRequests)
    .where(
      and(
        eq(ssoSamlRequests.tenantId, tenantId),
        lt(ssoSamlRequests.createdOn, new Date(Date.now() - maxAgeMs)),
      ),
    );
}

/** When the request was sent, while it is known and younger than `maxAgeMs`; else null. */
export async function samlRequestSentOn(
  tx: TenantTx,
  tenantId: string,
  requestId: string,
  maxAgeMs: number,
): Promise<Date | null> {
  const rows = await tx
    .select({ createdOn: ssoSamlRequests.createdOn })
    .from(ssoSamlRequests)
    .where(
      and(
        eq(ssoSamlRequests.tenantId, tenantId),
        eq(ssoSamlRequests.requestId, requestId),
        sql`${ssoSamlRequests.createdOn} > ${new Date(Date.now() - maxAgeMs)}`,
      ),
    )
    .limit(1);
  return rows[0]?.createdOn ?? null;
}

/** Deletes the request; false when it was already gone (answered before: a replay). */
export async function consumeSamlRequest(
  tx: TenantTx,
  tenantId: string,
  requestId: string,
): Promise<boolean> {
  const rows = await tx
    .delete(ssoSamlRequests)
    .where(and(eq(ssoSamlRequests.tenantId, tenantId), eq(ssoSamlRequests.requestId, requestId)))
    .returning({ requestId: ssoSamlRequests.requestId });
  return rows.length > 0;
}

// ---- matching the provider's account to ours ----

/** Users whose e-mail is `email` (case-insensitive), at most two: more than one is no match. */
export async function findUsersByEmail(tx: TenantTx, tenantId: string, email: string): Promise<UserRow[]> {
  return tx
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(sql`lower(${users.email})`, email.toLowerCase())))
    .limit(2);
}

// ---- refused sign-ins (the settings page's last failures) ----

export type SsoFailureRow = typeof ssoSignInFailures.$inferSelect;

export async function insertFailure(
  tx: TenantTx,
  values: Pick<SsoFailureRow, 'tenantId' | 'provider' | 'cause' | 'subject' | 'detail'>,
): Promise<SsoFailureRow> {
  const rows = await tx.insert(ssoSignInFailures).values(values).returning();
  return rows[0]!;
}

/** The tenant's newest failures, newest first. */
export async function listFailures(tx: TenantTx, tenantId: string, limit: number): Promise<SsoFailureRow[]> {
  return tx
    .select()
    .from(ssoSignInFailures)
    .where(eq(ssoSignInFailures.tenantId, tenantId))
    .orderBy(desc(ssoSignInFailures.occurredOn), desc(ssoSignInFailures.id))
    .limit(limit);
}

/** Forgets all but the tenant's `keep` newest failures. */
export async function pruneFailures(tx: TenantTx, tenantId: string, keep: number): Promise<void> {
  const newest = tx
    .select({ id: ssoSignInFailures.id })
    .from(ssoSignInFailures)
    .where(eq(ssoSignInFailures.tenantId, tenantId))
    .orderBy(desc(ssoSignInFailures.occurredOn), desc(ssoSignInFailures.id))
    .limit(keep);
  await tx
    .delete(ssoSignInFailures)
    .where(and(eq(ssoSignInFailures.tenantId, tenantId), notInArray(ssoSignInFailures.id, newest)));
}
