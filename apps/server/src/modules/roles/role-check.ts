import type { FastifyRequest } from 'fastify';
import { canUseSettings, type PermissionAction } from '@formloop/domain';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { forbidden, unauthenticated } from '../../platform/http/errors.ts';
import { isGranted } from '../access/index.ts';

/**
 * Route guards on the permission matrix, for routes whose access a role decides (apps and their
 * records, once they exist). Usage, after the guard's authenticate:
 *
 *   const { requireGrant } = createGrantCheck(deps.db);
 *   preValidation: [deps.guard.authenticate, requireGrant((r) => appResource(r.params.moduleId), 'edit')]
 *
 * Settings roles (system administrators, administrators, consultants) pass: they manage the roles and
 * see everything. Everyone else needs a role granting `action` on the resource, or gets a 403. The
 * grant is read on every request, never cached, so a matrix change applies to the very next one.
 */
export function createGrantCheck(db: TenantDb) {
  const requireGrant =
    <Request extends FastifyRequest = FastifyRequest>(
      resourceOf: (request: Request) => string,
      action: PermissionAction,
    ) =>
    async (request: Request): Promise<void> => {
      const auth = request.auth;
      if (!auth) throw unauthenticated();
      if (canUseSettings(auth.flags)) return;
      const resource = resourceOf(request);
      const granted = await db.inTenant(auth.tenantId, (tx) =>
        isGranted(tx, auth.tenantId, auth.userId, resource, action),
      );
      if (!granted) throw forbidden();
    };
  return { requireGrant };
}
