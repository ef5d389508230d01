import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import { SSO_PATHS } from '@formloop/contracts';
// @ts-expect-error oidc-provider 9 ships no type declarations; the members used are typed below.
import Provider from 'oidc-provider';
import { freePort } from './free-port.ts';
import type { TestClient } from './harness.ts';

// A real OpenID Connect provider (oidc-provider 9.13, the certified implementation) on 127.0.0.1 for
// tests of our relying party: discovery, the authorization endpoint with PKCE S256 required, a login
// and a consent step, the token endpoint with client_secret_basic, signed ID tokens and userinfo.
// Its interactions are ours (devInteractions off) so that a password is really checked: the test
// drives them through `signIn` like a browser with a cookie jar.

export interface OidcPeerAccount {
  /** What the user types at the provider; also the subject (`sub`). */
  login: string;
  password: string;
  claims: { preferred_username?: string; email?: string; name?: string; email_verified?: boolean };
}

export interface OidcPeerOptions {
  clientId: string;
  clientSecret: string;
  /** Where the provider may send the browser back, e.g. http://acme.formloop.test/identity/sso/oidc/callback. */
  redirectUri: string | string[];
  accounts: OidcPeerAccount[];
}

export interface OidcPeer {
  /** http://127.0.0.1:<port>, the provider's issuer identifier. */
  issuer: string;
  /**
   * Follows the authorization URL through the provider's login and consent pages like a browser and
   * returns the redirect URL it ends on: our callback with `code`, `state` and `iss`. A wrong password
   * ends the interaction with `error=access_denied` instead, as a user giving up would.
   */
  signIn(authorizationUrl: string, login: string, password: string): Promise<string>;
  /** Stops the provider: its issuer no longer answers (the "provider unreachable" case). */
  close(): Promise<void>;
}

/** The claims oidc-provider releases per scope. */
const CLAIMS_BY_SCOPE = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['name', 'preferred_username'],
};

interface ProviderInteraction {
  uid: string;
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[] } };
  params: Record<string, unknown> & { client_id: string };
  session?: { accountId: string };
  grantId?: string;
}

interface ProviderGrant {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}

/** The slice of oidc-provider's Provider these tests use. */
interface OidcProviderInstance {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<ProviderInteraction>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: {
    new (init: { accountId: string; clientId: string }): ProviderGrant;
    find(id: string): Promise<ProviderGrant | undefined>;
  };
}

const OidcProvider = Provider as new (issuer: string, configuration: object) => OidcProviderInstance;

export async function startOidcPeer(options: OidcPeerOptions): Promise<OidcPeer> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const accounts = new Map(options.accounts.map((account) => [account.login, account]));

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'peer-signing', alg: 'RS256', use: 'sig' };

  const provider = new OidcProvider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri].flat(),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: CLAIMS_BY_SCOPE,
    // Every client must send a PKCE challenge (oidc-provider accepts only S256).
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, accountId: string) {
      const account = accounts.get(accountId);
      if (!account) return undefined;
      return { accountId, claims: async () => ({ sub: accountId, email_verified: true, ...account.claims }) };
    },
    ttl: { AccessToken: 600, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    // Errors come back as plain text so a failing test shows what the provider disliked.
    renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'text/plain';
      ctx.body = JSON.stringify(out);
    },
  });

  const handleProviderRequest = provider.callback();
  const server = createServer((req, res) => {
    // The interaction pages are ours; everything else is the provider's.
    if (!req.url?.startsWith('/interaction/')) return handleProviderRequest(req, res);
    const step =
      req.method === 'POST'
        ? submitInteraction(provider, accounts, req, res)
        : renderInteraction(provider, req, res);
    step.catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    issuer,
    signIn: (authorizationUrl, login, password) => driveSignIn(issuer, authorizationUrl, login, password),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets of earlier calls would hold the port open.
        server.closeAllConnections();
      }),
  };
}

/** An issuer on a port nobody listens on. */
export async function unreachableIssuer(): Promise<string> {
  return `http://127.0.0.1:${await freePort()}`;
}

/**
 * A browser's whole round trip on `browser`'s tenant: our start endpoint, the provider's pages, then
 * our callback. Returns our callback's answer (a 302 to /authentication/sso or to the login page).
 */
