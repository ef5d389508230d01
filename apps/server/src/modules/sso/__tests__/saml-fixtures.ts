import { expect } from 'vitest';
import { SSO_PATHS, type SsoSettingsCommand } from '@formloop/contracts';
import type { TestClient } from '../../../../test/harness.ts';
import type { TestSamlIdp, TestSamlResponseOptions, TestSamlUser } from '../../../../test/saml-idp.ts';

// The browser's part of a SAML sign-in, played with a cookie-keeping test client against the real
// app, and the samlify IdP's part played by the test IdP.

type SettingsOverrides = Partial<Omit<SsoSettingsCommand, 'saml'>> & {
  saml?: Partial<SsoSettingsCommand['saml']>;
};

/** What an administrator saves to switch SAML on with the IdP's metadata pasted in. */
export const samlSettings = (idp: TestSamlIdp, overrides: SettingsOverrides = {}) => ({
  jitEnabled: false,
  jitUserKind: 'USER',
  trustIdpMfa: false,
  ...overrides,
  saml: { enabled: true, metadataXml: idp.metadataXml, ...overrides.saml },
  oidc: { enabled: false },
});

export async function saveSamlSettings(
  admin: TestClient,
  idp: TestSamlIdp,
  overrides: SettingsOverrides = {},
) {
  const saved = await admin.put(SSO_PATHS.settings, samlSettings(idp, overrides));
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data;
}

export async function serviceProviderMetadata(client: TestClient) {
  const res = await client.get(SSO_PATHS.samlMetadata);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** Where our start route sends the browser: the IdP's sign-on URL with the SAMLRequest. */
export async function startSamlSignIn(client: TestClient, returnUrl = '/tasks') {
  const res = await client.get(`${SSO_PATHS.samlStart}?ReturnUrl=${encodeURIComponent(returnUrl)}`);
  expect(res.statusCode, res.body).toBe(302);
  return String(res.headers.location);
}

/** The browser's form POST of the IdP's answer to our ACS. */
export const postToAcs = (client: TestClient, answer: { SAMLResponse: string; RelayState: string }) =>
  client.request('POST', SSO_PATHS.samlAcs, {
    rawBody: new URLSearchParams({
      SAMLResponse: answer.SAMLResponse,
      RelayState: answer.RelayState,
    }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });

/** Start at our app, let the IdP answer for `user`; returns the IdP's answer (not yet posted). */
export async function idpAnswer(
  client: TestClient,
  idp: TestSamlIdp,
  user: TestSamlUser,
  options: { returnUrl?: string } & TestSamlResponseOptions = {},
) {
  const { returnUrl, ...responseOptions } = options;
  const redirectUrl = await startSamlSignIn(client, returnUrl);
  return idp.respond(await serviceProviderMetadata(client), redirectUrl, user, responseOptions);
}

/** The whole round trip: start, the IdP's answer, the POST to the ACS. */
export async function signInThroughIdp(
  client: TestClient,
  idp: TestSamlIdp,
  user: TestSamlUser,
  options: { returnUrl?: string } & TestSamlResponseOptions = {},
) {
  const answer = await idpAnswer(client, idp, user, options);
  return { answer, acs: await postToAcs(client, answer) };
}

/** Asserts a refusal: back to the login page with the message in its status banner, no session. */
export function expectRefused(
  client: TestClient,
  res: { statusCode: number; headers: Record<string, unknown> },
  message: string,
  returnUrl: string | null = '/tasks',
) {
  expect(res.statusCode).toBe(302);
  const location = new URL(String(res.headers['location']), 'http://formloop.test');
  expect(location.pathname).toBe('/authentication/login');
  expect(location.searchParams.get('status')).toBe(message);
  expect(location.searchParams.get('ReturnUrl')).toBe(returnUrl);
  expect(client.cookies.has('fl_session')).toBe(false);
}

/** Asserts the signed-in answer: to /authentication/sso with the ReturnUrl, the session cookie set. */
export function expectSignedIn(
  client: TestClient,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  returnUrl = '/tasks',
) {
  expect(res.statusCode, res.body).toBe(302);
  // The contract leaves ReturnUrl off when it is '/'.
  const query = returnUrl === '/' ? '' : `?ReturnUrl=${encodeURIComponent(returnUrl)}`;
  expect(res.headers['location']).toBe(`/authentication/sso${query}`);
  expect(client.cookies.has('fl_session')).toBe(true);
}
