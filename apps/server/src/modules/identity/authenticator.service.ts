import { msg } from '@formloop/contracts';

import { appendAudit } from '../../platform/audit/audit-log.ts';
import { endHubSessions } from '../../platform/realtime/hub-publish.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import { badRequest, conflict, fieldError, unauthenticated } from '../../platform/http/errors.ts';
import { newSecurityStamp, sha256 } from './credentials.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import type { IdentityDeps } from './identity.context.ts';
import * as repo from './identity.repository.ts';
import {
  TOTP_ISSUER,
  authenticatorUri,
  formatSharedKey,
  newRecoveryCodes,
  newTotpSecret,
  normaliseRecoveryCode,
  verifyTotp,
} from './totp.ts';

/** manageauthenticator: enrol an authenticator app, confirm it with a code, get recovery codes; or turn it off. */
export function createAuthenticatorService({ db, sessionCache }: Pick<IdentityDeps, 'db' | 'sessionCache'>) {
  return {
    /** sharedKeyQRCodeUri: a new secret while not enabled (shown as QR + key); never reveals an enabled one. */
    async sharedKey(ctx: CallContext, auth: RequestAuth) {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const user = await repo.lockUser(tx, ctx.tenantId, auth.userId);
        if (!user) throw unauthenticated();
        if (user.twoFactorEnabled) {
          return { sharedKey: '', authenticatorUri: '', is2faEnabled: true };
        }
        const secret = user.totpSecret ?? newTotpSecret();
        if (!user.totpSecret) await repo.updateUser(tx, ctx.tenantId, user.id, { totpSecret: secret });
        return {
          sharedKey: formatSharedKey(secret),
          authenticatorUri: authenticatorUri(secret, `${user.username}`).replace(
            `otpauth://totp/${TOTP_ISSUER}:`,
            `otpauth://totp/${encodeURIComponent(TOTP_ISSUER)}:`,
          ),
          is2faEnabled: false,
        };
      });
    },

    /** enableAuthenticator: the first code proves the app holds the secret; recovery codes are shown once. */
    async enable(ctx: CallContext, auth: RequestAuth, code: string): Promise<{ recoveryCodes: string[] }> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const user = await repo.lockUser(tx, ctx.tenantId, auth.userId);
        if (!user) throw unauthenticated();
        if (user.twoFactorEnabled) throw conflict(msg('validation.authenticatorAlreadyEnabled'));
        if (!user.totpSecret) throw badRequest(msg('validation.authenticatorNotStarted'));
        const step = verifyTotp(user.totpSecret, code);
        if (step === null)
          throw badRequest(msg('validation.invalidTwoFactorCode'), [
            fieldError('code', msg('validation.invalidTwoFactorCode')),
          ]);
        const recoveryCodes = newRecoveryCodes();
        await repo.updateUser(tx, ctx.tenantId, user.id, {
          twoFactorEnabled: true,
          lastTotpStep: step,
          recoveryCodeHashes: recoveryCodes.map((c) => sha256(normaliseRecoveryCode(c))),
        });
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: user.id,
          entity: 'user',
          entityId: user.id,
          action: 'authenticator-enabled',
          before: { two_factor_enabled: false },
          after: { two_factor_enabled: true },
          requestId: ctx.requestId,
        });
        return { recoveryCodes };
      });
    },

    /** Turning it off forgets every remembered machine (new stamp) but keeps the caller signed in. */
    async disable(ctx: CallContext, auth: RequestAuth): Promise<void> {
      await db.inTenant(ctx.tenantId, async (tx) => {
        const user = await repo.lockUser(tx, ctx.tenantId, auth.userId);
        if (!user) throw unauthenticated();
        const stamp = newSecurityStamp();
        await repo.updateUser(tx, ctx.tenantId, user.id, {
          twoFactorEnabled: false,
          totpSecret: null,
          recoveryCodeHashes: [],
          lastTotpStep: null,
          securityStamp: stamp,
        });
        // Other sessions were bound to the old stamp and now fail their checks; the caller's moves across.
        await repo.restampSession(tx, ctx.tenantId, auth.sessionId, stamp);
        await endHubSessions(tx, ctx.tenantId, user.id, { except: auth.sessionId });
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: user.id,
          entity: 'user',
          entityId: user.id,
          action: 'authenticator-disabled',
          before: { two_factor_enabled: user.twoFactorEnabled },
          after: { two_factor_enabled: false },
          requestId: ctx.requestId,
        });
      });
      sessionCache.forgetUser(auth.userId);
    },
  };
}
