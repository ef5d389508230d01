import type { SsoFailureCause } from '@formloop/contracts';
import { MESSAGES, type LoginStatusKey } from '@formloop/domain';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { TokenService } from '../../platform/auth/tokens.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  hashPassword,
  newSecret,
  newSecurityStamp,
  type IdentityDeps,
  identityRepo,
  type UserRow,
  createSessionOpening,
  type SignInOutcome,
} from '../identity/index.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { auditView, requireSeat, usersRepo } from '../users/index.ts';
import type { TenantSso } from './sso-settings.service.ts';
import * as repo from './sso.repository.ts';

/**
 * A sign-in the provider or our rules refused: `status` is the login page's status key (its English
 * text is the message), `reason` what the administrator reads among the last failures, `subject` who
 * the provider vouched for when it got that far.
 */
export class SsoRefusal extends Error {
  readonly status: LoginStatusKey;
  readonly reason: SsoFailureCause;
  subject: string;

  constructor(
    status: LoginStatusKey,
    reason: SsoFailureCause,
    options: { cause?: unknown; subject?: string } = {},
  ) {
    super(MESSAGES[status], options.cause === undefined ? undefined : { cause: options.cause });
    this.status = status;
    this.reason = reason;
    this.subject = options.subject ?? '';
  }
}

/** Who the provider says signed in, read through the tenant's attribute/claim mapping. */
export interface ProviderIdentity {
  username: string;
  /** E-mail candidates, best first (the mapped claim, the usual claims, an e-mail-shaped username). */
  emails: string[];
  fullname: string;
  /** The provider's own id of the person (SAML NameID, OIDC sub): names them in the last failures only. */
  reference: string;
}

/** How the identity is named among the last failures. */
export const subjectOf = (identity: ProviderIdentity) =>
  identity.username || identity.emails[0] || identity.reference;

export type SsoMethod = 'saml' | 'oidc';

const USERNAME_MAX = 100;

/**
 * Turns an identity the provider vouched for into one of our users (matched by username, then by a
 * unique e-mail; or created just in time when the tenant allows it) and signs them in through the
 * same steps as a password sign-in (second factor unless the tenant trusts the IdP's MFA).
 */
export function createSsoSignInService(deps: {
  db: TenantDb;
  tokens: TokenService;
  config: IdentityDeps['config'];
}) {
  const { db, tokens } = deps;
  const opening = createSessionOpening(deps);

  async function findUser(
    tx: TenantTx,
    tenantId: string,
    identity: ProviderIdentity,
  ): Promise<UserRow | null> {
    if (identity.username) {
      const byName = await identityRepo.findUserByUsername(tx, tenantId, identity.username);
      if (byName) return byName;
    }
    // A unique e-mail match, by the candidates in order (two users sharing an address match neither).
    for (const email of identity.emails) {
      const byEmail = await repo.findUsersByEmail(tx, tenantId, email);
      if (byEmail.length === 1) return byEmail[0]!;
    }
    return null;
  }

  async function createJustInTime(
    tx: TenantTx,
    ctx: CallContext,
    identity: ProviderIdentity,
    settings: TenantSso,
    method: SsoMethod,
  ): Promise<UserRow> {
    const email = identity.emails[0] ?? '';
    const username = (identity.username || email).slice(0, USERNAME_MAX);
    try {
      await requireSeat(tx, ctx.tenantId, settings.jitUserKind);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) {
        throw new SsoRefusal('ssoNoSeat', 'noSeat', { cause: error, subject: subjectOf(identity) });
      }
      throw error;
    }
    // Nobody knows this password: the account signs in through its provider (or a reset link).
    const row = await usersRepo.insertUser(tx, ctx.tenantId, {
      username,
      email,
      fullname: identity.fullname || username,
      userKind: settings.jitUserKind,
      passwordHash: await hashPassword(newSecret()),
      securityStamp: newSecurityStamp(),
    });
    await appendAudit(tx, {
      tenantId: ctx.tenantId,
      userId: row.id,
      entity: 'user',
      entityId: row.id,
      action: 'create',
      before: null,
      after: { ...auditView(row), created_at_sign_in: method },
      requestId: ctx.requestId,
    });
    return row;
  }

  return {
    /**
     * Signs the identity in, in one tenant transaction that first runs `claim` (SAML: consume the
     * answered request, so a replay fails even when two copies arrive together).
     */
    async signIn(
      ctx: CallContext,
      method: SsoMethod,
      identity: ProviderIdentity,
      settings: TenantSso,
      rememberCookie: string | undefined,
      claim?: (tx: TenantTx) => Promise<void>,
    ): Promise<SignInOutcome> {
      const subject = subjectOf(identity);
      if (!identity.username && identity.emails.length === 0) {
        throw new SsoRefusal('ssoUnknownUser', 'unknownUser', {
          cause: new Error('the provider sent neither a username nor an e-mail'),
          subject,
        });
      }
      const remembered = rememberCookie ? await tokens.verifyRemember(rememberCookie) : null;
      return db.inTenant(ctx.tenantId, async (tx) => {
        if (claim) await claim(tx);
        let user = await findUser(tx, ctx.tenantId, identity);
        if (!user) {
          if (!settings.jitEnabled) {
            const tried = [identity.username, ...identity.emails].filter(Boolean).join(', ');
            throw new SsoRefusal('ssoUnknownUser', 'unknownUser', {
              cause: new Error(`no user matches ${tried}`),
              subject,
            });
          }
          user = await createJustInTime(tx, ctx, identity, settings, method);
        }
        user = (await identityRepo.lockUser(tx, ctx.tenantId, user.id))!;
        if (!user.isActive) throw new SsoRefusal('accountDisabled', 'accountDisabled', { subject });
        return opening.afterFirstFactor(tx, ctx, user, method, remembered, {
          secondFactorWaived: settings.trustIdpMfa,
        });
      });
    },
  };
}

export type SsoSignInService = ReturnType<typeof createSsoSignInService>;
