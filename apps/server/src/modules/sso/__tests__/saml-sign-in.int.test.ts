import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@formloop/contracts';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { createTestSamlIdp, rewriteSamlResponse, type TestSamlIdp } from '../../../../test/saml-idp.ts';
import {
  expectRefused,
  expectSignedIn,
  idpAnswer,
  postToAcs,
  saveSamlSettings,
  serviceProviderMetadata,
  signInThroughIdp,
  startSamlSignIn,
} from './saml-fixtures.ts';

// SAML sign-in end to end against the real app: a samlify IdP (its own openssl key) answers the
// AuthnRequest our start route made, and the browser's form POST reaches our ACS.

let server: TestServer;
let idp: TestSamlIdp;
let aliceId: string;
const ALICE = { nameId: 'alice', email: 'alice@acme.example', displayName: 'Alice Acme' };

beforeAll(async () => {
  [server, idp] = await Promise.all([
    createTestServer(),
    createTestSamlIdp({ entityId: 'https://idp.acme.test/saml' }),
  ]);
  await server.createTenant('acme');
  await server.createTenant('beta');
  await server.createTenant('gamma');
  await server.createUser('acme', { username: 'admin', password: 'admin-pass', kind: 'ADMINISTRATOR' });
  aliceId = await server.createUser('acme', { username: 'alice', password: 'alice-pass', kind: 'FULL_USER' });
  await server.createUser('acme', { username: 'dora', password: 'dora-pass', isActive: false });
  await server.createUser('beta', { username: 'betadmin', password: 'beta-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('beta', { username: 'bella', password: 'bella-pass' });

  const acmeAdmin = server.client('acme');
  await acmeAdmin.signIn('admin', 'admin-pass');
  await saveSamlSettings(acmeAdmin, idp);
  const betaAdmin = server.client('beta');
  await betaAdmin.signIn('betadmin', 'beta-pass');
  await saveSamlSettings(betaAdmin, idp);
});
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

describe('SAML sign-in with a signed response', () => {
  it('starts with an AuthnRequest to the IdP, and the signed answer signs the user in at the ReturnUrl', async () => {
    const client = server.client('acme');
    const redirectUrl = new URL(await startSamlSignIn(client, '/tasks'));
    expect(redirectUrl.origin + redirectUrl.pathname).toBe(
      new URL(idp.ssoUrl ?? 'http://127.0.0.1:9/sso').href,
    );
    expect(redirectUrl.searchParams.get('SAMLRequest')).toBeTruthy();
    expect(redirectUrl.searchParams.get('RelayState')).toBeTruthy();

    const answer = await idp.respond(await serviceProviderMetadata(client), redirectUrl.href, ALICE);
    expect(answer.acsUrl).toBe('http://acme.formloop.test/identity/sso/saml/acs');
    const acs = await postToAcs(client, answer);
    expectSignedIn(client, acs, '/tasks');

    const token = await client.fetchSessionToken();
    expect(token).toMatchObject({ uid: aliceId, username: 'alice', isFullUser: true });
    expect((await client.get(API_PATHS.isAuthenticated)).statusCode).toBe(200);

    const { rows } = await server.owner.query(
      `SELECT after->>'method' AS method FROM audit_log
        WHERE entity = 'session' AND action = 'sign-in' AND user_id = $1`,
      [aliceId],
    );
    expect(rows.map((row) => row.method)).toContain('saml');
  });

  it('carries a deeper ReturnUrl through the round trip, and leaves a plain one off', async () => {
    const deep = server.client('acme');
    expectSignedIn(
      deep,
      (await signInThroughIdp(deep, idp, ALICE, { returnUrl: '/module/42?page=2' })).acs,
      '/module/42?page=2',
    );
    const plain = server.client('acme');
    expectSignedIn(plain, (await signInThroughIdp(plain, idp, ALICE, { returnUrl: '/' })).acs, '/');
  });
});

describe('SAML responses that are refused', () => {
  it('a response whose NameID was changed after signing: bad signature', async () => {
    const client = server.client('acme');
    const answer = await idpAnswer(client, idp, { nameId: 'dora', email: 'dora@acme.example' });
    const tampered = rewriteSamlResponse(answer.SAMLResponse, (xml) =>
      xml.replace('>dora</saml:NameID>', '>alice</saml:NameID>'),
    );
    expectRefused(client, await postToAcs(client, { ...answer, SAMLResponse: tampered }), 'ssoBadSignature');
  });

  it('a response whose e-mail attribute was changed after signing: bad signature', async () => {
    const client = server.client('acme');
    const answer = await idpAnswer(client, idp, { nameId: 'nobody-known', email: 'nobody@elsewhere.test' });
    const tampered = rewriteSamlResponse(answer.SAMLResponse, (xml) =>
      xml.replace('>nobody@elsewhere.test<', '>alice@acme.example<'),
    );
    expectRefused(client, await postToAcs(client, { ...answer, SAMLResponse: tampered }), 'ssoBadSignature');
  });

  it('a response signed by another key than the IdP certificate saved in the settings: bad signature', async () => {
    const impostor = await createTestSamlIdp({ entityId: idp.entityId });
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(client, impostor, ALICE);
    expectRefused(client, acs, 'ssoBadSignature');
  });

  it('the same signed response posted twice: the second is a replay', async () => {
    const client = server.client('acme');
    const answer = await idpAnswer(client, idp, ALICE);
    expectSignedIn(client, await postToAcs(client, answer));

    const attacker = server.client('acme');
    expectRefused(attacker, await postToAcs(attacker, answer), 'ssoReplayed');
  });

  it('two copies of one response posted at the same moment: exactly one signs in', async () => {
    const client = server.client('acme');
    const answer = await idpAnswer(client, idp, ALICE);
    const [first, second] = [server.client('acme'), server.client('acme')];
    const answers = await Promise.all([postToAcs(first, answer), postToAcs(second, answer)]);
    const signedIn = answers.filter((res) =>
      String(res.headers['location']).startsWith('/authentication/sso'),
    );
    expect(signedIn).toHaveLength(1);
    const [winner, loser] = signedIn[0] === answers[0] ? [first, second] : [second, first];
    expect(winner.cookies.has('fl_session')).toBe(true);
    expectRefused(loser, answers[signedIn[0] === answers[0] ? 1 : 0]!, 'ssoReplayed');
  });

  it('a response that answers no request of ours (unsolicited): refused as a replay', async () => {
    const client = server.client('acme');
    const answer = await idpAnswer(client, idp, ALICE, { inResponseTo: '_never-requested' });
    expectRefused(client, await postToAcs(client, answer), 'ssoReplayed');
  });

  it('a response whose validity ended an hour ago: expired', async () => {
    const client = server.client('acme');
    const answer = await idpAnswer(client, idp, ALICE, { notOnOrAfter: new Date(Date.now() - 60 * 60_000) });
    expectRefused(client, await postToAcs(client, answer), 'ssoExpired');
  });

  it('an IdP user who matches nobody here (no JIT): unknown user', async () => {
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(client, idp, { nameId: 'stranger', email: 'stranger@idp.test' });
    expectRefused(client, acs, 'ssoUnknownUser');
  });

  it('a disabled user: the account-disabled message', async () => {
    const client = server.client('acme');
    const { acs } = await signInThroughIdp(client, idp, { nameId: 'dora' });
    expectRefused(client, acs, 'accountDisabled');
  });

  it('a tenant without SAML: the start route sends the browser back with not-configured', async () => {
    const client = server.client('gamma');
    const res = await client.get('/identity/sso/saml/start?ReturnUrl=%2Ftasks');
    expectRefused(client, res, 'ssoNotConfigured');
  });

  it('another tenant’s request id answered at this tenant is refused, and stays usable at its own', async () => {
    const betaClient = server.client('beta');
    const betaAnswer = await idpAnswer(betaClient, idp, { nameId: 'bella' });

    // Everything else is right for acme (audience, destination, RelayState); only the request is beta's.
    const acmeClient = server.client('acme');
    const forged = await idpAnswer(
      acmeClient,
      idp,
      { nameId: 'alice' },
      { inResponseTo: betaAnswer.requestId },
    );
    expectRefused(acmeClient, await postToAcs(acmeClient, forged), 'ssoReplayed');

    expectSignedIn(betaClient, await postToAcs(betaClient, betaAnswer));
    expect((await betaClient.fetchSessionToken()).username).toBe('bella');
  });

  it('beta’s response posted at acme is refused (audience and request belong to beta)', async () => {
    const betaClient = server.client('beta');
    const betaAnswer = await idpAnswer(betaClient, idp, { nameId: 'alice' });
    const acmeClient = server.client('acme');
    const res = await postToAcs(acmeClient, betaAnswer);
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toMatch(/^\/authentication\/login\?status=/);
    expect(acmeClient.cookies.has('fl_session')).toBe(false);
  });
});
