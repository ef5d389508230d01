import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_PATHS } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { createTestSamlIdp, type TestSamlIdp } from '../../../../test/saml-idp.ts';
import { expectRefused, samlSettings } from './saml-fixtures.ts';

// Login CSRF: over https a SAML answer signs in only the browser that started that sign-in (its
// fl_saml cookie, SameSite=None so that it travels with the IdP's cross-site POST). Otherwise an
// attacker could start a sign-in, take the IdP's answer for their own account and have a victim's
// browser post it: the victim would work in the attacker's account.

const HTTPS = { 'x-forwarded-proto': 'https' };

let server: TestServer;
let idp: TestSamlIdp;

const get = (client: TestClient, url: string) => client.get(url, HTTPS);
const postAnswer = (client: TestClient, answer: { SAMLResponse: string; RelayState: string }) =>
  client.request('POST', SSO_PATHS.samlAcs, {
    rawBody: new URLSearchParams(answer).toString(),
    headers: { ...HTTPS, 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Starts a sign-in as `client` over https; the IdP's answer for `nameId` (not posted yet). */
async function answerFor(client: TestClient, nameId: string) {
  const start = await get(client, `${SSO_PATHS.samlStart}?ReturnUrl=%2Ftasks`);
  expect(start.statusCode, start.body).toBe(302);
  const metadata = (await get(client, SSO_PATHS.samlMetadata)).body;
  const answer = await idp.respond(metadata, String(start.headers.location), { nameId });
  return { start, answer: { SAMLResponse: answer.SAMLResponse, RelayState: answer.RelayState } };
}

beforeAll(async () => {
  [server, idp] = await Promise.all([
    createTestServer({ TRUST_PROXY: 'true' }),
    createTestSamlIdp({ entityId: 'https://idp.acme.test/saml' }),
  ]);
  await server.createTenant('acme');
  await server.createUser('acme', { username: 'admin', password: 'admin-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('acme', { username: 'alice', password: 'alice-pass' });
  await server.createUser('acme', { username: 'mallory', password: 'mallory-pass' });
  const admin = server.client('acme');
  await admin.signIn('admin', 'admin-pass');
  const saved = await admin.request('PUT', SSO_PATHS.settings, {
    body: samlSettings(idp),
    headers: HTTPS,
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await idp?.close();
  await server?.close();
});

describe('a SAML answer over https', () => {
  it('signs in the browser that started the sign-in (its SameSite=None cookie came back)', async () => {
    const alice = server.client('acme');
    const { start, answer } = await answerFor(alice, 'alice');
    const cookie = String([start.headers['set-cookie']].flat().find((c) => String(c).startsWith('fl_saml=')));
    expect(cookie).toMatch(/; Path=\/identity\/sso\/saml/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=None/);

    const acs = await postAnswer(alice, answer);
    expect(acs.statusCode, acs.body).toBe(302);
    expect(acs.headers.location).toBe('/authentication/sso?ReturnUrl=%2Ftasks');
    expect(alice.cookies.has('fl_session')).toBe(true);
  });

  it('refuses an answer posted from another browser, with or without a sign-in of its own', async () => {
    const mallory = server.client('acme');
    const { answer: mallorys } = await answerFor(mallory, 'mallory');

    // A victim who never started a sign-in.
    const victim = server.client('acme');
    expectRefused(victim, await postAnswer(victim, mallorys), 'ssoExpired');

    // A victim in the middle of her own sign-in: her cookie is not the one this answer was made for.
    const busyVictim = server.client('acme');
    await answerFor(busyVictim, 'alice');
    expectRefused(busyVictim, await postAnswer(busyVictim, mallorys), 'ssoExpired');

    // The answer itself was good: mallory's own browser still signs in with it.
    const acs = await postAnswer(mallory, mallorys);
    expect(acs.headers.location).toBe('/authentication/sso?ReturnUrl=%2Ftasks');
    expect(mallory.cookies.has('fl_session')).toBe(true);
  });
});
