import type { RememberClaims } from '../../platform/auth/tokens.ts';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { newSecret, sha256 } from './credentials.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import type { IdentityDeps } from './identity.context.ts';
import { PENDING_2FA_TTL_SECONDS } from './identity.context.ts';
import * as repo from './identity.repository.ts';
import type { UserRow } from './identity.repository.ts';

export type SignInOutcome =
  | { kind: 'signed-in'; sessionSecret: string; rememberToken?: string }
  | { kind: 'two-factor'; pendingToken: string };

/**
 * What happens once a user has proved who they are (a password, or a SAML/OIDC provider): a session,
 * or first the authenticator step. Shared by every sign-in method so that none of them skips the
 * second factor, the remembered-machine rule, the failed-attempt reset or the audit row.
 */
export function createSessionOpening(deps: Pick<IdentityDeps, 'tokens' | 'config'>) {
  const { tokens, config } = deps;

  async function openSession(
    tx: TenantTx,
    ctx: CallContext,
    user: UserRow,
    how: string,
    remembered: boolean,
  ) {
    const sessionSecret = newSecret();
    const session = await repo.insertSession(tx, {
      tenantId: ctx.tenantId,
      userId: user.id,
      secretHash: sha256(sessionSecret),
      securityStamp: user.securityStamp,
      isMachineRemembered: remembered,
      expiresAt: new Date(Date.now() + config.SESSION_TTL_SECONDS * 1000),
      userAgent: ctx.userAgent,
      ipAddress: ctx.ipAddress,
    });
    await repo.updateUser(tx, ctx.tenantId, user.id, { failedLoginCount: 0, lockoutUntil: null });
    await appendAudit(tx, {
      tenantId: ctx.tenantId,
      userId: user.id,
      entity: 'session',
      entityId: session.id,
      action: 'sign-in',
      after: { method: how, machine_remembered: remembered, ip: ctx.ipAddress },
      requestId: ctx.requestId,
    });
    return sessionSecret;
  }

  return {
    openSession,

    /**
     * A user whose first factor was accepted: signed in, or (authenticator enabled, machine not
     * remembered, second factor not waived) a pending second step. `how` names the first factor in
     * the audit row ('password', 'saml', 'oidc').
     */
    async afterFirstFactor(
      tx: TenantTx,
      ctx: CallContext,
      user: UserRow,
      how: string,
      remembered: RememberClaims | null,
      options: { secondFactorWaived?: boolean } = {},
    ): Promise<SignInOutcome> {
      if (user.twoFactorEnabled && !options.secondFactorWaived) {
        const machineKnown =
          remembered?.userId === user.id &&
          remembered.tenantId === ctx.tenantId &&
          remembered.securityStamp === user.securityStamp;
        if (!machineKnown) {
          const pendingToken = await tokens.signPending2fa(
            { userId: user.id, tenantId: ctx.tenantId, rememberable: true, firstFactor: how },
            PENDING_2FA_TTL_SECONDS,
          );
          await repo.updateUser(tx, ctx.tenantId, user.id, { failedLoginCount: 0 });
          return { kind: 'two-factor', pendingToken };
        }
        return {
          kind: 'signed-in',
          sessionSecret: await openSession(tx, ctx, user, `${how}+remembered-machine`, true),
        };
      }
      const method = user.twoFactorEnabled ? `${how}+idp-mfa` : how;
      return { kind: 'signed-in', sessionSecret: await openSession(tx, ctx, user, method, false) };
    },
  };
}
