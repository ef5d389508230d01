import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  msg,
  API_PATHS,
  errorEnvelopeSchema,
  tenantExistsQuerySchema,
  tenantExistsResponseSchema,
  tenantInfoResponseSchema,
} from '@formloop/contracts';

import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { requireTenant } from '../../platform/tenancy/tenant-resolver.ts';
import { tenantUrl } from '../../platform/tenancy/host.ts';
import type { createTenantService } from './tenant.service.ts';

export const tenantRoutes = (
  service: ReturnType<typeof createTenantService>,
  options: { baseDomain: string; rateLimitPerMinute: number },
) =>
  (async (app) => {
    app.get(
      API_PATHS.tenantInfo,
      {
        schema: {
          tags: ['tenancy'],
          summary: 'Support contact and licence of the tenant named by the Host header',
          response: { 200: tenantInfoResponseSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => ok(service.info(requireTenant(request.tenant))),
    );

    app.get(
      API_PATHS.tenantExists,
      {
        config: { rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } },
        schema: {
          tags: ['tenancy'],
          summary: 'Domain-entry page: does this tenant exist, and where does it live',
          querystring: tenantExistsQuerySchema,
          response: { 200: tenantExistsResponseSchema, 404: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const { domain } = request.query;
        if (!(await service.exists(domain)))
          throw new AppError(404, 'TENANT_NOT_FOUND', msg('validation.tenantNotFound'));
        return ok({
          exists: true as const,
          url: tenantUrl(domain, options.baseDomain, request.protocol, request.headers.host),
        });
      },
    );
  }) satisfies FastifyPluginAsyncZod;
