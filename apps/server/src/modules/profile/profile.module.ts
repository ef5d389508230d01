import type { FastifyInstance } from 'fastify';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService, type ProfileDeps } from './profile.service.ts';
import { createSecurityQuestionsService } from './security-questions.service.ts';

/** My Profile: user info, time zone, password change, policy and security questions. */
export async function registerProfileModule(
  app: FastifyInstance,
  deps: ProfileDeps & {
    /** The guard registerIdentityModule returns. */
    guard: ReturnType<typeof createAuthenticate>;
    config: { LOGIN_RATE_LIMIT_PER_MINUTE: number };
  },
): Promise<void> {
  await app.register(
    profileRoutes({
      profile: createProfileService(deps),
      securityQuestions: createSecurityQuestionsService(deps),
      guard: deps.guard,
      rateLimitPerMinute: deps.config.LOGIN_RATE_LIMIT_PER_MINUTE,
    }),
  );
}
