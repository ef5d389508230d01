import { msg } from '@formloop/contracts';
import { REMEMBER_MACHINE_DAYS, decryptLoginPayload, validateLogin } from '@formloop/domain';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { AppError, badRequest, fieldError, unauthenticated } from '../../platform/http/errors.ts';
import { keyOfText } from '../../platform/http/message-text.ts';
import { burnPasswordCheck, prepareDummyHash, sha256, verifyPassword } from './credentials.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import type { IdentityDeps } from './identity.context.ts';
import * as repo from './identity.repository.ts';
import type { UnknownLoginRow, UserRow } from './identity.repository.ts';
import { createSessionOpening, type SignInOutcome } from './session-opening.ts';
import { normaliseRecoveryCode, verifyTotp } from './totp.ts';

export type { SignInOutcome } from './session-opening.ts';

/** Failures that must still commit what they wrote (the failed-attempt count) before they are thrown. */
type Attempt<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** A failed-sign-in counter: a user's row, or the row of a name no user has. */
interface FailureCounter {
  failedLoginCount: number;
  userId: string | null;
  entity: string;
  entityId: string;
  save: (changes: { failedLoginCount: number; lockoutUntil?: Date }) => Promise<void>;
}

const lockedError = (until: Date) =>
  new AppError(
    423,
    'ACCOUNT_LOCKED',
    msg('validation.accountLocked', {
      minutes: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000)),
    }),
  );

