import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcPeer, unreachableIssuer, type OidcPeer } from '../../../../test/oidc-provider-peer.ts';

// The test provider itself, driven by openid-client exactly as a relying party would drive it:
// the SSO sign-in tests trust it only because this file shows it behaves like a real provider.

const redirectUri = 'http://acme.formloop.test/identity/sso/oidc/callback';
const secret = 'peer-client-secret';
let peer: OidcPeer;

beforeAll(async () => {
  peer = await startOidcPeer({
    clientId: 'formloop',
    clientSecret: secret,
    redirectUri,
    accounts: [
      {
        login: 'carol',
        password: 'carol-at-idp',
        claims: { preferred_username: 'carol', email: 'carol@idp.example', name: 'Carol Idp' },
      },
    ],
  });
});
afterAll(() => peer?.close());

const discover = (issuer: string, clientSecret = secret) =>
  client.discovery(new URL(issuer), 'formloop', undefined, client.ClientSecretBasic(clientSecret), {
    execute: [client.allowInsecureRequests],
  });

async function authorizationRequest(config: client.Configuration) {
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url, codeVerifier, state, nonce };
}

describe('the OpenID Connect test provider', () => {
  it('signs a user in through the code flow with PKCE: ID token, then userinfo with the claims', async () => {
    const config = await discover(peer.issuer);
    expect(config.serverMetadata().issuer).toBe(peer.issuer);
    expect(config.serverMetadata().code_challenge_methods_supported).toEqual(['S256']);

    const request = await authorizationRequest(config);
    const callbackUrl = new URL(await peer.signIn(request.url.href, 'carol', 'carol-at-idp'));
    expect(callbackUrl.origin + callbackUrl.pathname).toBe(redirectUri);
    expect(callbackUrl.searchParams.get('state')).toBe(request.state);
    expect(callbackUrl.searchParams.get('code')).toBeTruthy();

    const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: request.state,
      expectedNonce: request.nonce,
    });
    const idClaims = tokens.claims()!;
    expect(idClaims).toMatchObject({ iss: peer.issuer, sub: 'carol', aud: 'formloop', nonce: request.nonce });
    const userInfo = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    expect(userInfo).toMatchObject({
      sub: 'carol',
      preferred_username: 'carol',
      email: 'carol@idp.example',
      name: 'Carol Idp',
    });

    // An authorization code is good for one exchange only.
    await expect(
      client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses the code without the right PKCE verifier', async () => {
    const config = await discover(peer.issuer);
    const request = await authorizationRequest(config);
    const callbackUrl = new URL(await peer.signIn(request.url.href, 'carol', 'carol-at-idp'));
    await expect(
      client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: request.state,
        expectedNonce: request.nonce,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('sends an authorization request without a PKCE challenge back with an error', async () => {
    const config = await discover(peer.issuer);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      state: 'no-pkce',
    });
    const callbackUrl = new URL(await peer.signIn(url.href, 'carol', 'carol-at-idp'));
    expect(callbackUrl.searchParams.get('error')).toBe('invalid_request');
    expect(callbackUrl.searchParams.get('code')).toBeNull();
  });

  it('ends the interaction with access_denied for a wrong password', async () => {
    const config = await discover(peer.issuer);
    const request = await authorizationRequest(config);
    const callbackUrl = new URL(await peer.signIn(request.url.href, 'carol', 'not-her-password'));
    expect(callbackUrl.searchParams.get('error')).toBe('access_denied');
    expect(callbackUrl.searchParams.get('state')).toBe(request.state);
    expect(callbackUrl.searchParams.get('code')).toBeNull();
  });

  it('refuses a wrong client secret at the token endpoint', async () => {
    const config = await discover(peer.issuer, 'not-the-secret');
    const request = await authorizationRequest(config);
    const callbackUrl = new URL(await peer.signIn(request.url.href, 'carol', 'carol-at-idp'));
    await expect(
      client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: request.state,
        expectedNonce: request.nonce,
      }),
    ).rejects.toMatchObject({
      status: 401,
      cause: [{ scheme: 'basic', parameters: { error: 'invalid_client' } }],
    });
  });

  it('gives an issuer nobody answers at, so discovery fails', async () => {
    await expect(discover(await unreachableIssuer())).rejects.toThrow();
  });
});
