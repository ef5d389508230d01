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

/**
 * Access tokens live an hour; a benchmark runs longer. The session's token is fetched again this
 * often in the background (the session cookie stays good), and `token` is always the newest.
 */
const TOKEN_REFRESH_MS = 10 * 60_000;

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
  const fetchToken = async () =>
    (await call<{ token: string }>(`${base}/identity/token`, { method: 'POST', headers: { cookie } })).token;
  let token = await fetchToken();
  const refresh = setInterval(() => {
    fetchToken().then(
      (fresh) => (token = fresh),
      () => undefined,
    );
  }, TOKEN_REFRESH_MS);
  refresh.unref();
  const authorization = () => `Bearer ${token}`;
  return {
    base,
    get token() {
      return token;
    },
    post: (path, body) =>
      call(`${base}${path}`, {
        method: 'POST',
        headers: { authorization: authorization(), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    get: (path) => call(`${base}${path}`, { headers: { authorization: authorization() } }),
  };
}
