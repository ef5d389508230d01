import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
}

type Reply = { status?: number; body?: unknown };
type Handler = (call: RecordedCall) => Reply | Promise<Reply>;

/**
 * Replaces global fetch with a table of handlers keyed by "METHOD /path" (query string ignored).
 * Unknown calls answer 404 with an envelope, like the server does. Returns the recorded calls.
 */
export function mockFetch(handlers: Record<string, Handler | Reply>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const call: RecordedCall = {
        url,
        method: init.method ?? 'GET',
        headers: { ...(init.headers as Record<string, string> | undefined) },
        body: typeof init.body === 'string' ? init.body : undefined,
        credentials: init.credentials,
      };
      calls.push(call);
      const path = url.split('?')[0];
      const handler = handlers[`${call.method} ${path}`];
      const reply: Reply =
        handler === undefined
          ? { status: 404, body: { success: false, message: 'Not found', data: null } }
          : typeof handler === 'function'
            ? await handler(call)
            : handler;
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export const ok = <T>(data: T, message = ''): Reply => ({
  status: 200,
  body: { success: true, message, data },
});
export const fail = (status: number, message: string): Reply => ({
  status,
  body: { success: false, message, data: null },
});
