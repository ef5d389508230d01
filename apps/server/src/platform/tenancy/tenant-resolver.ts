import { msg } from '@formloop/contracts';
import type { FastifyInstance } from 'fastify';

import { AppError } from '../http/errors.ts';
import { resolveHost, type HostTarget } from './host.ts';

export interface RequestTenant {
  id: string;
  label: string;
  name: string;
  company: string;
  supportEmail: string | null;
  personInChargePhone: string | null;
  licenceExpiresOn: string | null;
  /** Feature licence keys held (BOT_…, AI_…); gated features are offered only with theirs. */
  featureLicences: string[];
  status: 'active' | 'suspended';
}

declare module 'fastify' {
  interface FastifyRequest {
    hostTarget: HostTarget;
    /** The tenant named by the Host header; null on the login host or an unknown host. */
    tenant: RequestTenant | null;
  }
}

export type FindTenant = (label: string) => Promise<RequestTenant | null>;

/**
 * Tenants change rarely and are read on every request: keep each lookup a few seconds so a burst of
 * requests costs one query, while a suspended or renewed tenant is seen again almost at once.
 */
export function cachedTenantLookup(find: FindTenant, ttlMs = 5000): FindTenant {
  const cache = new Map<string, { at: number; value: Promise<RequestTenant | null> }>();
  return (label) => {
    const hit = cache.get(label);
    if (hit && Date.now() - hit.at < ttlMs) return hit.value;
    const value = find(label);
    cache.set(label, { at: Date.now(), value });
    value.catch(() => cache.delete(label));
    if (cache.size > 10_000) cache.clear();
    return value;
  };
}

export function registerTenantResolver(
  app: FastifyInstance,
  options: { baseDomain: string; defaultTenant: string; findTenant: FindTenant },
): void {
  app.decorateRequest('hostTarget', null as never);
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (request) => {
    request.hostTarget = resolveHost(request.headers.host, options.baseDomain, options.defaultTenant);
    request.tenant =
      request.hostTarget.kind === 'tenant' ? await options.findTenant(request.hostTarget.label) : null;
  });
}

/** For routes that serve one tenant: an unknown host is a 404, like any other missing thing. */
export function requireTenant(tenant: RequestTenant | null): RequestTenant {
  if (!tenant || tenant.status !== 'active')
    throw new AppError(404, 'TENANT_NOT_FOUND', msg('validation.tenantNotFound'));
  return tenant;
}
