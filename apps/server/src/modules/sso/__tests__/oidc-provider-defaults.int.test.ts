import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES, SSO_PATHS, type SsoFailure } from '@formloop/contracts';
import { createTestServer, hostOf, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  landingOf,
  signInThroughApp,
  startOidcPeer,
  type OidcPeer,
  type OidcPeerAccount,
} from '../../../../test/oidc-provider-peer.ts';

// Issue 22 against a real oidc-provider: the test-connection button proves the client secret at the
// token endpoint (not only discovery), matching by e-mail works with the providers' defaults, and a
// refused sign-in reaches the administrator with its real cause.

const CLIENT_ID = 'formloop-acme';
const CLIENT_SECRET = 'the-real-client-secret';

const ACCOUNTS = {
  // Entra ID's default: preferred_username is the UPN, an e-mail; ours is called otherwise.
  upn: {
    login: 'u-1001',
    password: 'pass-1',
    claims: { preferred_username: 'Erin.Walsh@corp.test', name: 'Erin Walsh' },
  },
  // No username claim at all, the e-mail only.
  mailOnly: { login: 'u-1002', password: 'pass-2', claims: { email: 'frank@corp.test' } },
  // The provider says it has not verified this address: it identifies nobody here.
  unverified: {
    login: 'u-1003',
    password: 'pass-3',
    claims: { email: 'frank@corp.test', email_verified: false },
  },
  carol: { login: 'carol', password: 'pass-4', claims: { preferred_username: 'carol' } },
} satisfies Record<string, OidcPeerAccount>;

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
}

async function lastFailure(): Promise<SsoFailure | undefined> {
  const res = await admin.get(SSO_PATHS.failures);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0];
}

async function signInAs(who: OidcPeerAccount) {
  const browser = server.client('acme');
  const landing = landingOf(await signInThroughApp(browser, peer, who));
  return { browser, landing };
}

beforeAll(async () => {
  server = await createTestServer();
  await server.createTenant('acme');
  peer = await startOidcPeer({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `http://${hostOf('acme')}${SSO_PATHS.oidcCallback}`,
    accounts: Object.values(ACCOUNTS),
  });
  await server.createUser('acme', { username: 'ada', password: 'admin-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('acme', {
    username: 'ewalsh',
    password: 'local-pass',
    email: 'erin.walsh@corp.test',
  });
  await server.createUser('acme', { username: 'fbaker', password: 'local-pass', email: 'frank@corp.test' });
  await server.createUser('acme', { username: 'carol', password: 'local-pass' });
  admin = server.client('acme');
  await admin.signIn('ada', 'admin-pass');
  await saveOidc();
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

describe('the test-connection button checks the client secret', () => {
  it('reports a wrong secret with the provider’s words', async () => {
    const res = await admin.post(SSO_PATHS.test, {
      provider: 'oidc',
      oidc: oidcSettings({ clientSecret: 'not-the-secret' }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { ok, message } = res.json().data;
    expect(ok).toBe(false);
    expect(message.startsWith(textBefore(SSO_MESSAGES.oidcClientRejected))).toBe(true);
    expect(message).toContain('invalid_client');
  });

  it('reports a client id the provider does not know the same way', async () => {
    const res = await admin.post(SSO_PATHS.test, {
      provider: 'oidc',
      oidc: oidcSettings({ clientId: 'someone-else' }),
    });
    expect(res.json().data.ok).toBe(false);
    expect(res.json().data.message.startsWith(textBefore(SSO_MESSAGES.oidcClientRejected))).toBe(true);
  });

  it('passes with the right secret, also when it is the stored one', async () => {
    const typed = await admin.post(SSO_PATHS.test, { provider: 'oidc', oidc: oidcSettings() });
    expect(typed.json().data).toEqual({
      ok: true,
      message: SSO_MESSAGES.oidcTestSucceeded.replace('{issuer}', peer.issuer),
    });
    // The page sends an empty secret when the administrator did not retype it.
    const stored = await admin.post(SSO_PATHS.test, {
      provider: 'oidc',
      oidc: oidcSettings({ clientSecret: '' }),
    });
    expect(stored.json().data.ok).toBe(true);
  });
});

describe('matching with the providers’ defaults', () => {
  it('a preferred_username that is an e-mail (Entra ID’s UPN) finds the user by e-mail', async () => {
    const { browser, landing } = await signInAs(ACCOUNTS.upn);
    expect(landing.path).toBe('/authentication/sso');
    expect((await browser.fetchSessionToken()).username).toBe('ewalsh');
  });

  it('the e-mail claim alone finds the user', async () => {
    const { browser, landing } = await signInAs(ACCOUNTS.mailOnly);
    expect(landing.path).toBe('/authentication/sso');
    expect((await browser.fetchSessionToken()).username).toBe('fbaker');
  });

  it('an address the provider marks unverified matches nobody', async () => {
    const { landing } = await signInAs(ACCOUNTS.unverified);
    expect(landing).toMatchObject({ path: '/authentication/login', status: 'ssoUnknownUser' });
    expect(await lastFailure()).toMatchObject({ provider: 'oidc', cause: 'unknownUser', subject: 'u-1003' });
  });
});

describe('a refused OpenID Connect sign-in reaches the administrator', () => {
  it('a stored secret the provider rejects: cause client rejected', async () => {
    await saveOidc({ clientSecret: 'not-the-secret' });
    try {
      const { browser, landing } = await signInAs(ACCOUNTS.carol);
      expect(landing).toMatchObject({ path: '/authentication/login', status: 'ssoFailed' });
      expect(browser.cookies.has('fl_session')).toBe(false);
      const failure = await lastFailure();
      expect(failure).toMatchObject({ provider: 'oidc', cause: 'clientRejected' });
      expect(failure!.detail).toContain('invalid_client');
    } finally {
      await saveOidc();
    }
  });
});
