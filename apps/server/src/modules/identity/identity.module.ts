import type { FastifyInstance } from 'fastify';
import type { createAuthenticate as CreateAuthenticate } from '../../platform/auth/request-auth.ts';
import { accountRoutes } from './account.routes.ts';
import { createAuthenticatorService } from './authenticator.service.ts';
import type { IdentityDeps } from './identity.context.ts';
import { identityRoutes } from './identity.routes.ts';
import { createPasswordResetService } from './password-reset.service.ts';
import { createSessionService } from './session.service.ts';
import { createSignInService } from './sign-in.service.ts';

/** Registers sign-in, sessions, password reset and the authenticator; returns the guard other modules use. */
export async function registerIdentityModule(
  app: FastifyInstance,
  deps: IdentityDeps & {
    config: IdentityDeps['config'] & { LOGIN_RATE_LIMIT_PER_MINUTE: number };
    createAuthenticate: typeof CreateAuthenticate;
  },
) {
  const sessions = createSessionService(deps);
  const guard = deps.createAuthenticate(
    deps.tokens,
    (tenantId, sessionId) => sessions.lookup(tenantId, sessionId),
    deps.sessionCache,
  );
  const rateLimitPerMinute = deps.config.LOGIN_RATE_LIMIT_PER_MINUTE;
  await app.register(
    identityRoutes({
      signIn: createSignInService(deps),
      sessions,
      guard,
      sessionTtlSeconds: deps.config.SESSION_TTL_SECONDS,
      rateLimitPerMinute,
    }),
  );
  await app.register(
    accountRoutes({
      passwordReset: createPasswordResetService(deps),
      authenticator: createAuthenticatorService(deps),
      guard,
      rateLimitPerMinute,
    }),
  );
  return guard;
}
