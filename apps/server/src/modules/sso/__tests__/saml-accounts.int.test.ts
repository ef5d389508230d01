import * as samlify from 'samlify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, SSO_PATHS } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { createTestSamlIdp, type TestSamlIdp } from '../../../../test/saml-idp.ts';
import { generateTotp, newTotpSecret } from '../../identity/index.ts';
import { setSeats } from '../../users/__tests__/users-fixtures.ts';
import { expectRefused, expectSignedIn, saveSamlSettings, signInThroughIdp } from './saml-fixtures.ts';

// Which of our users a SAML sign-in becomes (username, e-mail, mapped attributes, just in time),
// the second factor after it, and what each tenant publishes and keeps to itself.

let server: TestServer;
let idp: TestSamlIdp;
let admin: TestClient;
const totpSecret = newTotpSecret();

beforeAll(async () => {
  [server, idp] = await Promise.all([
    createTestServer(),
    createTestSamlIdp({ entityId: 'https://idp.corp.test' }),
  ]);
  await server.createTenant('acme');
  await server.createTenant('gamma');
  await server.createUser('acme', { username: 'admin', password: 'admin-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('acme', { username: 'alice', password: 'alice-pass', email: 'alice@acme.example' });
  await server.createUser('acme', { username: 'bob', password: 'bob-pass', email: 'bob@acme.example' });
  // Two accounts share one address: an e-mail that is not unique matches nobody.
  await server.createUser('acme', { username: 'twin1', password: 'twin-pass', email: 'twins@acme.example' });
  await server.createUser('acme', { username: 'twin2', password: 'twin-pass', email: 'twins@acme.example' });
  await server.createUser('acme', { username: 'tess', password: 'tess-pass', totpSecret });
  await server.createUser('gamma', { username: 'gadmin', password: 'gamma-pass', kind: 'ADMINISTRATOR' });
  admin = server.client('acme');
  await admin.signIn('admin', 'admin-pass');
  await saveSamlSettings(admin, idp);
});
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

const signedInUser = async (client: TestClient) => (await client.fetchSessionToken()).username as string;

describe('matching the IdP user to ours', () => {
  it('matches the NameID to a username without regard to case', async () => {
    const client = server.client('acme');
    expectSignedIn(client, (await signInThroughIdp(client, idp, { nameId: 'ALICE' })).acs);
    expect(await signedInUser(client)).toBe('alice');
  });

  it('falls back to the e-mail attribute when the NameID is no username here', async () => {
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(client, idp, { nameId: 'u-7731@corp', email: 'BOB@acme.example' });
    expectSignedIn(client, acs);
    expect(await signedInUser(client)).toBe('bob');
  });

  it('an e-mail shared by two accounts matches neither', async () => {
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(client, idp, { nameId: 'u-1@corp', email: 'twins@acme.example' });
    expectRefused(client, acs, 'ssoUnknownUser');
  });

  it('reads the username from the attribute the administrator mapped', async () => {
    await saveSamlSettings(admin, idp, { saml: { usernameAttribute: 'uid', emailAttribute: 'mail' } });
    try {
      const client = server.client('acme');
      const user = { nameId: 'opaque-4411', attributes: { uid: 'bob', mail: 'someone@else.test' } };
      expectSignedIn(client, (await signInThroughIdp(client, idp, user)).acs);
      expect(await signedInUser(client)).toBe('bob');
    } finally {
      await saveSamlSettings(admin, idp);
    }
  });
});

describe('accounts created at sign-in (just in time)', () => {
  it('creates the user with the chosen licence kind, e-mail and full name, then signs them in', async () => {
    await saveSamlSettings(admin, idp, { jitEnabled: true, jitUserKind: 'CONSULTANT' });
    const client = server.client('acme');
    const user = { nameId: 'newbie', email: 'newbie@corp.test', displayName: 'Nora Newbie' };
    expectSignedIn(client, (await signInThroughIdp(client, idp, user)).acs);
    expect(await client.fetchSessionToken()).toMatchObject({
      username: 'newbie',
      email: 'newbie@corp.test',
      fullname: 'Nora Newbie',
      isConsultant: true,
      isFullUser: false,
      isAdministrator: false,
    });
    const { rows } = await server.owner.query(
      `SELECT user_kind, email, fullname, is_active FROM users WHERE username = 'newbie'`,
    );
    expect(rows).toEqual([
      { user_kind: 'CONSULTANT', email: 'newbie@corp.test', fullname: 'Nora Newbie', is_active: true },
    ]);

    // The second sign-in finds the account made by the first.
    const again = server.client('acme');
    expectSignedIn(again, (await signInThroughIdp(again, idp, user)).acs);
    const { rows: count } = await server.owner.query(
      `SELECT count(*)::int AS n FROM users WHERE username = 'newbie'`,
    );
    expect(count[0].n).toBe(1);
  });

  it('refuses with no-seat when every licence of that kind is taken, and creates nobody', async () => {
    await saveSamlSettings(admin, idp, { jitEnabled: true, jitUserKind: 'CONSULTANT' });
    const { rows } = await server.owner.query(
      `SELECT count(*)::int AS n FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE t.label = 'acme' AND u.user_kind = 'CONSULTANT' AND u.is_active`,
    );
    await setSeats(server, 'acme', { CONSULTANT: rows[0].n });
    try {
      const client = server.client('acme');
      const { acs } = await signInThroughIdp(client, idp, { nameId: 'latecomer', email: 'late@corp.test' });
      expectRefused(client, acs, 'ssoNoSeat');
      const { rows: created } = await server.owner.query(`SELECT 1 FROM users WHERE username = 'latecomer'`);
      expect(created).toHaveLength(0);
    } finally {
      await server.owner.query(`UPDATE tenants SET licence_counts = '{}'::jsonb WHERE label = 'acme'`);
      await saveSamlSettings(admin, idp);
    }
  });

  it('without JIT the same stranger is an unknown user', async () => {
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(client, idp, {
      nameId: 'stranger-2',
      email: 'stranger2@corp.test',
    });
    expectRefused(client, acs, 'ssoUnknownUser');
  });
});

describe('the second factor after a SAML sign-in', () => {
  it('asks a user with an authenticator for the code, and the usual step finishes the sign-in', async () => {
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(client, idp, { nameId: 'tess' });
    expect(acs.statusCode).toBe(302);
    expect(acs.headers.location).toBe('/authentication/sso?ReturnUrl=%2Ftasks&twoFactor=1');
    expect(client.cookies.has('fl_2fa')).toBe(true);
    expect(client.cookies.has('fl_session')).toBe(false);
    expect((await client.post(API_PATHS.sessionToken)).statusCode).toBe(401);

    const done = await client.post(API_PATHS.loginWith2Fa, {
      twoFactorCode: generateTotp(totpSecret),
      rememberMachine: false,
      isPersistent: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const token = await client.fetchSessionToken();
    expect(token).toMatchObject({ username: 'tess', is2faEnabled: true });
    // The audit row names both factors: the IdP's sign-in, then the authenticator code.
    const { rows } = await server.owner.query(
      `SELECT after->>'method' AS method FROM audit_log
        WHERE entity = 'session' AND action = 'sign-in' AND user_id = $1`,
      [token.uid],
    );
    expect(rows.map((row) => row.method)).toContain('saml+totp');
  });

  it('signs the same user in directly when the tenant trusts the IdP’s MFA', async () => {
    await saveSamlSettings(admin, idp, { trustIdpMfa: true });
    try {
      const client = server.client('acme');
      const { acs } = await signInThroughIdp(client, idp, { nameId: 'tess' });
      expectSignedIn(client, acs);
      expect(client.cookies.has('fl_2fa')).toBe(false);
      expect(await signedInUser(client)).toBe('tess');
    } finally {
      await saveSamlSettings(admin, idp);
    }
  });
});

describe('what each tenant publishes and keeps', () => {
  it('the SP metadata download is XML that samlify reads as this tenant’s service provider', async () => {
    const res = await server.client('acme').get(SSO_PATHS.samlMetadata);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="acme-sp-metadata.xml"');
    const sp = samlify.ServiceProvider({ metadata: res.body });
    expect(sp.entityMeta.getEntityID()).toBe('http://acme.formloop.test/identity/sso/saml/metadata');
    expect(sp.entityMeta.getAssertionConsumerService(samlify.Constants.wording.binding.post)).toBe(
      'http://acme.formloop.test/identity/sso/saml/acs',
    );
    expect(sp.entityMeta.isWantAssertionsSigned()).toBe(true);
    expect(sp.entityMeta.isAuthnRequestSigned()).toBe(false);
  });

  it('uses the administrator’s SP entity id in the metadata and as the audience', async () => {
    await saveSamlSettings(admin, idp, { saml: { spEntityId: 'urn:acme:formloop' } });
    try {
      const client = server.client('acme');
      const metadata = (await client.get(SSO_PATHS.samlMetadata)).body;
      expect(samlify.ServiceProvider({ metadata }).entityMeta.getEntityID()).toBe('urn:acme:formloop');
      expectSignedIn(client, (await signInThroughIdp(client, idp, { nameId: 'alice' })).acs);
    } finally {
      await saveSamlSettings(admin, idp);
    }
  });

  it('one tenant’s settings are invisible to another, whose login page offers no SAML', async () => {
    const gammaAdmin = server.client('gamma');
    await gammaAdmin.signIn('gadmin', 'gamma-pass');
    const settings = (await gammaAdmin.get(SSO_PATHS.settings)).json().data;
    expect(settings.saml).toMatchObject({
      enabled: false,
      entryPoint: '',
      idpCertificate: '',
      idpEntityId: '',
    });
    expect(settings.modifiedOn).toBeNull();
    expect(settings.serviceProvider.acsUrl).toBe('http://gamma.formloop.test/identity/sso/saml/acs');

    expect((await server.client('gamma').get(SSO_PATHS.providers)).json().data).toMatchObject({
      saml: false,
    });
    expect((await server.client('acme').get(SSO_PATHS.providers)).json().data).toMatchObject({ saml: true });
    const acme = (await admin.get(SSO_PATHS.settings)).json().data;
    expect(acme.saml).toMatchObject({ enabled: true, idpEntityId: idp.entityId });
  });
});
