import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { roleRoutes } from './role.routes.ts';
import { createRoleService } from './role.service.ts';

export { createGrantCheck } from './role-check.ts';

/**
 * Roles and the permission matrix (/settings/roles-permissions). Grants are read per request, never
 * cached, so changing or deleting a role has no cache to clear.
 */
export async function registerRoleModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(roleRoutes({ service: createRoleService(deps.db), guard: deps.guard }));
}
