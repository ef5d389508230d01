import { randomBytes } from 'node:crypto';
import { SAML, ValidateInResponseTo, type CacheProvider, type Profile } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import type { SsoFailureCause } from '@formloop/contracts';
import type { LoginStatusKey } from '@formloop/domain';
import type { TokenService } from '../../platform/auth/tokens.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { sha256 } from '../identity/index.ts';
import { identityFrom } from './identity-claims.ts';
import { SsoRefusal, type ProviderIdentity } from './sso-sign-in.service.ts';
import { serviceProvider, type TenantSso } from './sso-settings.service.ts';
import * as repo from './sso.repository.ts';

/** How far the IdP's clock may differ from ours when NotBefore / NotOnOrAfter are checked. */
export const SAML_CLOCK_SKEW_MS = 2 * 60_000;
/**
 * The cookie that ties a SAML sign-in to the browser that started it. Without it an attacker could
 * have a victim's browser post the attacker's own (unused) response and sign the victim in as the
 * attacker. The answer arrives as a cross-site POST, which carries only SameSite=None cookies, and
 * browsers take those over https only: on plain http (development) the check applies when the cookie
 * comes along.
 */
export const SAML_BROWSER_COOKIE = 'fl_saml';
/** How long a sign-in at the IdP may take before its answer is refused. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;

/**
 * node-saml's InResponseTo memory in PostgreSQL (any node may receive the answer). Removal is left
 * to the sign-in transaction (repo.consumeSamlRequest), which deletes the row atomically: of two
 * copies of one answer only the first signs in.
 */
function requestCache(db: TenantDb, tenantId: string): CacheProvider {
  return {
    async saveAsync(key) {
      await db.inTenant(tenantId, async (tx) => {
        await repo.pruneSamlRequests(tx, tenantId, SAML_REQUEST_TTL_MS);
        await repo.saveSamlRequest(tx, tenantId, key);
      });
      return { value: new Date().toISOString(), createdAt: Date.now() };
    },
    // node-saml reads the value as the time the request was sent (it checks the age itself too).
    async getAsync(key) {
      const sentOn = await db.inTenant(tenantId, (tx) =>
        repo.samlRequestSentOn(tx, tenantId, key, SAML_REQUEST_TTL_MS),
      );
      return sentOn ? sentOn.toISOString() : null;
    },
    removeAsync: async (key) => key,
  };
}

/** The claims of a validated profile: its attributes by name, and 'nameID' for the subject's NameID. */
function claimsOf(profile: Profile): Record<string, unknown> {
  const attributes = (profile['attributes'] ?? {}) as Record<string, unknown>;
  return { ...profile, ...attributes, nameID: profile.nameID ?? '' };
}

/** The login page's status and the administrator's cause for node-saml's refusal. */
export function samlRefusal(error: unknown): { status: LoginStatusKey; reason: SsoFailureCause } {
  const text = error instanceof Error ? error.message : '';
  if (/Unknown SAML issuer|Missing SAML issuer/i.test(text))
    return { status: 'ssoBadSignature', reason: 'issuer' };
  if (/signature/i.test(text)) return { status: 'ssoBadSignature', reason: 'signature' };
  if (/audience/i.test(text)) return { status: 'ssoFailed', reason: 'audience' };
  // An expired assertion usually fails its subject confirmation first (same NotOnOrAfter).
  if (/expired|not yet valid|No valid subject confirmation/i.test(text))
    return { status: 'ssoExpired', reason: 'clockSkew' };
  // The request it answers is unknown to us: answered before, or too old.
  if (/InResponseTo/i.test(text)) return { status: 'ssoReplayed', reason: 'replayed' };
  if (/provider returned/i.test(text)) return { status: 'ssoFailed', reason: 'providerError' };
  return { status: 'ssoFailed', reason: 'other' };
}

const DS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * Whether the Response element itself carries a signature. The assertion's signature is always
 * required (WantAssertionsSigned, as our metadata says); a Response signature is optional (Entra ID
 * signs only the assertion by default) but, when present, must verify too.
 */
export function responseIsSigned(samlResponse: string): boolean {
  try {
    const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
    const root = new DOMParser({ errorHandler: () => undefined }).parseFromString(
      xml,
      'text/xml',
    )?.documentElement;
    return Array.from(root?.childNodes ?? []).some(
      (node) => (node as Element).localName === 'Signature' && (node as Element).namespaceURI === DS,
    );
  } catch {
    return false;
  }
}

