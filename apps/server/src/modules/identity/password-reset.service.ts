import { msg } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import { endHubSessions } from '../../platform/realtime/hub-publish.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { accountMail, mailLanguage } from './account-mails.ts';
import { hashPassword, newSecret, newSecurityStamp, sha256 } from './credentials.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import type { IdentityDeps } from './identity.context.ts';
import * as repo from './identity.repository.ts';

export function createPasswordResetService({ db, mailer, config, sessionCache }: IdentityDeps) {
  return {
    /**
     * GET /api/email/forgotpassword. The answer is the same whether or not the name has an account
     * (no enumeration): the e-mail goes out after the answer, and a failure to send it is logged,
     * not told to the caller.
     */
    async requestReset(
      ctx: CallContext,
      username: string,
      origin: string,
      logMailFailure: (error: unknown) => void,
    ): Promise<string> {
      const token = newSecret();
      const user = await db.inTenant(ctx.tenantId, async (tx) => {
        const found = await repo.findUserByUsername(tx, ctx.tenantId, username);
        if (!found || !found.isActive) return null;
        await repo.expireOpenResetTokens(tx, ctx.tenantId, found.id);
        await repo.insertResetToken(tx, {
          tenantId: ctx.tenantId,
          userId: found.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + config.PASSWORD_RESET_TTL_MINUTES * 60_000),
        });
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: found.id,
          entity: 'user',
          entityId: found.id,
          action: 'password-reset-requested',
          requestId: ctx.requestId,
        });
        return found;
      });
      if (user) {
        const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
        mailer
          .send({
            to: user.email,
            ...accountMail('forgotPassword', mailLanguage(user.language), {
              fullname: user.fullname,
              username: user.username,
              link,
              ttlMinutes: config.PASSWORD_RESET_TTL_MINUTES,
            }),
          })
          .catch(logMailFailure);
      }
      return MESSAGES.resetMailMaybeSent;
    },

    /** Single use, expiring; a new password changes the security stamp, which ends every session and remembered machine. */
    async resetPassword(ctx: CallContext, token: string, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      const userId = await db.inTenant(ctx.tenantId, async (tx) => {
        const row = await repo.findResetTokenForUpdate(tx, ctx.tenantId, sha256(token));
        if (!row) throw notFound(msg('validation.resetTokenInvalid'));
        if (row.usedAt || row.expiresAt.getTime() <= Date.now())
          throw badRequest(msg('validation.resetTokenInvalid'));
        await repo.markResetTokenUsed(tx, ctx.tenantId, row.id);
        await repo.updateUser(tx, ctx.tenantId, row.userId, {
          passwordHash,
          securityStamp: newSecurityStamp(),
          failedLoginCount: 0,
          lockoutUntil: null,
        });
        const revoked = await repo.revokeUserSessions(tx, ctx.tenantId, row.userId);
        await endHubSessions(tx, ctx.tenantId, row.userId);
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: row.userId,
          entity: 'user',
          entityId: row.userId,
          action: 'password-reset',
          after: { sessions_revoked: revoked },
          requestId: ctx.requestId,
        });
        return row.userId;
      });
      sessionCache.forgetUser(userId);
    },
  };
}
