import type { FastifyInstance } from 'fastify';
import type { SessionCache } from '../../platform/auth/session-cache.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { userActionRoutes } from './users-actions.routes.ts';
import { createUserActionsService } from './users-actions.service.ts';
import { userRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

/**
 * User management and licences (/settings/user-management, /settings/user-detail): settings roles
 * list, create or invite, edit, (de)activate users, reset passwords and second factors, change
 * licences within the tenant's seats and give roles.
 */
export async function registerUserModule(
  app: FastifyInstance,
  deps: ModuleDeps & { mailer: Mailer; sessionCache: SessionCache; config: Config },
): Promise<void> {
  await app.register(userRoutes({ service: createUsersService(deps), guard: deps.guard }));
  await app.register(userActionRoutes({ service: createUserActionsService(deps), guard: deps.guard }));
}