export function createSamlFlow(deps: { db: TenantDb; tokens: TokenService }) {
  const { db, tokens } = deps;

  function samlFor(
    tenantId: string,
    origin: string,
    settings: TenantSso,
    options: { responseSigned: boolean } = { responseSigned: true },
  ): SAML {
    const sp = serviceProvider(origin, settings.saml);
    return new SAML({
      entryPoint: settings.saml.entryPoint,
      callbackUrl: sp.acsUrl,
      issuer: sp.entityId,
      audience: sp.entityId,
      idpCert: settings.saml.idpCertificate,
      ...(settings.saml.idpEntityId ? { idpIssuer: settings.saml.idpEntityId } : {}),
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: options.responseSigned,
      validateInResponseTo: ValidateInResponseTo.always,
      requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
      cacheProvider: requestCache(db, tenantId),
      acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
      identifierFormat: null,
      // Asking for a password context would make IdPs that sign in otherwise (MFA, passkeys) refuse.
      disableRequestedAuthnContext: true,
    });
  }

  return {
    /**
     * The IdP URL that starts the sign-in (HTTP-Redirect binding), remembering where to return, and
     * a secret for the browser's cookie: the answer must come back to the browser that asked.
     */
    async start(
      tenantId: string,
      origin: string,
      settings: TenantSso,
      returnUrl: string,
    ): Promise<{ url: string; browserSecret: string }> {
      const browserSecret = randomBytes(24).toString('base64url');
      const relayState = await tokens.signSsoState(
        { tenantId, provider: 'saml', returnUrl, nonce: sha256(browserSecret) },
        SAML_REQUEST_TTL_MS / 1000,
      );
      const url = await samlFor(tenantId, origin, settings).getAuthorizeUrlAsync(
        relayState,
        new URL(origin).host,
        {},
      );
      return { url, browserSecret };
    },

    /** The sign-in the RelayState carries (where to return, whose browser), or null. */
    async stateOf(
      tenantId: string,
      relayState: string | undefined,
    ): Promise<{ returnUrl: string; browserHash: string | null } | null> {
      const state = relayState ? await tokens.verifySsoState(relayState) : null;
      if (!state || state.tenantId !== tenantId || state.provider !== 'saml') return null;
      return { returnUrl: state.returnUrl, browserHash: state.nonce ?? null };
    },

    /** Whether the browser's cookie is the one given when this sign-in started. */
    isSameBrowser: (state: { browserHash: string | null } | null, cookie: string | undefined): boolean =>
      Boolean(state?.browserHash && cookie && sha256(cookie) === state.browserHash),

    /** Checks the IdP's answer; the identity it vouches for and the request it answers. */
    async answer(
      tenantId: string,
      origin: string,
      settings: TenantSso,
      form: { SAMLResponse: string; RelayState?: string },
    ): Promise<{ identity: ProviderIdentity; requestId: string }> {
      let profile: Profile | null;
      const responseSigned = responseIsSigned(form.SAMLResponse);
      try {
        ({ profile } = await samlFor(tenantId, origin, settings, {
          responseSigned,
        }).validatePostResponseAsync({
          SAMLResponse: form.SAMLResponse,
          ...(form.RelayState ? { RelayState: form.RelayState } : {}),
        }));
      } catch (error) {
        const { status, reason } = samlRefusal(error);
        throw new SsoRefusal(status, reason, { cause: error });
      }
      const requestId = typeof profile?.['inResponseTo'] === 'string' ? profile['inResponseTo'] : '';
      if (!profile || !requestId) {
        throw new SsoRefusal('ssoFailed', 'replayed', {
          cause: new Error('the response answers no request'),
        });
      }
      const { usernameAttribute, emailAttribute, fullNameAttribute } = settings.saml;
      const claims = claimsOf(profile);
      const identity = identityFrom(
        claims,
        { username: usernameAttribute, email: emailAttribute, fullName: fullNameAttribute },
        { reference: profile.nameID ?? '' },
      );
      return { requestId, identity };
    },

    /** Marks the answered request used, in the sign-in transaction; false when it already was (a replay). */
    consume: (tx: TenantTx, tenantId: string, requestId: string) =>
      repo.consumeSamlRequest(tx, tenantId, requestId),

    /** Our metadata for the tenant's IdP (unsigned; no encryption key offered). */
    metadata(origin: string, settings: TenantSso): string {
      // The metadata needs no IdP yet: a placeholder entry point and certificate keep node-saml content.
      const sp = serviceProvider(origin, settings.saml);
      const saml = new SAML({
        callbackUrl: sp.acsUrl,
        issuer: sp.entityId,
        idpCert: settings.saml.idpCertificate || 'unset',
        wantAssertionsSigned: true,
        wantAuthnResponseSigned: true,
        identifierFormat: null,
      });
      return saml.generateServiceProviderMetadata(null, null);
    },
  };
}

export type SamlFlow = ReturnType<typeof createSamlFlow>;
