/** What a request's Host header says about the tenant (DESIGN.md, Data and tenancy). */
export type HostTarget = { kind: 'tenant'; label: string } | { kind: 'login' } | { kind: 'unknown' };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function stripPort(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(0, value.indexOf(']') + 1);
  const colon = value.lastIndexOf(':');
  return colon > -1 && value.indexOf(':') === colon ? value.slice(0, colon) : value;
}

/**
 * `{tenant}.{BASE_DOMAIN}` names a tenant; a first label of `login` is the domain-entry host; the bare
 * base domain and loopback names map to the default (demo) tenant.
 */
export function resolveHost(
  hostHeader: string | undefined,
  baseDomain: string,
  defaultTenant: string,
): HostTarget {
  if (!hostHeader) return { kind: 'tenant', label: defaultTenant };
  const host = stripPort(hostHeader).replace(/\.$/, '');
  if (host === baseDomain || LOOPBACK.has(host)) return { kind: 'tenant', label: defaultTenant };
  if (!host.endsWith(`.${baseDomain}`)) return { kind: 'unknown' };
  const sub = host.slice(0, -(baseDomain.length + 1));
  if (sub.includes('.') || !/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(sub)) return { kind: 'unknown' };
  return sub === 'login' ? { kind: 'login' } : { kind: 'tenant', label: sub };
}

/** The public URL of a tenant's host, keeping the scheme and port the caller used. */
export function tenantUrl(
  label: string,
  baseDomain: string,
  protocol: string,
  hostHeader: string | undefined,
): string {
  const port = hostHeader?.match(/:(\d+)$/)?.[1];
  return `${protocol}://${label}.${baseDomain}${port ? `:${port}` : ''}`;
}
