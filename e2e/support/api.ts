import { request, type APIRequestContext } from '@playwright/test';
import { encryptLoginPayload } from '@formloop/domain';

/**
 * A signed-in API caller for arranging a journey's data through the real HTTP API (apps, reference
 * lists, records) as a user would through the screens, when those screens are not what is tested.
 */
export interface Api {
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  put<T = unknown>(path: string, body?: unknown): Promise<T>;
  dispose(): Promise<void>;
}

async function unwrap<T>(what: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const text = await response.text();
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

export async function apiAs(baseURL: string, username: string, password: string): Promise<Api> {
  const context = await request.newContext({ baseURL });
  const cipher = await encryptLoginPayload({ username, password });
  const auth = await context.post('/identity/authenticateiso', {
    data: JSON.stringify(cipher),
    headers: { 'content-type': 'application/json' },
  });
  await unwrap('sign in', auth);
  const session = await unwrap<{ token: string }>(
    'session token',
    await context.post('/identity/token', { data: {} }),
  );
  const headers = { authorization: `Bearer ${session.token}` };
  return {
    get: async (path) => unwrap(`GET ${path}`, await context.get(path, { headers })),
    post: async (path, body = {}) =>
      unwrap(`POST ${path}`, await context.post(path, { headers, data: body })),
    put: async (path, body = {}) => unwrap(`PUT ${path}`, await context.put(path, { headers, data: body })),
    dispose: () => context.dispose(),
  };
}
