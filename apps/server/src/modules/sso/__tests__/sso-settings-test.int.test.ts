import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES, SSO_PATHS } from '@formloop/contracts';
import { createTestServer, hostOf, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  landingOf,
  signInThroughApp,
  startOidcPeer,
  unreachableIssuer,
  type OidcPeer,
} from '../../../../test/oidc-provider-peer.ts';

// The settings page's test-connection button against a real OpenID Connect provider (SAML's is in
// sso-settings.int.test.ts), and the stored client secret
// proven by the provider itself: it checks the secret at its token endpoint on every sign-in.

const CLIENT_ID = 'formloop-acme';
const CLIENT_SECRET = 'the-real-client-secret';
const CAROL = { login: 'carol', password: 'carol-idp-pass' };

let server: TestServer;
let peer: OidcPeer;
let admin: TestClient;

const textBefore = (template: string) => template.slice(0, template.indexOf('{'));

const oidcSettings = (overrides: Record<string, unknown> = {}) => ({
  enabled: true,
  issuer: peer.issuer,
  clientId: CLIENT_ID,
  clientSecret: CLIENT_SECRET,
  ...overrides,
});

async function saveOidc(overrides: Record<string, unknown> = {}) {
  const saved = await admin.put(SSO_PATHS.settings, {
    saml: { enabled: false },
    oidc: oidcSettings(overrides),
    jitEnabled: false,
    trustIdpMfa: false,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data;
}

beforeAll(async () => {
  server = await createTestServer();
  await server.createTenant('acme');
  peer = await startOidcPeer({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `http://${hostOf('acme')}${SSO_PATHS.oidcCallback}`,
    accounts: [
      { ...CAROL, claims: { preferred_username: 'carol', email: 'carol@acme.example', name: 'Carol' } },
    ],
  });
  await server.createUser('acme', { username: 'ada', password: 'admin-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('acme', { username: 'carol', password: 'local-pass' });
  admin = server.client('acme');
  await admin.signIn('ada', 'admin-pass');
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

describe('testing the OpenID Connect connection', () => {
  it('discovers the OpenID Connect provider from the unsaved settings', async () => {
    const res = await admin.post(SSO_PATHS.test, { provider: 'oidc', oidc: oidcSettings() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      ok: true,
      message: SSO_MESSAGES.oidcTestSucceeded.replace('{issuer}', peer.issuer),
    });
  });

  it('says why when nobody answers at the issuer', async () => {
    const res = await admin.post(SSO_PATHS.test, {
      provider: 'oidc',
      oidc: oidcSettings({ issuer: await unreachableIssuer() }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ ok: false, message: SSO_MESSAGES.oidcUnreachable });
  });

  it('gives the provider’s reason when something answers at the issuer but it is no OpenID provider', async () => {
    const res = await admin.post(SSO_PATHS.test, {
      provider: 'oidc',
      oidc: oidcSettings({ issuer: `${peer.issuer}/not-an-issuer` }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ok).toBe(false);
    expect(res.json().data.message.startsWith(textBefore(SSO_MESSAGES.oidcDiscoveryFailed))).toBe(true);
  });

  it('answers incomplete OpenID Connect settings with what is missing', async () => {
    const res = await admin.post(SSO_PATHS.test, {
      provider: 'oidc',
      oidc: { enabled: true, issuer: peer.issuer },
    });
    expect(res.json().data).toEqual({ ok: false, message: SSO_MESSAGES.oidcIncomplete });
  });
});

describe('the stored client secret', () => {
  it('is what the provider checks at sign-in, and is kept when the page saves it empty', async () => {
    expect((await saveOidc()).oidc.clientSecretSet).toBe(true);
    const first = server.client('acme');
    expect(landingOf(await signInThroughApp(first, peer, CAROL)).path).toBe('/authentication/sso');

    // The page sends an empty secret when the administrator did not retype it.
    const resaved = await saveOidc({ clientSecret: '', displayName: 'Renamed' });
    expect(resaved.oidc).toMatchObject({ clientSecretSet: true, displayName: 'Renamed' });
    const second = server.client('acme');
    expect(landingOf(await signInThroughApp(second, peer, CAROL)).path).toBe('/authentication/sso');
    expect((await second.fetchSessionToken()).username).toBe('carol');

    // The same round trip fails when the stored secret is not the provider's: the check is real.
    await saveOidc({ clientSecret: 'not-the-secret' });
    const third = server.client('acme');
    const refused = landingOf(await signInThroughApp(third, peer, CAROL));
    expect(refused).toMatchObject({ path: '/authentication/login', status: 'ssoFailed' });
    expect(third.cookies.has('fl_session')).toBe(false);
  });
});
