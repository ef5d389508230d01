import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_MESSAGES, SSO_PATHS } from '@formloop/contracts';
import { createTestServer, hostOf, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { certificateBody, selfSignedCertificate } from '../../../../test/self-signed-certificate.ts';

// The tenant's single sign-on settings (issue 9): who may read and save them, what a save checks,
// and that the OpenID Connect client secret never leaves. IdP metadata and the SAML connection test
// are sso-settings-saml.int.test.ts; the OpenID Connect one, against a live provider,
// sso-settings-test.int.test.ts.

const origin = (label: string) => `http://${hostOf(label)}`;

let server: TestServer;
let admin: TestClient;
let tenantId: string;
let certificatePem: string;

/** Settings with both providers off; `overrides` replace whole sections. */
const command = (overrides: Record<string, unknown> = {}) => ({
  saml: { enabled: false },
  oidc: { enabled: false },
  jitEnabled: false,
  trustIdpMfa: false,
  ...overrides,
});

const defaults = (label: string) => ({
  saml: {
    enabled: false,
    displayName: '',
    metadataUrl: '',
    metadataXml: '',
    entryPoint: '',
    idpCertificate: '',
    idpEntityId: '',
    spEntityId: '',
    usernameAttribute: 'nameID',
    emailAttribute: 'email',
    fullNameAttribute: 'displayName',
  },
  oidc: {
    enabled: false,
    displayName: '',
    issuer: '',
    clientId: '',
    scopes: 'openid profile email',
    usernameClaim: 'preferred_username',
    emailClaim: 'email',
    fullNameClaim: 'name',
    clientSecretSet: false,
  },
  jitEnabled: false,
  jitUserKind: 'USER',
  trustIdpMfa: false,
  serviceProvider: {
    entityId: `${origin(label)}${SSO_PATHS.samlMetadata}`,
    acsUrl: `${origin(label)}${SSO_PATHS.samlAcs}`,
    metadataUrl: `${origin(label)}${SSO_PATHS.samlMetadata}`,
    oidcRedirectUri: `${origin(label)}${SSO_PATHS.oidcCallback}`,
  },
  modifiedOn: null,
});

beforeAll(async () => {
  server = await createTestServer();
  tenantId = await server.createTenant('acme');
  await server.createUser('acme', { username: 'ada', password: 'admin-pass', kind: 'ADMINISTRATOR' });
  admin = server.client('acme');
  await admin.signIn('ada', 'admin-pass');
  ({ certificatePem } = await selfSignedCertificate());
});
afterAll(() => server?.close());

describe('who may read and save the settings', () => {
  it('answers 401 without a token', async () => {
    const anonymous = server.client('acme');
    expect((await anonymous.get(SSO_PATHS.settings)).statusCode).toBe(401);
    expect((await anonymous.put(SSO_PATHS.settings, command())).statusCode).toBe(401);
    expect((await anonymous.post(SSO_PATHS.test, { provider: 'saml' })).statusCode).toBe(401);
  });

  it.each(['FULL_USER', 'CONSULTANT'] as const)('answers 403 to a %s', async (kind) => {
    const username = `someone-${kind.toLowerCase()}`;
    await server.createUser('acme', { username, password: 'their-pass', kind });
    const client = server.client('acme');
    await client.signIn(username, 'their-pass');
    expect((await client.get(SSO_PATHS.settings)).statusCode).toBe(403);
    expect((await client.put(SSO_PATHS.settings, command())).statusCode).toBe(403);
    expect((await client.post(SSO_PATHS.test, { provider: 'saml' })).statusCode).toBe(403);
  });

  it('lets a system administrator in as well', async () => {
    await server.createUser('acme', {
      username: 'sysop',
      password: 'sys-pass',
      kind: 'SYSTEM_ADMINISTRATOR',
    });
    const sysop = server.client('acme');
    await sysop.signIn('sysop', 'sys-pass');
    expect((await sysop.get(SSO_PATHS.settings)).statusCode).toBe(200);
  });
});

describe('reading and saving', () => {
  it('answers the defaults while nothing is saved', async () => {
    const res = await admin.get(SSO_PATHS.settings);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: defaults('acme') });
    expect(res.json().data).toEqual(defaults('acme'));
  });

  it('saves every field and reads them back, without ever answering the client secret', async () => {
    const secret = 'round-trip-secret-4711';
    const saml = {
      enabled: true,
      displayName: 'Contoso staff',
      entryPoint: 'https://idp.example.com/sso',
      idpCertificate: certificatePem,
      idpEntityId: 'https://idp.example.com/entity',
      spEntityId: 'urn:formloop:acme',
      usernameAttribute: 'uid',
      emailAttribute: 'mail',
      fullNameAttribute: 'cn',
    };
    const oidc = {
      enabled: true,
      displayName: 'Contoso account',
      issuer: 'https://login.contoso.example',
      clientId: 'formloop',
      clientSecret: secret,
      scopes: 'openid email',
      usernameClaim: 'upn',
      emailClaim: 'mail',
      fullNameClaim: 'display_name',
    };
    const body = command({ saml, oidc, jitEnabled: true, jitUserKind: 'FULL_USER', trustIdpMfa: true });
    const saved = await admin.put(SSO_PATHS.settings, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe(SSO_MESSAGES.saved);
    expect(saved.body).not.toContain(secret);

    const read = await admin.get(SSO_PATHS.settings);
    expect(read.body).not.toContain(secret);
    const { clientSecret: _secret, ...oidcWithoutSecret } = oidc;
    const expected = {
      saml: { ...saml, idpCertificate: expect.any(String), metadataUrl: '', metadataXml: '' },
      oidc: { ...oidcWithoutSecret, clientSecretSet: true },
      jitEnabled: true,
      jitUserKind: 'FULL_USER',
      trustIdpMfa: true,
      serviceProvider: { ...defaults('acme').serviceProvider, entityId: 'urn:formloop:acme' },
      modifiedOn: expect.any(String),
    };
    expect(read.json().data).toEqual(expected);
    expect(saved.json().data).toEqual(read.json().data);
    expect(certificateBody(read.json().data.saml.idpCertificate)).toBe(certificateBody(certificatePem));
    expect('clientSecret' in read.json().data.oidc).toBe(false);

    // Saved again with the secret left empty (as the page sends it): the secret is kept.
    const again = await admin.put(SSO_PATHS.settings, { ...body, oidc: { ...oidc, clientSecret: '' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.oidc.clientSecretSet).toBe(true);

    // Stored sealed, never as plain text; and nowhere in the audit log.
    const stored = await server.owner.query(
      `SELECT t::text AS row FROM tenant_sso_settings t WHERE tenant_id = $1`,
      [tenantId],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].row).not.toContain(secret);
    const audit = await server.owner.query(
      `SELECT entity, action, user_id, before, after FROM audit_log WHERE tenant_id = $1 AND entity ILIKE '%sso%'
        ORDER BY id`,
      [tenantId],
    );
    expect(audit.rows.length).toBeGreaterThanOrEqual(2);
    expect(audit.rows.at(-1).after.oidc.clientId).toBe('formloop');
    const anywhere = await server.owner.query(
      `SELECT count(*)::int AS n FROM audit_log WHERE coalesce(before::text, '') || coalesce(after::text, '') LIKE $1`,
      [`%${secret}%`],
    );
    expect(anywhere.rows[0].n).toBe(0);
  });

  it('keeps each tenant’s settings to itself', async () => {
    await server.createUser('globex', { username: 'gina', password: 'admin-pass', kind: 'ADMINISTRATOR' });
    const globexAdmin = server.client('globex');
    await globexAdmin.signIn('gina', 'admin-pass');
    expect((await globexAdmin.get(SSO_PATHS.settings)).json().data).toEqual(defaults('globex'));
    expect((await server.client('globex').get(SSO_PATHS.providers)).json().data).toEqual({
      saml: false,
      oidc: false,
      oidcDisplayName: '',
      samlDisplayName: '',
    });
  });

  it('tells the login page which providers are switched on, without signing in', async () => {
    const anonymous = server.client('acme');
    const on = await anonymous.get(SSO_PATHS.providers);
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({
      saml: true,
      oidc: true,
      oidcDisplayName: 'Contoso account',
      samlDisplayName: 'Contoso staff',
    });

    const saved = await admin.put(
      SSO_PATHS.settings,
      command({
        saml: { enabled: true, entryPoint: 'https://idp.example.com/sso', idpCertificate: certificatePem },
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await anonymous.get(SSO_PATHS.providers)).json().data).toEqual({
      saml: true,
      oidc: false,
      oidcDisplayName: '',
      samlDisplayName: '',
    });
  });
});

describe('what a save refuses', () => {
  // Sections per case; a function because the certificate is made in beforeAll.
  const refusals: Array<[string, () => Record<string, unknown>, string]> = [
    [
      'SAML without entry point and certificate',
      () => ({ saml: { enabled: true } }),
      SSO_MESSAGES.samlIncomplete,
    ],
    [
      'SAML with a certificate that is not one',
      () => ({
        saml: { enabled: true, entryPoint: 'https://idp.example.com/sso', idpCertificate: 'MIIBnotacert==' },
      }),
      SSO_MESSAGES.certificateInvalid,
    ],
    [
      'SAML with an entry point that is not an http(s) address',
      () => ({
        saml: { enabled: true, entryPoint: 'ftp://idp.example.com/sso', idpCertificate: certificatePem },
      }),
      SSO_MESSAGES.invalidUrl,
    ],
    [
      'OpenID Connect without issuer and client id',
      () => ({ oidc: { enabled: true, clientSecret: 'x' } }),
      SSO_MESSAGES.oidcIncomplete,
    ],
    [
      'OpenID Connect without a client secret',
      () => ({ oidc: { enabled: true, issuer: 'https://op.example', clientId: 'c' } }),
      SSO_MESSAGES.oidcIncomplete,
    ],
    [
      'OpenID Connect with an issuer that is not an http(s) address',
      () => ({ oidc: { enabled: true, issuer: 'javascript:alert(1)', clientId: 'c', clientSecret: 'x' } }),
      SSO_MESSAGES.invalidUrl,
    ],
    [
      'OpenID Connect scopes without openid',
      () => ({
        oidc: {
          enabled: true,
          issuer: 'https://op.example',
          clientId: 'c',
          clientSecret: 'x',
          scopes: 'profile email',
        },
      }),
      SSO_MESSAGES.scopesNeedOpenid,
    ],
  ];

  it.each(refusals.map((refusal, index) => [...refusal, index] as const))(
    'refuses %s',
    async (_name, sections, message, index) => {
      // A tenant of its own, so nothing saved earlier (such as a stored client secret) fills the gap.
      const label = `refuse${index}`;
      await server.createUser(label, { username: 'admin', password: 'admin-pass', kind: 'ADMINISTRATOR' });
      const client = server.client(label);
      await client.signIn('admin', 'admin-pass');
      const res = await client.put(SSO_PATHS.settings, command(sections()));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message });
      expect((await client.get(SSO_PATHS.settings)).json().data.modifiedOn).toBeNull();
    },
  );

  it('checks only the providers that are switched on', async () => {
    const res = await admin.put(
      SSO_PATHS.settings,
      command({ saml: { enabled: false, entryPoint: 'not a url' } }),
    );
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses system administrators as the kind of accounts made at sign-in', async () => {
    const before = (await admin.get(SSO_PATHS.settings)).json().data;
    const res = await admin.put(
      SSO_PATHS.settings,
      command({ jitEnabled: true, jitUserKind: 'SYSTEM_ADMINISTRATOR' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors.map((e: { field: string }) => e.field)).toContain('jitUserKind');
    expect((await admin.get(SSO_PATHS.settings)).json().data).toEqual(before);
  });
});
