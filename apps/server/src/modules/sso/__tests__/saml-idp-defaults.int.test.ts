import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_TRAIL_PATHS, SSO_PATHS, type SsoFailure } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  createTestSamlIdp,
  decodeSamlResponse,
  rewriteSamlResponse,
  type TestSamlIdp,
} from '../../../../test/saml-idp.ts';
import {
  expectRefused,
  expectSignedIn,
  idpAnswer,
  postToAcs,
  saveSamlSettings,
  serviceProviderMetadata,
  signInThroughIdp,
} from './saml-fixtures.ts';

// Issue 22: SAML with the big identity providers' defaults, against the samlify IdP. The default
// mapping (username = NameID, e-mail = 'email') must still find a user whose username is not their
// e-mail when the IdP sends the e-mail as NameID or under its own claim name; an answer whose
// assertion alone is signed (Entra ID's default) signs in; and every refusal reaches the
// administrator (last failures, audit trail) with its real cause.

const ENTRA_EMAIL = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';

let server: TestServer;
let idp: TestSamlIdp;
let admin: TestClient;

beforeAll(async () => {
  [server, idp] = await Promise.all([
    createTestServer(),
    createTestSamlIdp({ entityId: 'https://sts.corp.test/' }),
  ]);
  await server.createTenant('acme');
  await server.createTenant('gamma');
  await server.createUser('acme', { username: 'admin', password: 'admin-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('acme', { username: 'ordinary', password: 'ordinary-pass' });
  // The audit trail is the system administrators' page.
  await server.createUser('acme', { username: 'sam', password: 'sam-pass', kind: 'SYSTEM_ADMINISTRATOR' });
  await server.createUser('acme', {
    username: 'jsmith',
    password: 'local-pass',
    email: 'John.Smith@corp.test',
  });
  await server.createUser('acme', { username: 'mkumar', password: 'local-pass', email: 'mkumar@corp.test' });
  await server.createUser('acme', { username: 'lchen', password: 'local-pass', email: 'lchen@corp.test' });
  await server.createUser('gamma', { username: 'gadmin', password: 'gamma-pass', kind: 'ADMINISTRATOR' });
  admin = server.client('acme');
  await admin.signIn('admin', 'admin-pass');
  // The defaults: nothing about the mapping is set.
  await saveSamlSettings(admin, idp, { saml: { displayName: 'Corp staff' } });
});
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

const signedInUser = async (client: TestClient) => (await client.fetchSessionToken()).username as string;

async function failures(client: TestClient = admin): Promise<SsoFailure[]> {
  const res = await client.get(SSO_PATHS.failures);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('matching with the default mapping', () => {
  it('a NameID that is the e-mail signs in the user whose username differs', async () => {
    const client = server.client('acme');
    expectSignedIn(client, (await signInThroughIdp(client, idp, { nameId: 'john.smith@corp.test' })).acs);
    expect(await signedInUser(client)).toBe('jsmith');
  });

  it('finds the e-mail under Entra ID’s claim URI, mail and the LDAP OID', async () => {
    for (const [claim, username] of [
      [ENTRA_EMAIL, 'mkumar'],
      ['mail', 'lchen'],
      ['urn:oid:0.9.2342.19200300.100.1.3', 'mkumar'],
    ] as const) {
      const client = server.client('acme');
      const user = { nameId: `opaque-${username}-1`, attributes: { [claim]: `${username}@corp.test` } };
      expectSignedIn(client, (await signInThroughIdp(client, idp, user)).acs);
      expect(await signedInUser(client), claim).toBe(username);
    }
  });

  it('the username still comes first: a NameID that is a username wins over its e-mail', async () => {
    const client = server.client('acme');
    const user = { nameId: 'lchen', attributes: { [ENTRA_EMAIL]: 'mkumar@corp.test' } };
    expectSignedIn(client, (await signInThroughIdp(client, idp, user)).acs);
    expect(await signedInUser(client)).toBe('lchen');
  });

  it('the login page’s SAML button carries the label the administrator set', async () => {
    const res = await server.client('acme').get(SSO_PATHS.providers);
    expect(res.json().data).toMatchObject({ saml: true, samlDisplayName: 'Corp staff' });
  });
});

describe('what the IdP signs', () => {
  it('our metadata says assertions must be signed', async () => {
    const metadata = await serviceProviderMetadata(server.client('acme'));
    expect(metadata).toMatch(/<(md:)?SPSSODescriptor[^>]*WantAssertionsSigned="true"/);
  });

  it('an answer whose assertion alone is signed (Entra ID’s default) signs in', async () => {
    const client = server.client('acme');
    const answer = await idpAnswer(client, idp, { nameId: 'john.smith@corp.test' }, { signing: 'assertion' });
    // One signature, inside the Assertion: none on the Response.
    const xml = decodeSamlResponse(answer.SAMLResponse);
    expect(xml.match(/<ds:Signature[\s>]/g)).toHaveLength(1);
    expect(xml.indexOf('<ds:Signature')).toBeGreaterThan(xml.indexOf('<saml:Assertion'));
    expectSignedIn(client, await postToAcs(client, answer));
    expect(await signedInUser(client)).toBe('jsmith');
  });

  it('a tampered assertion-only answer is refused, and the administrator sees why', async () => {
    const client = server.client('acme');
    const answer = await idpAnswer(client, idp, { nameId: 'nobody@corp.test' }, { signing: 'assertion' });
    const tampered = rewriteSamlResponse(answer.SAMLResponse, (xml) =>
      xml.replace('>nobody@corp.test</saml:NameID>', '>admin</saml:NameID>'),
    );
    expectRefused(client, await postToAcs(client, { ...answer, SAMLResponse: tampered }), 'ssoBadSignature');
    const [last] = await failures();
    expect(last).toMatchObject({ provider: 'saml', cause: 'signature' });
    expect(last!.detail).toMatch(/signature/i);
    expect(Date.now() - Date.parse(last!.occurredOn)).toBeLessThan(60_000);
  });

  it('an answer whose Response alone is signed is refused: the assertion must be', async () => {
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(client, idp, { nameId: 'jsmith' }, { signing: 'response' });
    expectRefused(client, acs, 'ssoBadSignature');
  });

  it('a Response signature that is present must verify, even though the assertion’s does', async () => {
    const client = server.client('acme');
    const answer = await idpAnswer(client, idp, { nameId: 'jsmith' });
    // Outside the assertion, under the Response's signature only: the Destination.
    const tampered = rewriteSamlResponse(answer.SAMLResponse, (xml) =>
      xml.replace(/Destination="([^"]+)"/, 'Destination="$1?x"'),
    );
    expectRefused(client, await postToAcs(client, { ...answer, SAMLResponse: tampered }), 'ssoBadSignature');
  });
});

describe('the administrator sees the last failures', () => {
  it('an unknown user: the cause and who the IdP vouched for, in the list and in the audit trail', async () => {
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(client, idp, { nameId: 'stranger@elsewhere.test' });
    expectRefused(client, acs, 'ssoUnknownUser');
    const [last] = await failures();
    expect(last).toMatchObject({
      provider: 'saml',
      cause: 'unknownUser',
      subject: 'stranger@elsewhere.test',
    });

    const sam = server.client('acme');
    await sam.signIn('sam', 'sam-pass');
    const trail = await sam.post(AUDIT_TRAIL_PATHS.datatables, {
      filters: [{ field: 'entity', operator: 'eq', value: 'sso_sign_in' }],
    });
    expect(trail.statusCode, trail.body).toBe(200);
    const [row] = trail.json().data.records;
    expect(row).toMatchObject({
      entity: 'sso_sign_in',
      entity_id: last!.id,
      action: 'failed',
      user_id: null,
    });
    const entry = await sam.get(`${AUDIT_TRAIL_PATHS.entity}?id=${row.id}`);
    expect(entry.json().data.after).toMatchObject({
      provider: 'saml',
      cause: 'unknownUser',
      status: 'ssoUnknownUser',
      subject: 'stranger@elsewhere.test',
    });
  });

  it('an assertion meant for another audience: cause audience', async () => {
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(
      client,
      idp,
      { nameId: 'jsmith' },
      { audience: 'https://other.sp/' },
    );
    expectRefused(client, acs, 'ssoFailed');
    const [last] = await failures();
    expect(last).toMatchObject({ cause: 'audience' });
    expect(last!.detail).toContain('https://other.sp/');
  });

  it('an expired assertion: cause clock skew', async () => {
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(
      client,
      idp,
      { nameId: 'jsmith' },
      { notOnOrAfter: new Date(Date.now() - 60 * 60_000) },
    );
    expectRefused(client, acs, 'ssoExpired');
    expect((await failures())[0]).toMatchObject({ cause: 'clockSkew' });
  });

  it('newest first; only administrators of the tenant read them', async () => {
    const list = await failures();
    const times = list.map((failure) => Date.parse(failure.occurredOn));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const ordinary = server.client('acme');
    await ordinary.signIn('ordinary', 'ordinary-pass');
    expect((await ordinary.get(SSO_PATHS.failures)).statusCode).toBe(403);
    expect((await server.client('acme').get(SSO_PATHS.failures)).statusCode).toBe(401);

    const gamma = server.client('gamma');
    await gamma.signIn('gadmin', 'gamma-pass');
    expect(await failures(gamma)).toEqual([]);
  });

  // 21 round trips through the IdP: generous on a busy machine.
  it('keeps only the newest 20 per tenant', { timeout: 120_000 }, async () => {
    for (let i = 0; i < 21; i += 1) {
      const client = server.client('acme');
      expectRefused(
        client,
        (await signInThroughIdp(client, idp, { nameId: `ghost-${i}` })).acs,
        'ssoUnknownUser',
      );
    }
    const list = await failures();
    expect(list).toHaveLength(20);
    expect(list[0]!.subject).toBe('ghost-20');
    expect(list.at(-1)!.subject).toBe('ghost-1');
  });
});
