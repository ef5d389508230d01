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
  /** Sent as multipart/form-data (file uploads); the browser sets the content type and its boundary. */
  formData?: FormData;
  /**
   * Reports the share of the body sent so far (0..1). Only XMLHttpRequest reports upload progress,
   * so a call with this option goes through it (same headers, cookies, envelope and errors).
   */
  onUploadProgress?: (fraction: number) => void;
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
  let body: string | FormData | undefined;
  if (options.formData !== undefined) body = options.formData;
  else if (options.rawJson !== undefined) body = options.rawJson;
  else if (options.json !== undefined) body = JSON.stringify(options.json);
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';

  const abort = timeoutSignal(options.signal);
  let response: Response;
  try {
    const init: RequestInit = {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: abort.signal,
    };
    const url = buildUrl(path, options.query);
    const progress = options.onUploadProgress;
    response =
      progress && typeof XMLHttpRequest !== 'undefined'
        ? await sendWithProgress(url, init, headers, progress)
        : await fetch(url, init);
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

// Statuses whose Response may not carry a body (the Response constructor throws otherwise).
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** fetch() over XMLHttpRequest, for its upload progress events; answers a Response like fetch. */
function sendWithProgress(
  url: string,
  init: RequestInit,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const signal = init.signal;
    const aborted = () => xhr.abort();
    const finish = () => signal?.removeEventListener('abort', aborted);
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      finish();
      onProgress(1);
      const status = xhr.status < 200 || xhr.status > 599 ? 502 : xhr.status;
      const text = NULL_BODY_STATUSES.has(status) ? null : xhr.responseText;
      resolve(new Response(text, { status, statusText: xhr.statusText }));
    };
    xhr.onerror = () => {
      finish();
      reject(new TypeError('Failed to fetch'));
    };
    xhr.onabort = () => {
      finish();
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    };
    if (signal?.aborted) {
      finish();
      return reject(new DOMException('The operation was aborted.', 'AbortError'));
    }
    signal?.addEventListener('abort', aborted, { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
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
  /** POST multipart/form-data (file uploads), optionally reporting upload progress. */
  postForm: <T>(
    path: string,
    formData: FormData,
    options?: Omit<RequestOptions, 'method' | 'json' | 'rawJson' | 'formData'>,
  ) => request<T>(path, { ...options, method: 'POST', formData }),
};
