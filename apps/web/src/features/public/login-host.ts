import { LOGIN_HOST_LABEL } from '@formloop/domain';

/** Spec §2: a host whose first label is 'login' shows the domain-entry page instead of the app. */
export function isLoginHost(hostname: string): boolean {
  const labels = hostname.toLowerCase().split('.');
  return labels.length > 1 && labels[0] === LOGIN_HOST_LABEL;
}

/** The base domain tenants live under: the login host without its first label. */
export function baseDomainOf(hostname: string): string {
  return hostname.toLowerCase().split('.').slice(1).join('.');
}

/** Where the browser goes once the tenant's address is known: its sign-in page. */
export function tenantLoginUrl(tenantUrl: string): string {
  return `${tenantUrl.replace(/\/+$/, '')}/authentication/login`;
}
