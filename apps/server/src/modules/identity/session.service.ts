import { msg } from '@formloop/contracts';
import type { SessionToken } from '@formloop/contracts';
import { flagsForKind, languageOrNull } from '@formloop/domain';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import { endHubSessions } from '../../platform/realtime/hub-publish.ts';
import type { ActiveSession } from '../../platform/auth/request-auth.ts';
import { unauthenticated } from '../../platform/http/errors.ts';
import { appMenuFor } from '../menus/index.ts';
import { sha256 } from './credentials.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import type { IdentityDeps } from './identity.context.ts';
import * as repo from './identity.repository.ts';

export function createSessionService({
  db,
  tokens,
  sessionCache,
}: Pick<IdentityDeps, 'db' | 'tokens' | 'sessionCache'>) {
  const sessionExpired = () => unauthenticated(msg('validation.sessionExpired'));

  return {
    /**
     * The session-token request (spec §7): after sign-in (and the second step when there is one) the
     * browser trades its session cookie for a bearer token plus everything the shell needs.
     */
    async issueToken(ctx: CallContext, sessionSecret: string | undefined): Promise<SessionToken> {
      if (!sessionSecret) throw sessionExpired();
      const live = await db.inTenant(ctx.tenantId, (tx) =>
        repo.findLiveSession(tx, ctx.tenantId, { secretHash: sha256(sessionSecret) }),
      );
      if (!live) throw sessionExpired();
      const { session, user } = live;
      const flags = flagsForKind(user.userKind);
      const { token } = await tokens.signAccess({
        userId: user.id,
        tenantId: ctx.tenantId,
        sessionId: session.id,
      });
      const claims = (await tokens.verifyAccess(token))!;
      return {
        token,
        // The spec's client reads both names; they are one bearer token here.
        accessToken: token,
        expiresAt: claims.expiresAt.toISOString(),
        ...flags,
        isMachineRemembered: session.isMachineRemembered,
        is2faEnabled: user.twoFactorEnabled,
        uid: user.id,
        username: user.username,
        email: user.email,
        fullname: user.fullname,
        config: {
          // The same list GET /api/sys/permissions/menu/sidebar answers: built-ins, then stored menus.
          appMenu: await db.inTenant(ctx.tenantId, (tx) => appMenuFor(tx, ctx.tenantId, user.id, flags)),
          userInfo: {
            uid: user.id,
            username: user.username,
            email: user.email,
            fullname: user.fullname,
            date_format: user.dateFormat,
            preference: { launch_page: { type: normaliseLaunchPage(user.preference.launch_page.type) } },
            // language: null until the user chooses one (the web app then stores the one it shows).
            config: {
              time_zone: user.timeZone,
              user_kind: user.userKind,
              language: languageOrNull(user.language),
            },
          },
        },
      };
    },

    /** refreshToken: a still-valid token for a live session buys a fresh one with a new expiry. */
    async refresh(ctx: CallContext, jwt: string): Promise<{ jwt: string; expiresAt: string }> {
      const claims = await tokens.verifyAccess(jwt);
      if (!claims || claims.tenantId !== ctx.tenantId) throw unauthenticated(msg('validation.refreshFailed'));
      const live = await db.inTenant(ctx.tenantId, (tx) =>
        repo.findLiveSession(tx, ctx.tenantId, { sessionId: claims.sessionId }),
      );
      if (!live || live.user.id !== claims.userId) throw unauthenticated(msg('validation.refreshFailed'));
      const next = await tokens.signAccess({
        userId: claims.userId,
        tenantId: ctx.tenantId,
        sessionId: claims.sessionId,
      });
      return { jwt: next.token, expiresAt: next.expiresAt.toISOString() };
    },

    async validate(ctx: CallContext, token: string): Promise<{ valid: boolean; expiresAt: string | null }> {
      const claims = await tokens.verifyAccess(token);
      if (!claims || claims.tenantId !== ctx.tenantId) return { valid: false, expiresAt: null };
      const live = await db.inTenant(ctx.tenantId, (tx) =>
        repo.findLiveSession(tx, ctx.tenantId, { sessionId: claims.sessionId }),
      );
      return live && live.user.id === claims.userId
        ? { valid: true, expiresAt: claims.expiresAt.toISOString() }
        : { valid: false, expiresAt: null };
    },

    /** Logout revokes the session server-side: every token minted for it stops working at once. */
    async signOut(ctx: CallContext, by: { sessionId: string } | { sessionSecret: string }): Promise<void> {
      const revoked = await db.inTenant(ctx.tenantId, async (tx) => {
        const live = await repo.findLiveSession(
          tx,
          ctx.tenantId,
          'sessionId' in by ? by : { secretHash: sha256(by.sessionSecret) },
        );
        if (!live) return null;
        await repo.revokeSession(tx, ctx.tenantId, live.session.id);
        await endHubSessions(tx, ctx.tenantId, live.user.id, { only: live.session.id });
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: live.user.id,
          entity: 'session',
          entityId: live.session.id,
          action: 'sign-out',
          requestId: ctx.requestId,
        });
        return live.session.id;
      });
      if (revoked) sessionCache.forgetSession(revoked);
    },

    /** For the request guard: is this session still good, and who is it. */
    async lookup(tenantId: string, sessionId: string): Promise<ActiveSession | null> {
      const live = await db.inTenant(tenantId, (tx) => repo.findLiveSession(tx, tenantId, { sessionId }));
      return live ? { userId: live.user.id, userKind: live.user.userKind } : null;
    },
  };
}

const LAUNCH_PAGES = ['home', 'dashboard&reports', 'quickreport', 'apps'] as const;
const normaliseLaunchPage = (type: string): (typeof LAUNCH_PAGES)[number] =>
  (LAUNCH_PAGES as readonly string[]).includes(type) ? (type as (typeof LAUNCH_PAGES)[number]) : 'home';