export function createSignInService(deps: IdentityDeps) {
  const { db, tokens, config } = deps;
  const { openSession, afterFirstFactor } = createSessionOpening(deps);
  prepareDummyHash().catch(() => undefined);

  const unwrap = <T>(attempt: Attempt<T>): T => {
    if (!attempt.ok) throw attempt.error;
    return attempt.value;
  };

  /** Counts a failed attempt; the threshold-th failure locks the name for LOCKOUT_MINUTES. */
  async function recordFailure(
    tx: TenantTx,
    ctx: CallContext,
    counter: FailureCounter,
    fallback: AppError,
  ): Promise<AppError> {
    const failures = counter.failedLoginCount + 1;
    if (failures >= config.LOCKOUT_THRESHOLD) {
      const until = new Date(Date.now() + config.LOCKOUT_MINUTES * 60_000);
      await counter.save({ failedLoginCount: 0, lockoutUntil: until });
      await appendAudit(tx, {
        tenantId: ctx.tenantId,
        userId: counter.userId,
        entity: counter.entity,
        entityId: counter.entityId,
        action: 'lockout',
        after: { lockout_until: until.toISOString(), failed_attempts: failures },
        requestId: ctx.requestId,
      });
      return lockedError(until);
    }
    await counter.save({ failedLoginCount: failures });
    return fallback;
  }

  const userCounter = (tx: TenantTx, ctx: CallContext, user: UserRow): FailureCounter => ({
    failedLoginCount: user.failedLoginCount,
    userId: user.id,
    entity: 'user',
    entityId: user.id,
    save: (changes) => repo.updateUser(tx, ctx.tenantId, user.id, changes),
  });

  const unknownCounter = (tx: TenantTx, ctx: CallContext, row: UnknownLoginRow): FailureCounter => ({
    failedLoginCount: row.failedLoginCount,
    userId: null,
    entity: 'unknown-username',
    entityId: row.usernameKey,
    save: (changes) => repo.updateUnknownLogin(tx, ctx.tenantId, row.usernameKey, changes),
  });

  const isLocked = (row: { lockoutUntil: Date | null }) =>
    row.lockoutUntil !== null && row.lockoutUntil.getTime() > Date.now();

  return {
    /** POST authenticateiso: the minute-key cipher, then the password, then maybe a second factor. */
    async authenticate(
      ctx: CallContext,
      cipher: string,
      rememberCookie: string | undefined,
    ): Promise<SignInOutcome> {
      const credentials = await decryptLoginPayload(cipher);
      if (!credentials) throw badRequest(msg('validation.loginPayloadUnreadable'));
      const problems = validateLogin(credentials);
      const fields = Object.entries(problems).filter(([, message]) => message);
      if (fields.length) {
        const errors = fields.map(([field, message]) => fieldError(field, keyOfText(message!)));
        throw badRequest(keyOfText(fields[0]![1]!), errors);
      }
      const remembered = rememberCookie ? await tokens.verifyRemember(rememberCookie) : null;

      const attempt = await db.inTenant(ctx.tenantId, async (tx): Promise<Attempt<SignInOutcome>> => {
        const found = await repo.findUserByUsername(tx, ctx.tenantId, credentials.username);
        if (!found) {
          // A name no user has goes through the same steps (counter, lockout, one argon2 verify), so
          // its answers and their timing are those of a real user with a wrong password.
          const unknown = await repo.lockUnknownLogin(tx, ctx.tenantId, credentials.username);
          if (isLocked(unknown)) return { ok: false, error: lockedError(unknown.lockoutUntil!) };
          await burnPasswordCheck(credentials.password);
          return {
            ok: false,
            error: await recordFailure(
              tx,
              ctx,
              unknownCounter(tx, ctx, unknown),
              unauthenticated(msg('validation.invalidLogin')),
            ),
          };
        }
        const user = (await repo.lockUser(tx, ctx.tenantId, found.id))!;
        if (isLocked(user)) return { ok: false, error: lockedError(user.lockoutUntil!) };
        if (!(await verifyPassword(user.passwordHash, credentials.password))) {
          return {
            ok: false,
            error: await recordFailure(
              tx,
              ctx,
              userCounter(tx, ctx, user),
              unauthenticated(msg('validation.invalidLogin')),
            ),
          };
        }
        // Only a caller who knows the password learns that the account is disabled.
        if (!user.isActive)
          return { ok: false, error: new AppError(403, 'FORBIDDEN', msg('validation.accountDisabled')) };
        return { ok: true, value: await afterFirstFactor(tx, ctx, user, 'password', remembered) };
      });
      return unwrap(attempt);
    },

    /** The username shown on the MFA screen (getInfo2fa). */
    async pendingUser(ctx: CallContext, pendingToken: string | undefined): Promise<{ name: string }> {
      const pending = pendingToken ? await tokens.verifyPending2fa(pendingToken) : null;
      if (!pending || pending.tenantId !== ctx.tenantId)
        throw unauthenticated(msg('validation.twoFactorSessionExpired'));
      const user = await db.inTenant(ctx.tenantId, (tx) =>
        repo.findUserById(tx, ctx.tenantId, pending.userId),
      );
      if (!user) throw unauthenticated(msg('validation.twoFactorSessionExpired'));
      return { name: user.username };
    },

    /** loginWith2Fa, or a recovery code in place of the authenticator code. */
    async completeSecondFactor(
      ctx: CallContext,
      pendingToken: string | undefined,
      proof: { code: string } | { recoveryCode: string },
      rememberMachine: boolean,
    ): Promise<{ sessionSecret: string; rememberToken?: string }> {
      const pending = pendingToken ? await tokens.verifyPending2fa(pendingToken) : null;
      if (!pending || pending.tenantId !== ctx.tenantId)
        throw unauthenticated(msg('validation.twoFactorSessionExpired'));

      const attempt = await db.inTenant(ctx.tenantId, async (tx) => {
        const user = await repo.lockUser(tx, ctx.tenantId, pending.userId);
        if (!user || !user.isActive || !user.twoFactorEnabled || !user.totpSecret) {
          return { ok: false, error: unauthenticated(msg('validation.twoFactorSessionExpired')) } as const;
        }
        if (isLocked(user)) return { ok: false, error: lockedError(user.lockoutUntil!) } as const;
        let how: string;
        if ('code' in proof) {
          const step = verifyTotp(user.totpSecret, proof.code);
          if (step === null || (user.lastTotpStep !== null && step <= user.lastTotpStep)) {
            return {
              ok: false,
              error: await recordFailure(
                tx,
                ctx,
                userCounter(tx, ctx, user),
                unauthenticated(msg('validation.invalidTwoFactorCode')),
              ),
            } as const;
          }
          await repo.updateUser(tx, ctx.tenantId, user.id, { lastTotpStep: step });
          how = `${pending.firstFactor ?? 'password'}+totp`;
        } else {
          const wanted = sha256(normaliseRecoveryCode(proof.recoveryCode));
          if (!user.recoveryCodeHashes.includes(wanted)) {
            return {
              ok: false,
              error: await recordFailure(
                tx,
                ctx,
                userCounter(tx, ctx, user),
                unauthenticated(msg('validation.invalidRecoveryCode')),
              ),
            } as const;
          }
          await repo.updateUser(tx, ctx.tenantId, user.id, {
            recoveryCodeHashes: user.recoveryCodeHashes.filter((h) => h !== wanted),
          });
          how = `${pending.firstFactor ?? 'password'}+recovery-code`;
        }
        const remember = rememberMachine && pending.rememberable;
        const sessionSecret = await openSession(tx, ctx, user, how, remember);
        const rememberToken = remember
          ? await tokens.signRemember(
              { userId: user.id, tenantId: ctx.tenantId, securityStamp: user.securityStamp },
              REMEMBER_MACHINE_DAYS * 24 * 3600,
            )
          : undefined;
        return { ok: true, value: { sessionSecret, ...(rememberToken ? { rememberToken } : {}) } } as const;
      });
      return unwrap(attempt);
    },
  };
}
