import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockFetch, ok } from '../../../test/fetch-mock.ts';
import { ApiError } from '../api-error.ts';
import { configureHttp, http, request, REQUEST_TIMEOUT } from '../http.ts';

afterEach(() => {
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
});
