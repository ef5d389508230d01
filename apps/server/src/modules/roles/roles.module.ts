import type { FastifyInstance } from 'fastify';
import type { SessionCache } from '../../platform/auth/session-cache.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { roleRoutes } from './role.routes.ts';
import { createRoleService } from './role.service.ts';

export { createGrantCheck } from './role-check.ts';

/**
 * Roles and the permission matrix (/settings/roles-permissions). The session cache is handed in but
 * not needed: it holds who a session belongs to, never what their roles grant (that is read per
 * request), so changing or deleting a role has nothing there to forget.
 */
export async function registerRoleModule(
  app: FastifyInstance,
  deps: ModuleDeps & { sessionCache?: SessionCache },
): Promise<void> {
  await app.register(roleRoutes({ service: createRoleService(deps.db), guard: deps.guard }));
}
