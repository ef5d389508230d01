import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcSettings, SsoFailureCause } from '@formloop/contracts';
import type { LoginStatusKey } from '@formloop/domain';

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

/**
 * The provider's OAuth error (`error` and `error_description` of a token or authorization answer,
 * or of a 401's WWW-Authenticate challenge), if it gave one.
 */
export function oauthErrorDetails(error: unknown): { error: string; description: string } {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  for (let cause = error, depth = 0; cause && depth < 3; depth += 1) {
    const answer = cause as { error?: unknown; error_description?: unknown };
    if (typeof answer.error === 'string')
      return { error: answer.error, description: text(answer.error_description) };
    // A 401 with WWW-Authenticate comes as its challenges, each with its parameters.
    if (Array.isArray(cause)) {
      const challenge = (cause as Array<{ parameters?: Record<string, unknown> }>).find(
        (c) => typeof c.parameters?.['error'] === 'string',
      );
      const parameters = challenge?.parameters ?? {};
      return { error: text(parameters['error']), description: text(parameters['error_description']) };
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  return { error: '', description: '' };
}

export const oauthErrorOf = (error: unknown): string => oauthErrorDetails(error).error;

/**
 * The provider's answer in short, for an administrator (the test-connection answer, the last
 * failures): its OAuth error and description when it gave them, else the library's code and message.
 */
export function describeFailure(error: unknown, max = 300): string {
  const oauth = oauthErrorDetails(error);
  if (oauth.error) return [oauth.error, oauth.description].filter(Boolean).join(': ').slice(0, max);
  const { message, code } = error as { message?: string; code?: string };
  return [code, message].filter(Boolean).join(': ').slice(0, max) || 'unknown error';
}

/** A code no provider issued: the token endpoint authenticates the client before it looks at it. */
const PROBE_CODE = 'formloop-connection-test';

/**
 * Whether the provider's token endpoint accepts our client id and secret. It is asked to redeem a
 * code it never issued: a provider that refuses the client answers invalid_client (RFC 6749 §5.2,
 * checked before the grant); any other refusal (invalid_grant, typically) means the client itself
 * was accepted. Returns the provider's words when it refused the client, else null; throws when the
 * endpoint cannot be reached.
 */
export async function clientRejection(
  provider: client.Configuration,
  redirectUri: string,
): Promise<string | null> {
  try {
    await client.genericGrantRequest(provider, 'authorization_code', {
      code: PROBE_CODE,
      redirect_uri: redirectUri,
    });
    return null;
  } catch (error) {
    if (isUnreachable(error)) throw error;
    return oauthErrorOf(error) === 'invalid_client' ? describeFailure(error) : null;
  }
}

/** The login page's status and the administrator's cause for openid-client's refusal. */
export function oidcRefusal(error: unknown): { status: LoginStatusKey; reason: SsoFailureCause } {
  if (isUnreachable(error)) return { status: 'ssoUnreachable', reason: 'unreachable' };
  const oauthError = oauthErrorOf(error);
  if (oauthError === 'invalid_client' || oauthError === 'unauthorized_client')
    return { status: 'ssoFailed', reason: 'clientRejected' };
  // The authorization answer's own error (the user cancelled, is not assigned, ...).
  if (error instanceof client.AuthorizationResponseError)
    return { status: 'ssoFailed', reason: 'providerError' };
  const { code, message = '' } = error as { code?: string; message?: string };
  if (code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return { status: 'ssoExpired', reason: 'clockSkew' };
  if (/"aud"/.test(message)) return { status: 'ssoFailed', reason: 'audience' };
  if (/"iss"/.test(message)) return { status: 'ssoBadSignature', reason: 'issuer' };
  if (/signature/i.test(message)) return { status: 'ssoBadSignature', reason: 'signature' };
  if (/"state"|"nonce"|code_verifier|PKCE/i.test(message))
    return { status: 'ssoExpired', reason: 'attemptInvalid' };
  if (oauthError === 'invalid_grant') return { status: 'ssoFailed', reason: 'replayed' };
  if (oauthError) return { status: 'ssoFailed', reason: 'providerError' };
  return { status: 'ssoFailed', reason: 'other' };
}
