import { and, asc, eq } from 'drizzle-orm';
import { securityPolicies, userSecurityAnswers } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// Tenant first, and filtered on it, like every repository (RLS is the second wall).
// The user row itself is read and written through the identity repository.

export interface PolicyRow {
  passwordMinLength: number;
  passwordMaxLength: number;
  securityQuestionsRequired: number;
}

/** What a tenant gets until it stores its own policy: the spec's 3–50 passwords and three questions. */
export const DEFAULT_SECURITY_POLICY: Readonly<PolicyRow> = Object.freeze({
  passwordMinLength: 3,
  passwordMaxLength: 50,
  securityQuestionsRequired: 3,
});

export async function findPolicy(tx: TenantTx, tenantId: string): Promise<PolicyRow> {
  const rows = await tx
    .select({
      passwordMinLength: securityPolicies.passwordMinLength,
      passwordMaxLength: securityPolicies.passwordMaxLength,
      securityQuestionsRequired: securityPolicies.securityQuestionsRequired,
    })
    .from(securityPolicies)
    .where(eq(securityPolicies.tenantId, tenantId))
    .limit(1);
  return rows[0] ?? { ...DEFAULT_SECURITY_POLICY };
}

/** The question keys a user has answered, in a stable order; the hashes stay in the database. */
export async function listAnsweredKeys(tx: TenantTx, tenantId: string, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ questionKey: userSecurityAnswers.questionKey })
    .from(userSecurityAnswers)
    .where(and(eq(userSecurityAnswers.tenantId, tenantId), eq(userSecurityAnswers.userId, userId)))
    .orderBy(asc(userSecurityAnswers.createdAt), asc(userSecurityAnswers.questionKey));
  return rows.map((row) => row.questionKey);
}

/** Replaces all of a user's answers at once: a half-replaced set would mix old and new questions. */
export async function replaceAnswers(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  answers: ReadonlyArray<{ questionKey: string; answerHash: string }>,
): Promise<void> {
  await tx
    .delete(userSecurityAnswers)
    .where(and(eq(userSecurityAnswers.tenantId, tenantId), eq(userSecurityAnswers.userId, userId)));
  if (answers.length === 0) return;
  await tx.insert(userSecurityAnswers).values(answers.map((answer) => ({ tenantId, userId, ...answer })));
}
