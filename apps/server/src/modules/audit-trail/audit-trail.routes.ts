import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_TRAIL_PATHS,
  auditDataTableRequestSchema,
  auditDataTableResponseSchema,
  auditEntryQuerySchema,
  auditEntryResponseSchema,
} from '@formloop/contracts';
import { isSystemAdminOnly } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { createAuditTrailService } from './audit-trail.service.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';

const errors = errorResponses(400, 401, 403, 404);

/** Spec §7 "Audit": the audit trail at /app/audit, for system administrators only (spec §6). */
export const auditTrailRoutes = (deps: {
  service: ReturnType<typeof createAuditTrailService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    app.addHook('preHandler', deps.guard.authenticate);
    app.addHook('preHandler', deps.guard.requireRole(isSystemAdminOnly));

    app.post(
      AUDIT_TRAIL_PATHS.datatables,
      {
        schema: {
          tags: ['audit'],
          summary: 'A page of the audit log: filters, search, sort (spec §3 data table request)',
          body: auditDataTableRequestSchema,
          response: { 200: auditDataTableResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request), request.body)),
    );

    app.get(
      AUDIT_TRAIL_PATHS.entity,
      {
        schema: {
          tags: ['audit'],
          summary: 'One audit entry with its before, after and field-level diff (secrets redacted)',
          querystring: auditEntryQuerySchema,
          response: { 200: auditEntryResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.entry(callContext(request), request.query.id)),
    );
  }) satisfies FastifyPluginAsyncZod;
