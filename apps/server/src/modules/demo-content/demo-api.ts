import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '@formloop/contracts';
import { encryptLoginPayload } from '@formloop/domain';

// The demo content is made through the product's own API, in process (Fastify inject): the same
// validation, permissions, workflow starts, indexes and notifications as when people click, and
// nothing the API would refuse.

export interface DemoCaller {
  post: <T = unknown>(path: string, body?: unknown) => Promise<T>;
  put: <T = unknown>(path: string, body: unknown) => Promise<T>;
  get: <T = unknown>(path: string) => Promise<T>;
}

/** A refused call stops the seeding with what was asked and what the API answered. */
export class DemoCallError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    body: string,
  ) {
    super(`${method} ${path}: ${status} ${body.slice(0, 500)}`);
  }
}

const cookiesOf = (header: string | string[] | undefined) =>
  (Array.isArray(header) ? header : header ? [header] : []).map((cookie) => cookie.split(';')[0]).join('; ');

/** Signs a demo person in on the tenant of `host` and answers a caller acting as them. */
export async function signInAs(
  app: FastifyInstance,
  host: string,
  username: string,
  password: string,
): Promise<DemoCaller> {
  const signed = await app.inject({
    method: 'POST',
    url: API_PATHS.authenticateIso,
    headers: { host, 'content-type': 'application/json' },
    payload: JSON.stringify(await encryptLoginPayload({ username, password })),
  });
  if (signed.statusCode !== 200) {
    throw new DemoCallError('POST', API_PATHS.authenticateIso, signed.statusCode, signed.body);
  }
  const cookie = cookiesOf(signed.headers['set-cookie']);
  const tokenAnswer = await app.inject({
    method: 'POST',
    url: API_PATHS.sessionToken,
    headers: { host, cookie },
  });
  if (tokenAnswer.statusCode !== 200) {
    throw new DemoCallError('POST', API_PATHS.sessionToken, tokenAnswer.statusCode, tokenAnswer.body);
  }
  const token = (tokenAnswer.json() as { data: { token: string } }).data.token;

  const call = async <T>(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> => {
    const res = await app.inject({
      method,
      url: path,
      headers: {
        host,
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (res.statusCode < 200 || res.statusCode > 299)
      throw new DemoCallError(method, path, res.statusCode, res.body);
    return (res.json() as { data: T }).data;
  };
  return {
    post: (path, body) => call('POST', path, body ?? {}),
    put: (path, body) => call('PUT', path, body),
    get: (path) => call('GET', path),
  };
}
