import { randomUUID } from 'node:crypto';
import {
  SignJWT,
  errors as joseErrors,
  importPKCS8,
  importSPKI,
  jwtVerify,
  type CryptoKey,
  type JWTPayload,
} from 'jose';

/**
 * All tokens we sign carry a `typ`, so a remember-machine cookie can never pass for an access token.
 * Ed25519 (EdDSA): small, fast, and the public key alone verifies (several nodes, one key pair).
 */
type TokenType = 'access' | 'pending2fa' | 'remember' | 'sso-state';

export interface AccessClaims {
  userId: string;
  tenantId: string;
  sessionId: string;
  expiresAt: Date;
}
export interface Pending2faClaims {
  userId: string;
  tenantId: string;
  rememberable: boolean;
  /** How the first factor was given ('password', 'saml', 'oidc'), for the audit row of the second. */
  firstFactor?: string;
}
export interface RememberClaims {
  userId: string;
  tenantId: string;
  securityStamp: string;
}

const ALG = 'EdDSA';
const ISSUER = 'formloop';
const VERIFIED_CACHE_SIZE = 20_000;

/**
 * One single-sign-on attempt, carried by the browser (SAML RelayState, OIDC state cookie): where to
 * go afterwards and, for OpenID Connect, the PKCE verifier, state and nonce to check the answer with.
 */
export interface SsoStateClaims {
  tenantId: string;
  provider: 'saml' | 'oidc';
  returnUrl: string;
  codeVerifier?: string;
  state?: string;
  nonce?: string;
}

export interface TokenService {
  signAccess(input: {
    userId: string;
    tenantId: string;
    sessionId: string;
  }): Promise<{ token: string; expiresAt: Date }>;
  verifyAccess(token: string): Promise<AccessClaims | null>;
  signPending2fa(input: Pending2faClaims, ttlSeconds: number): Promise<string>;
  verifyPending2fa(token: string): Promise<Pending2faClaims | null>;
  signRemember(input: RememberClaims, ttlSeconds: number): Promise<string>;
  verifyRemember(token: string): Promise<RememberClaims | null>;
  signSsoState(input: SsoStateClaims, ttlSeconds: number): Promise<string>;
  verifySsoState(token: string): Promise<SsoStateClaims | null>;
}

export async function createTokenService(keys: {
  privateKeyPem: string;
  publicKeyPem: string;
  accessTtlSeconds: number;
}): Promise<TokenService> {
  const privateKey: CryptoKey = await importPKCS8(keys.privateKeyPem, ALG);
  const publicKey: CryptoKey = await importSPKI(keys.publicKeyPem, ALG);

  const sign = (typ: TokenType, subject: string, claims: JWTPayload, ttlSeconds: number) =>
    new SignJWT({ ...claims, typ })
      .setProtectedHeader({ alg: ALG })
      .setIssuer(ISSUER)
      .setSubject(subject)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
      .sign(privateKey);

  const verify = async (typ: TokenType, token: string): Promise<JWTPayload | null> => {
    try {
      const { payload } = await jwtVerify(token, publicKey, { issuer: ISSUER, algorithms: [ALG] });
      return payload['typ'] === typ && typeof payload.sub === 'string' ? payload : null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  };
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const verifiedAccess = new Map<string, AccessClaims>();

  return {
    async signAccess({ userId, tenantId, sessionId }) {
      const token = await sign('access', userId, { tid: tenantId, sid: sessionId }, keys.accessTtlSeconds);
      return { token, expiresAt: new Date(Date.now() + keys.accessTtlSeconds * 1000) };
    },
    async verifyAccess(token) {
      // A signature once verified stays verified: only expiry needs checking again. Ed25519
      // verification costs ~0.2 ms, far more than the rest of a light request.
      const known = verifiedAccess.get(token);
      if (known) return known.expiresAt.getTime() > Date.now() ? known : null;
      const p = await verify('access', token);
      if (!p || !str(p['tid']) || !str(p['sid']) || !p.exp) return null;
      const claims: AccessClaims = {
        userId: p.sub!,
        tenantId: str(p['tid']),
        sessionId: str(p['sid']),
        expiresAt: new Date(p.exp * 1000),
      };
      if (verifiedAccess.size >= VERIFIED_CACHE_SIZE)
        verifiedAccess.delete(verifiedAccess.keys().next().value!);
      verifiedAccess.set(token, claims);
      return claims;
    },
    signPending2fa: ({ userId, tenantId, rememberable, firstFactor }, ttl) =>
      sign('pending2fa', userId, { tid: tenantId, rem: rememberable, ff: firstFactor }, ttl),
    async verifyPending2fa(token) {
      const p = await verify('pending2fa', token);
      return p && str(p['tid'])
        ? {
            userId: p.sub!,
            tenantId: str(p['tid']),
            rememberable: p['rem'] === true,
            firstFactor: str(p['ff']) || 'password',
          }
        : null;
    },
    signSsoState: ({ tenantId, provider, returnUrl, codeVerifier, state, nonce }, ttl) =>
      sign(
        'sso-state',
        tenantId,
        { prv: provider, ret: returnUrl, cv: codeVerifier, st: state, n: nonce },
        ttl,
      ),
    async verifySsoState(token) {
      const p = await verify('sso-state', token);
      const provider = p?.['prv'];
      if (!p || (provider !== 'saml' && provider !== 'oidc')) return null;
      return {
        tenantId: p.sub!,
        provider,
        returnUrl: str(p['ret']),
        ...(str(p['cv']) ? { codeVerifier: str(p['cv']) } : {}),
        ...(str(p['st']) ? { state: str(p['st']) } : {}),
        ...(str(p['n']) ? { nonce: str(p['n']) } : {}),
      };
    },
    signRemember: ({ userId, tenantId, securityStamp }, ttl) =>
      sign('remember', userId, { tid: tenantId, stamp: securityStamp }, ttl),
    async verifyRemember(token) {
      const p = await verify('remember', token);
      return p && str(p['tid']) && str(p['stamp'])
        ? { userId: p.sub!, tenantId: str(p['tid']), securityStamp: str(p['stamp']) }
        : null;
    },
  };
}
