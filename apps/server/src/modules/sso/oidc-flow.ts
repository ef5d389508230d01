import * as client from 'openid-client';
import type { TokenService } from '../../platform/auth/tokens.ts';
import { identityFrom } from './identity-claims.ts';
import { discoverProvider, oidcRefusal } from './oidc-discovery.ts';
import { SsoRefusal, type ProviderIdentity } from './sso-sign-in.service.ts';
import { serviceProvider, type TenantSso } from './sso-settings.service.ts';

/** How long the sign-in at the provider may take (the life of the fl_sso cookie). */
export const OIDC_ATTEMPT_TTL_SECONDS = 10 * 60;

/** The third-party OpenID Connect provider: authorization code flow with PKCE (S256), state and nonce. */
export function createOidcFlow(deps: { tokens: TokenService }) {
  const { tokens } = deps;

  async function providerOf(settings: TenantSso & { clientSecret: string | null }) {
    try {
      return await discoverProvider(settings.oidc, settings.clientSecret ?? '');
    } catch (error) {
      const { status, reason } = oidcRefusal(error);
      throw new SsoRefusal(status, reason, { cause: error });
    }
  }

  return {
    /** The provider's authorization URL and the attempt's state (the fl_sso cookie's value). */
    async start(
      tenantId: string,
      origin: string,
      settings: TenantSso & { clientSecret: string | null },
      returnUrl: string,
    ): Promise<{ url: string; attempt: string }> {
      const provider = await providerOf(settings);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(provider, {
        redirect_uri: serviceProvider(origin, settings.saml).oidcRedirectUri,
        scope: settings.oidc.scopes,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const attempt = await tokens.signSsoState(
        { tenantId, provider: 'oidc', returnUrl, codeVerifier, state, nonce },
        OIDC_ATTEMPT_TTL_SECONDS,
      );
      return { url: url.href, attempt };
    },

    /** Where the browser came from (the attempt cookie), or null when it has no valid attempt. */
    async attemptOf(tenantId: string, cookie: string | undefined) {
      const attempt = cookie ? await tokens.verifySsoState(cookie) : null;
      return attempt && attempt.tenantId === tenantId && attempt.provider === 'oidc' ? attempt : null;
    },

    /** Trades the code for tokens (checking state, nonce and the PKCE verifier) and reads the claims. */
    async callback(
      origin: string,
      settings: TenantSso & { clientSecret: string | null },
      query: string,
      attempt: { codeVerifier?: string; state?: string; nonce?: string },
    ): Promise<ProviderIdentity> {
      if (!attempt.codeVerifier || !attempt.state || !attempt.nonce)
        throw new SsoRefusal('ssoExpired', 'attemptInvalid');
      const provider = await providerOf(settings);
      const redirectUri = serviceProvider(origin, settings.saml).oidcRedirectUri;
      let claims: Record<string, unknown>;
      try {
        const answer = await client.authorizationCodeGrant(provider, new URL(`${redirectUri}?${query}`), {
          pkceCodeVerifier: attempt.codeVerifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        });
        const idClaims: Record<string, unknown> = answer.claims() ?? {};
        claims = { ...idClaims };
        if (provider.serverMetadata().userinfo_endpoint && typeof idClaims.sub === 'string') {
          // The ID token may carry only `sub`; the profile claims then come from userinfo.
          claims = {
            ...(await client.fetchUserInfo(provider, answer.access_token, idClaims.sub)),
            ...claims,
          };
        }
      } catch (error) {
        const { status, reason } = oidcRefusal(error);
        throw new SsoRefusal(status, reason, { cause: error });
      }
      const { usernameClaim, emailClaim, fullNameClaim } = settings.oidc;
      // An address the provider itself says it has not verified does not identify anyone here.
      return identityFrom(
        claims,
        { username: usernameClaim, email: emailClaim, fullName: fullNameClaim },
        {
          emailTrusted: claims['email_verified'] !== false,
          reference: typeof claims['sub'] === 'string' ? claims['sub'] : '',
        },
      );
    },
  };
}

export type OidcFlow = ReturnType<typeof createOidcFlow>;
