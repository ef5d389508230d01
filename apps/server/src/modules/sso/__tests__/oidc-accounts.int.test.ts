import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_PATHS } from '@formloop/contracts';
import { createTestServer, hostOf, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  landingOf,
  signInThroughApp,
  startOidcPeer,
  type OidcPeer,
  type OidcPeerAccount,
} from '../../../../test/oidc-provider-peer.ts';
import { generateTotp, newTotpSecret } from '../../identity/index.ts';

// Which of our accounts a provider's user becomes (issue 9): the username claim, else exactly one
// e-mail, else a just-in-time account when the tenant allows it; disabled accounts stay out, and the
// authenticator step still applies unless the tenant trusts the provider's MFA.

const CLIENT_ID = 'formloop-acme';
const CLIENT_SECRET = 'acme-client-secret';

const account = (login: string, claims: OidcPeerAccount['claims']): OidcPeerAccount => ({
  login,
  password: `${login}-idp-pass`,
  claims,
});
const ACCOUNTS = {
  carol: account('carol', { preferred_username: 'CAROL', email: 'someone-else@idp.example', name: 'C' }),
  dave: account('dave', { preferred_username: 'd.smith', email: 'DAVE@acme.example', name: 'Dave Smith' }),
  dora: account('dora', { preferred_username: 'dora', email: 'dora@acme.example', name: 'Dora' }),
  stranger: account('stranger', { preferred_username: 'stranger', email: 'stranger@else.example' }),
  twin: account('twin', { preferred_username: 'twin-at-idp', email: 'shared@acme.example' }),
  newbie: account('newbie', { preferred_username: 'newbie', email: 'newbie@idp.example', name: 'New Bie' }),
  mailonly: account('mailonly', { email: 'mail.only@idp.example' }),
  late: account('late', { preferred_username: 'late', email: 'late@idp.example', name: 'Late Comer' }),
  tess: account('tess', { preferred_username: 'tess', email: 'tess@acme.example', name: 'Tess' }),
};

let server: TestServer;
let peer: OidcPeer;
let admin: TestClient;
let tenantId: string;
const tessSecret = newTotpSecret();