export async function signInThroughApp(
  browser: TestClient,
  peer: OidcPeer,
  account: { login: string; password: string },
  returnUrl = '/tasks',
) {
  const start = await browser.get(`${SSO_PATHS.oidcStart}?ReturnUrl=${encodeURIComponent(returnUrl)}`);
  const authorizationUrl = start.headers.location;
  if (start.statusCode !== 302 || typeof authorizationUrl !== 'string') {
    throw new Error(`the start answered ${start.statusCode}: ${start.body}`);
  }
  const callbackUrl = new URL(await peer.signIn(authorizationUrl, account.login, account.password));
  return browser.get(callbackUrl.pathname + callbackUrl.search);
}

/** Where one of our 302s sends the browser: its path, and the status banner text and ReturnUrl it carries. */
export function landingOf(response: { headers: Record<string, unknown> }) {
  const location = new URL(String(response.headers.location), 'http://app.invalid');
  return {
    path: location.pathname,
    status: location.searchParams.get('status'),
    returnUrl: location.searchParams.get('ReturnUrl'),
    twoFactor: location.searchParams.get('twoFactor'),
  };
}

/** The page the provider shows at each step: a login form or a consent button. */
async function renderInteraction(provider: OidcProviderInstance, req: IncomingMessage, res: ServerResponse) {
  const { uid, prompt } = await provider.interactionDetails(req, res);
  const fields =
    prompt.name === 'login'
      ? '<input name="login" autocomplete="username"><input name="password" type="password">'
      : '';
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(
    `<form method="post" action="/interaction/${uid}"><input type="hidden" name="prompt" value="${prompt.name}">` +
      `${fields}<button type="submit">Continue</button></form>`,
  );
}

async function submitInteraction(
  provider: OidcProviderInstance,
  accounts: Map<string, OidcPeerAccount>,
  req: IncomingMessage,
  res: ServerResponse,
) {
  const form = new URLSearchParams(await readBody(req));
  const { prompt, params, session, grantId } = await provider.interactionDetails(req, res);
  if (form.get('prompt') !== prompt.name) throw new Error(`expected the ${prompt.name} step`);

  if (prompt.name === 'login') {
    const account = accounts.get(form.get('login') ?? '');
    const result =
      account && account.password === form.get('password')
        ? { login: { accountId: account.login } }
        : { error: 'access_denied', error_description: 'Wrong login or password' };
    return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  // Consent: grant what the client asked for, as a user pressing "Allow" does.
  const grant =
    (grantId ? await provider.Grant.find(grantId) : undefined) ??
    new provider.Grant({ accountId: session!.accountId, clientId: params.client_id });
  if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
  if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
  const result = { consent: { grantId: await grant.save() } };
  return provider.interactionFinished(req, res, result, { mergeWithLastSubmission: true });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A browser's part: follow redirects by hand with a cookie jar, fill in each interaction page. */
async function driveSignIn(issuer: string, authorizationUrl: string, login: string, password: string) {
  const cookies = new Map<string, string>();
  const call = async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size)
      headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = setCookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expires = attributes.find((a) => a.trim().toLowerCase().startsWith('expires='));
      const expired = !value || (expires && new Date(expires.split('=')[1]!).getTime() <= Date.now());
      if (expired) cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };

  const issuerOrigin = new URL(issuer).origin;
  let url = authorizationUrl;
  // Login, consent and the redirects between them take well under 20 hops.
  for (let hop = 0; hop < 20; hop++) {
    if (new URL(url).origin !== issuerOrigin) return url;
    const response = await call(url);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      continue;
    }
    const page = await response.text();
    const step = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (response.status !== 200 || !step) {
      throw new Error(`the provider answered ${response.status} at ${url}: ${page.slice(0, 500)}`);
    }
    const form = new URLSearchParams({ prompt: step });
    if (step === 'login') {
      form.set('login', login);
      form.set('password', password);
    }
    const submitted = await call(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    const next = submitted.headers.get('location');
    if (!next) throw new Error(`the ${step} step answered ${submitted.status}: ${await submitted.text()}`);
    url = new URL(next, url).href;
  }
  throw new Error('the provider never sent the browser back to the client');
}
