import { MESSAGES } from '@formloop/domain';
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

/** A sign-in the provider or our rules refused; `message` is the login page's status text. */
export class SsoRefusal extends Error {}

/** Who the provider says signed in, read through the tenant's attribute/claim mapping. */
export interface ProviderIdentity {
  username: string;
  email: string;
  fullname: string;
}

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
    if (identity.email) {
      const byEmail = await repo.findUsersByEmail(tx, tenantId, identity.email);
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
    const username = (identity.username || identity.email).slice(0, USERNAME_MAX);
    try {
      await requireSeat(tx, ctx.tenantId, settings.jitUserKind);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) throw new SsoRefusal(MESSAGES.ssoNoSeat);
      throw error;
    }
    // Nobody knows this password: the account signs in through its provider (or a reset link).
    const row = await usersRepo.insertUser(tx, ctx.tenantId, {
      username,
      email: identity.email,
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
      if (!identity.username && !identity.email) throw new SsoRefusal(MESSAGES.ssoUnknownUser);
      const remembered = rememberCookie ? await tokens.verifyRemember(rememberCookie) : null;
      return db.inTenant(ctx.tenantId, async (tx) => {
        if (claim) await claim(tx);
        let user = await findUser(tx, ctx.tenantId, identity);
        if (!user) {
          if (!settings.jitEnabled) throw new SsoRefusal(MESSAGES.ssoUnknownUser);
          user = await createJustInTime(tx, ctx, identity, settings, method);
        }
        user = (await identityRepo.lockUser(tx, ctx.tenantId, user.id))!;
        if (!user.isActive) throw new SsoRefusal(MESSAGES.accountDisabled);
        return opening.afterFirstFactor(tx, ctx, user, method, remembered, {
          secondFactorWaived: settings.trustIdpMfa,
        });
      });
    },
  };
}

export type SsoSignInService = ReturnType<typeof createSsoSignInService>;
