import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { ApiError } from '../api-error.ts';
import { configureHttp, http, request, REQUEST_TIMEOUT } from '../http.ts';
import { onRequestError, type RequestErrorNotice } from '../request-errors.ts';

/** Collects what the client reports for toasts (spec §8). */
function reported(): RequestErrorNotice[] {
  const notices: RequestErrorNotice[] = [];
  stopListening = onRequestError((notice) => notices.push(notice));
  // Failures from earlier tests, reported while nobody listened, arrive first: not ours.
  notices.length = 0;
  return notices;
}
let stopListening = () => undefined as void;

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  configureHttp({ getToken: () => null, onUnauthorized: () => undefined });
});

describe('http client', () => {
  it('sends cookies, the bearer token when signed in, and unwraps the envelope', async () => {
    configureHttp({ getToken: () => 'tok' });
    const calls = mockFetch({ 'GET /api/thing': ok({ id: 7 }, 'Done') });
    const envelope = await http.get<{ id: number }>('/api/thing', { query: { page: 2, skip: undefined } });
    expect(envelope).toEqual({ success: true, message: 'Done', data: { id: 7 } });
    expect(calls[0]?.url).toBe('/api/thing?page=2');
    expect(calls[0]?.headers.Authorization).toBe('Bearer tok');
    expect(calls[0]?.credentials).toBe('include');
  });

  it('sends no Authorization header when signed out', async () => {
    const calls = mockFetch({ 'POST /api/x': ok(null) });
    await http.post('/api/x', { a: 1 });
    expect(calls[0]?.headers.Authorization).toBeUndefined();
    expect(calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(calls[0]?.body).toBe('{"a":1}');
  });

  it('throws ApiError(status, message, data) when the answer is not ok', async () => {
    mockFetch({ 'GET /api/x': fail(403, 'Nope') });
    const error = await http.get('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'Nope', data: null });
  });

  it('signs out on a 401 to a call that carried a token', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ getToken: () => 'tok', onUnauthorized });
    mockFetch({ 'GET /api/x': fail(401, 'Expired') });
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('aborts after the one-hour timeout with a 504 Request timeout', async () => {
    expect(REQUEST_TIMEOUT).toBe(3_600_000);
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = request('/api/slow').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT);
    expect(await pending).toMatchObject({ status: 504, message: 'Request timeout' });
  });

  it('reports a 504 answer as Request timeout (spec §8)', async () => {
    const notices = reported();
    mockFetch({ 'GET /api/x': { status: 504, body: '<html>Gateway Timeout</html>' } });
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 504, message: 'Request timeout' });
    expect(notices).toEqual([{ message: 'Request timeout' }]);
  });

  it('reports a broken connection with its own message, but not a call the caller cancelled', async () => {
    const notices = reported();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 0, message: 'Failed to fetch' });
    const cancelled = new AbortController();
    cancelled.abort();
    await expect(http.get('/api/x', { signal: cancelled.signal })).rejects.toMatchObject({ status: 0 });
    expect(notices).toEqual([{ message: 'Failed to fetch' }]);
  });

  it('leaves a 401 to the caller when asked to (the token refresh)', async () => {
    const onUnauthorized = vi.fn();
    configureHttp({ getToken: () => 'tok', onUnauthorized });
    mockFetch({ 'POST /api/x': fail(401, 'Expired') });
    await expect(http.post('/api/x', {}, { signOutOnUnauthorized: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});
