import { encryptLoginPayload } from '@formloop/domain';

// A signed-in caller of a server reached over real HTTP (a server process of its own, or one a
// benchmark loads): the login as the web app sends it, then the session token as a bearer token.

export interface Api {
  base: string;
  token: string;
  post: <T = unknown>(path: string, body: unknown) => Promise<T>;
  get: <T = unknown>(path: string) => Promise<T>;
}

async function call<T>(url: string, init: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Signs a user in and returns a bearer-token client of the API. */
export async function signIn(base: string, username: string, password: string): Promise<Api> {
  const signed = await fetch(`${base}/identity/authenticateiso`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(await encryptLoginPayload({ username, password })),
  });
  const cookie = signed.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { token } = await call<{ token: string }>(`${base}/identity/token`, {
    method: 'POST',
    headers: { cookie },
  });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  return {
    base,
    token,
    post: (path, body) => call(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) }),
    get: (path) => call(`${base}${path}`, { headers: { authorization: headers.authorization } }),
  };
}
