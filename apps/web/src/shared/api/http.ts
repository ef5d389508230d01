import type { Envelope } from '@formloop/contracts';
import { MESSAGES, REQUEST_TIMEOUT_MS } from '@formloop/domain';
import { ApiError } from './api-error.ts';
import { reportRequestError } from './request-errors.ts';

/** Spec §7 and §9: every call may take up to one hour before it is aborted. */
export const REQUEST_TIMEOUT = REQUEST_TIMEOUT_MS;

/** Shown when a call runs out of time (spec §8: 504 'Request timeout'). */
export const TIMEOUT_MESSAGE = MESSAGES.requestTimeout;

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON with content-type application/json. */
  json?: unknown;
  /** Sent as it is, with content-type application/json (for bodies already serialised). */
  rawJson?: string;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Whether a 401 signs the user out (default true). The token refresh turns it off: it handles
   * its own failure, with its own message (spec §4 'Failed to refresh access token').
   */
  signOutOnUnauthorized?: boolean;
}

interface HttpHooks {
  /** The bearer token of the signed-in user, if any. */
  getToken: () => string | null;
  /** Called when a call carrying a token answers 401 (spec §8: the user is logged out). */
  onUnauthorized: () => void;
}

// Shared code never imports features: the auth feature registers how to read the token instead.
let hooks: HttpHooks = { getToken: () => null, onUnauthorized: () => undefined };

export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next };
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value && 'message' in value;
}

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  const text = await response.text();
  if (text.trim() === '') return { success: response.ok, message: '', data: null as T };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy error page, for example): keep the status, drop the body.
    return { success: response.ok, message: response.ok ? '' : response.statusText, data: null as T };
  }
  if (isEnvelope(body)) {
    return {
      success: Boolean(body.success),
      message: String(body.message ?? ''),
      data: (body.data ?? null) as T,
    };
  }
  return { success: response.ok, message: '', data: body as T };
}

/** Links the caller's signal (if any) and the one-hour timeout into one AbortController. */
function timeoutSignal(outer: AbortSignal | undefined): {
  signal: AbortSignal;
  timedOut: () => boolean;
  done: () => void;
} {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, REQUEST_TIMEOUT);
  const forward = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener('abort', forward, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    },
  };
}

/**
 * Calls the API and unwraps the `{ success, message, data }` envelope. Adds the bearer token when
 * signed in and always sends cookies. Throws an ApiError when the status is not ok or the envelope
 * says `success: false`.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = hooks.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.rawJson !== undefined) body = options.rawJson;
  else if (options.json !== undefined) body = JSON.stringify(options.json);
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const abort = timeoutSignal(options.signal);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: abort.signal,
    });
  } catch (error) {
    abort.done();
    if (abort.timedOut()) throw timeoutError();
    const failure = new ApiError(0, error instanceof Error ? error.message : String(error));
    // A caller that cancelled (React Query dropping a query, a page unmounting) needs no toast;
    // a connection that broke off does (spec §8: "Connection abort: the message shown in a toast").
    if (!options.signal?.aborted) reportRequestError({ message: failure.message });
    throw failure;
  }

  let envelope: Envelope<T>;
  try {
    envelope = await readEnvelope<T>(response);
  } catch (error) {
    if (abort.timedOut()) throw timeoutError();
    throw new ApiError(response.status, error instanceof Error ? error.message : String(error));
  } finally {
    abort.done();
  }
  // A gateway that gave up answers 504 with its own page: the user sees the spec's text instead.
  if (response.status === 504) throw timeoutError();
  if (!response.ok || !envelope.success) {
    if (response.status === 401 && token && options.signOutOnUnauthorized !== false) hooks.onUnauthorized();
    throw new ApiError(response.status, envelope.message, envelope.data);
  }
  return envelope;
}

/** Spec §8: a 504 (our one-hour limit, or a gateway's) shows the toast 'Request timeout'. */
function timeoutError(): ApiError {
  reportRequestError({ message: TIMEOUT_MESSAGE });
  return new ApiError(504, TIMEOUT_MESSAGE);
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'json' | 'rawJson'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, json?: unknown, options?: Omit<RequestOptions, 'method' | 'json'>) =>
    request<T>(path, { ...options, method: 'POST', json }),
};
