import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_PATHS, SSO_STATE_COOKIE } from '@formloop/contracts';
import { createTestServer, hostOf, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  landingOf,
  startOidcPeer,
  unreachableIssuer,
  type OidcPeer,
} from '../../../../test/oidc-provider-peer.ts';

// Signing in with a third-party OpenID Connect provider (issue 9): our server is the relying party of
// a real oidc-provider on 127.0.0.1, configured through the settings API like an administrator does.
// Which account a provider's user becomes (matching, JIT, 2FA) is oidc-accounts.int.test.ts.

const CLIENT_ID = 'formloop-acme';
const CLIENT_SECRET = 'acme-client-secret';
const callbackUri = (label: string) => `http://${hostOf(label)}${SSO_PATHS.oidcCallback}`;

let server: TestServer;
let peer: OidcPeer;

/** An administrator of `label` switches OpenID Connect on against `issuer`. */
async function enableOidc(label: string, issuer: string) {
  await server.createUser(label, {
    username: `${label}-admin`,
    password: 'admin-pass',
    kind: 'ADMINISTRATOR',
  });
  const admin = server.client(label);
  await admin.signIn(`${label}-admin`, 'admin-pass');
  const saved = await admin.put(SSO_PATHS.settings, {
    saml: { enabled: false },
    oidc: {
      enabled: true,
      displayName: 'Peer account',
      issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    },
    jitEnabled: false,
    trustIdpMfa: false,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

beforeAll(async () => {
  server = await createTestServer();
  await server.createTenant('acme');
  peer = await startOidcPeer({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: [callbackUri('acme'), callbackUri('globex')],
    accounts: [
      {
        login: 'carol@idp',
        password: 'carol-idp-pass',
        claims: { preferred_username: 'carol', email: 'carol@idp.example', name: 'Carol Provider' },
      },
    ],
  });
  await enableOidc('acme', peer.issuer);
  await server.createUser('acme', { username: 'carol', password: 'local-pass' });
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

/** The browser's first leg: our start endpoint, which must send it to the provider. */
async function startAt(browser: TestClient, returnUrl = '/tasks') {
  const start = await browser.get(`${SSO_PATHS.oidcStart}?ReturnUrl=${encodeURIComponent(returnUrl)}`);
  expect(start.statusCode, start.body).toBe(302);
  return { start, authorizationUrl: new URL(start.headers.location as string) };
}

/** Our callback as the browser calls it when the provider sends it back. */
const callBack = (browser: TestClient, callbackUrl: string) => {
  const url = new URL(callbackUrl);
  expect(url.origin + url.pathname).toBe(callbackUri('acme'));
  return browser.get(url.pathname + url.search);
};

/** A refusal lands on the login page with the message in its status banner (and the ReturnUrl kept). */
function expectLoginStatus(
  response: { statusCode: number; headers: Record<string, unknown> },
  message: string,
  returnUrl: string | null = '/tasks',
) {
  expect(response.statusCode).toBe(302);
  expect(landingOf(response)).toMatchObject({ path: '/authentication/login', status: message, returnUrl });
}

describe('signing in with the OpenID Connect provider', () => {
  it('sends the browser to the provider with PKCE S256, state, nonce and our callback', async () => {
    const browser = server.client('acme');
    const { start, authorizationUrl } = await startAt(browser);
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${peer.issuer}/auth`);
    const query = authorizationUrl.searchParams;
    expect(query.get('response_type')).toBe('code');
    expect(query.get('client_id')).toBe(CLIENT_ID);
    expect(query.get('redirect_uri')).toBe(callbackUri('acme'));
    expect(query.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'profile', 'email']));
    expect(query.get('code_challenge_method')).toBe('S256');
    // S256 of a verifier: 32 bytes, base64url without padding.
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.get('state')).toBeTruthy();
    expect(query.get('nonce')).toBeTruthy();
    expect(query.get('state')).not.toBe(query.get('nonce'));

    const cookie = (start.cookies as Array<{ name: string; path?: string; httpOnly?: boolean }>).find(
      (c) => c.name === SSO_STATE_COOKIE,
    );
    expect(cookie).toMatchObject({ httpOnly: true });
    expect(cookie?.path).toMatch(/^\/identity/);
    // Each attempt gets its own state and verifier.
    const again = await startAt(server.client('acme'));
    expect(again.authorizationUrl.searchParams.get('state')).not.toBe(query.get('state'));
    expect(again.authorizationUrl.searchParams.get('code_challenge')).not.toBe(query.get('code_challenge'));
  });

  it('comes back signed in at the ReturnUrl and trades the session cookie for the token', async () => {
    const browser = server.client('acme');
    const { authorizationUrl } = await startAt(browser, '/tasks');
    const callbackUrl = await peer.signIn(authorizationUrl.href, 'carol@idp', 'carol-idp-pass');
    expect(new URL(callbackUrl).searchParams.get('code')).toBeTruthy();

    const landed = await callBack(browser, callbackUrl);
    expect(landed.statusCode, landed.body).toBe(302);
    expect(landed.headers.location).toBe('/authentication/sso?ReturnUrl=%2Ftasks');
    expect(browser.cookies.has('fl_session')).toBe(true);

    const token = await browser.fetchSessionToken();
    expect(token).toMatchObject({ username: 'carol', fullname: 'carol Tester' });
    expect((await browser.get('/identity/isAuthenticated')).statusCode).toBe(200);

    const { rows } = await server.owner.query(
      `SELECT after FROM audit_log WHERE entity = 'session' AND action = 'sign-in' AND user_id = $1`,
      [token.uid],
    );
    expect(rows.map((row) => row.after.method)).toEqual(['oidc']);
  });

  it('leaves the ReturnUrl off when it is the start page', async () => {
    const browser = server.client('acme');
    const { authorizationUrl } = await startAt(browser, '/');
    const landed = await callBack(
      browser,
      await peer.signIn(authorizationUrl.href, 'carol@idp', 'carol-idp-pass'),
    );
    expect(landed.headers.location).toBe('/authentication/sso');
  });

  it('refuses a callback from a browser that never started the flow (no fl_sso cookie)', async () => {
    const { authorizationUrl } = await startAt(server.client('acme'));
    const callbackUrl = await peer.signIn(authorizationUrl.href, 'carol@idp', 'carol-idp-pass');
    const stranger = server.client('acme');
    const refused = await callBack(stranger, callbackUrl);
    // Without the cookie the ReturnUrl is unknown too.
    expectLoginStatus(refused, 'ssoExpired', null);
    expect(stranger.cookies.has('fl_session')).toBe(false);
  });

  it('refuses a callback whose state was altered', async () => {
    const browser = server.client('acme');
    const { authorizationUrl } = await startAt(browser);
    const callbackUrl = new URL(await peer.signIn(authorizationUrl.href, 'carol@idp', 'carol-idp-pass'));
    callbackUrl.searchParams.set('state', `${callbackUrl.searchParams.get('state')}x`);
    const refused = await callBack(browser, callbackUrl.href);
    expectLoginStatus(refused, 'ssoFailed');
    expect(browser.cookies.has('fl_session')).toBe(false);
  });

  it('refuses a second use of the same authorization code, even with the attempt cookie', async () => {
    const browser = server.client('acme');
    const { authorizationUrl } = await startAt(browser);
    const attemptCookie = browser.cookies.get(SSO_STATE_COOKIE)!;
    const callbackUrl = await peer.signIn(authorizationUrl.href, 'carol@idp', 'carol-idp-pass');
    expect((await callBack(browser, callbackUrl)).headers.location).toBe(
      '/authentication/sso?ReturnUrl=%2Ftasks',
    );

    // An eavesdropper who copied both the callback URL and the cookie gets nothing.
    const replayer = server.client('acme');
    replayer.cookies.set(SSO_STATE_COOKIE, attemptCookie);
    const replayed = await callBack(replayer, callbackUrl);
    expectLoginStatus(replayed, 'ssoFailed');
    expect(replayer.cookies.has('fl_session')).toBe(false);
  });

  it('says so when the user gives up at the provider (an error instead of a code)', async () => {
    const browser = server.client('acme');
    const { authorizationUrl } = await startAt(browser);
    const callbackUrl = await peer.signIn(authorizationUrl.href, 'carol@idp', 'wrong-password');
    expect(new URL(callbackUrl).searchParams.get('error')).toBe('access_denied');
    expectLoginStatus(await callBack(browser, callbackUrl), 'ssoFailed');
    expect(browser.cookies.has('fl_session')).toBe(false);
  });
});

describe('when OpenID Connect cannot be used', () => {
  it('answers the start with ssoNotConfigured for a tenant that has not switched it on', async () => {
    await server.createTenant('initech');
    const browser = server.client('initech');
    const refused = await browser.get(`${SSO_PATHS.oidcStart}?ReturnUrl=${encodeURIComponent('/tasks')}`);
    expectLoginStatus(refused, 'ssoNotConfigured');
    expect(browser.cookies.has(SSO_STATE_COOKIE)).toBe(false);
    expect((await browser.get(SSO_PATHS.providers)).json().data).toEqual({
      saml: false,
      oidc: false,
      oidcDisplayName: '',
      samlDisplayName: '',
    });
  });

  it('answers the start with ssoUnreachable when the provider is down', async () => {
    await server.createTenant('globex');
    await enableOidc('globex', await unreachableIssuer());
    const refused = await server
      .client('globex')
      .get(`${SSO_PATHS.oidcStart}?ReturnUrl=${encodeURIComponent('/tasks')}`);
    expectLoginStatus(refused, 'ssoUnreachable');
  });
});
