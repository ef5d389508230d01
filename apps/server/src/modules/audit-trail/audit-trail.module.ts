import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { auditTrailRoutes } from './audit-trail.routes.ts';
import { createAuditTrailService } from './audit-trail.service.ts';

/** The audit trail: read-only views of audit_log for system administrators. */
export async function registerAuditTrailModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(auditTrailRoutes({ service: createAuditTrailService(deps.db), guard: deps.guard }));
}
