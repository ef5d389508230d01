import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcSettings } from '@formloop/contracts';

// The third-party OpenID Connect provider as openid-client sees it. Discovery answers are kept for
// a few minutes per issuer and client (every sign-in would otherwise fetch the provider's metadata
// first); a settings change (another client id or secret) is a new key.

const DISCOVERY_TTL_MS = 5 * 60_000;
const DISCOVERY_TIMEOUT_SECONDS = 5;
const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

export async function discoverProvider(
  oidc: OidcSettings,
  clientSecret: string,
): Promise<client.Configuration> {
  const key = createHash('sha256')
    .update(JSON.stringify([oidc.issuer, oidc.clientId, clientSecret]))
    .digest('base64url');
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
  const issuer = new URL(oidc.issuer);
  const config = client.discovery(issuer, oidc.clientId, undefined, client.ClientSecretBasic(clientSecret), {
    timeout: DISCOVERY_TIMEOUT_SECONDS,
    // Plain http only where the administrator gave an http issuer (a provider on the local network).
    ...(issuer.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
  });
  discovered.set(key, { at: Date.now(), config });
  // A failed discovery is not remembered: the next attempt asks again.
  config.catch(() => discovered.delete(key));
  return config;
}

/** True when the failure is the network (refused, unresolvable, timed out), not the provider's answer. */
export function isUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && depth < 5; depth += 1) {
    const { name, code, message } = cause as { name?: string; code?: string; message?: string };
    if (name === 'AbortError' || name === 'TimeoutError') return true;
    if (code && /^(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|UND_ERR_)/.test(code))
      return true;
    if (message === 'fetch failed') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/** The provider's answer in short, for an administrator (the test-connection answer). */
export function describeFailure(error: unknown): string {
  const { message, code } = error as { message?: string; code?: string };
  return [code, message].filter(Boolean).join(': ').slice(0, 300) || 'unknown error';
}