/** Saves the tenant's settings as its administrator; an empty secret keeps the stored one. */
async function saveSettings(
  overrides: { jitEnabled?: boolean; jitUserKind?: string; trustIdpMfa?: boolean } = {},
  clientSecret = '',
) {
  const saved = await admin.put(SSO_PATHS.settings, {
    saml: { enabled: false },
    oidc: { enabled: true, issuer: peer.issuer, clientId: CLIENT_ID, clientSecret },
    jitEnabled: false,
    trustIdpMfa: false,
    ...overrides,
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

beforeAll(async () => {
  server = await createTestServer();
  tenantId = await server.createTenant('acme');
  peer = await startOidcPeer({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: `http://${hostOf('acme')}${SSO_PATHS.oidcCallback}`,
    accounts: Object.values(ACCOUNTS),
  });
  await server.createUser('acme', { username: 'ada', password: 'admin-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('acme', { username: 'carol', password: 'local-pass' });
  await server.createUser('acme', { username: 'dave', password: 'local-pass' });
  await server.createUser('acme', { username: 'dora', password: 'local-pass', isActive: false });
  await server.createUser('acme', {
    username: 'twin1',
    password: 'local-pass',
    email: 'shared@acme.example',
  });
  await server.createUser('acme', {
    username: 'twin2',
    password: 'local-pass',
    email: 'SHARED@acme.example',
  });
  await server.createUser('acme', { username: 'tess', password: 'local-pass', totpSecret: tessSecret });
  admin = server.client('acme');
  await admin.signIn('ada', 'admin-pass');
  await saveSettings({}, CLIENT_SECRET);
});
afterAll(async () => {
  await peer?.close();
  await server?.close();
});

/** Signs `who` in at the provider through our app; returns the answer and the browser. */
async function signInAs(who: OidcPeerAccount) {
  const browser = server.client('acme');
  const landed = await signInThroughApp(browser, peer, who);
  expect(landed.statusCode, landed.body).toBe(302);
  return { browser, landed, landing: landingOf(landed) };
}

async function expectSignedInAs(who: OidcPeerAccount, username: string) {
  const { browser, landing } = await signInAs(who);
  expect(landing).toMatchObject({ path: '/authentication/sso', status: null, returnUrl: '/tasks' });
  const token = await browser.fetchSessionToken();
  expect(token.username).toBe(username);
  return token;
}

async function expectRefused(who: OidcPeerAccount, message: string) {
  const { browser, landing } = await signInAs(who);
  expect(landing).toMatchObject({ path: '/authentication/login', status: message, returnUrl: '/tasks' });
  expect(browser.cookies.has('fl_session')).toBe(false);
}

const usersNamed = async (username: string) =>
  (
    await server.owner.query(
      `SELECT username, email, fullname, user_kind, is_active FROM users WHERE tenant_id = $1 AND lower(username) = lower($2)`,
      [tenantId, username],
    )
  ).rows;

describe('matching the provider’s user to an account', () => {
  it('matches the username claim without regard to case', async () => {
    await expectSignedInAs(ACCOUNTS.carol, 'carol');
  });

  it('falls back to the one account with the e-mail claim (case-insensitive)', async () => {
    await expectSignedInAs(ACCOUNTS.dave, 'dave');
  });

  it('refuses a user no account matches, and one whose e-mail two accounts share', async () => {
    await expectRefused(ACCOUNTS.stranger, 'ssoUnknownUser');
    await expectRefused(ACCOUNTS.twin, 'ssoUnknownUser');
    expect(await usersNamed('stranger')).toEqual([]);
  });

  it('refuses a disabled account', async () => {
    await expectRefused(ACCOUNTS.dora, 'accountDisabled');
  });
});

describe('the authenticator step after the provider', () => {
  it('still asks for the code, then opens the session', async () => {
    const { browser, landing } = await signInAs(ACCOUNTS.tess);
    expect(landing).toMatchObject({ path: '/authentication/sso', returnUrl: '/tasks', twoFactor: '1' });
    expect(browser.cookies.has('fl_2fa')).toBe(true);
    expect(browser.cookies.has('fl_session')).toBe(false);
    expect((await browser.post('/identity/token')).statusCode).toBe(401);

    const second = await browser.post('/identity/loginWith2Fa', {
      twoFactorCode: generateTotp(tessSecret),
      rememberMachine: false,
      isPersistent: true,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect((await browser.fetchSessionToken()).username).toBe('tess');
  });

  it('is skipped when the tenant trusts the provider’s MFA', async () => {
    await saveSettings({ trustIdpMfa: true });
    const token = await expectSignedInAs(ACCOUNTS.tess, 'tess');
    const { rows } = await server.owner.query(
      `SELECT after FROM audit_log WHERE entity = 'session' AND action = 'sign-in' AND user_id = $1
        ORDER BY id DESC LIMIT 1`,
      [token.uid],
    );
    expect(rows[0].after.method).toBe('oidc+idp-mfa');
    await saveSettings({ trustIdpMfa: false });
  });
});

describe('accounts created at first sign-in', () => {
  it('are not created while the tenant does not allow it', async () => {
    await expectRefused(ACCOUNTS.newbie, 'ssoUnknownUser');
    expect(await usersNamed('newbie')).toEqual([]);
  });

  it('are created from the claims with the chosen licence kind', async () => {
    await saveSettings({ jitEnabled: true, jitUserKind: 'FULL_USER' });
    const token = await expectSignedInAs(ACCOUNTS.newbie, 'newbie');
    expect(token).toMatchObject({ email: 'newbie@idp.example', fullname: 'New Bie', isFullUser: true });
    expect(await usersNamed('newbie')).toEqual([
      {
        username: 'newbie',
        email: 'newbie@idp.example',
        fullname: 'New Bie',
        user_kind: 'FULL_USER',
        is_active: true,
      },
    ]);
    // The next sign-in finds the account instead of making another.
    await expectSignedInAs(ACCOUNTS.newbie, 'newbie');
    expect(await usersNamed('newbie')).toHaveLength(1);
  });

  it('take the e-mail as username when the provider sends no username', async () => {
    await expectSignedInAs(ACCOUNTS.mailonly, 'mail.only@idp.example');
    expect(await usersNamed('mail.only@idp.example')).toMatchObject([
      { email: 'mail.only@idp.example', fullname: 'mail.only@idp.example', user_kind: 'FULL_USER' },
    ]);
  });

  it('need a free seat of the kind', async () => {
    await server.owner.query(
      `UPDATE tenants SET licence_counts = jsonb_build_object('FULL_USER',
         (SELECT count(*) FROM users WHERE tenant_id = $1 AND user_kind = 'FULL_USER' AND is_active))
        WHERE id = $1`,
      [tenantId],
    );
    await expectRefused(ACCOUNTS.late, 'ssoNoSeat');
    expect(await usersNamed('late')).toEqual([]);
  });
});
