import type { FastifyRequest } from 'fastify';
import { requireTenant } from '../tenancy/tenant-resolver.ts';

/** Who is asking, from where: passed from the route into every service call. */
export interface CallContext {
  tenantId: string;
  requestId: string;
  userAgent: string | null;
  ipAddress: string | null;
}

/** The tenant, request id and client of a request, for services; 404 when the host names no tenant. */
export function callContext(request: FastifyRequest): CallContext {
  const tenant = requireTenant(request.tenant);
  return {
    tenantId: tenant.id,
    requestId: String(request.id),
    userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
    ipAddress: request.ip ?? null,
  };
}

/** Where links in e-mails should point: the host the user is on, with its scheme. */
export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
