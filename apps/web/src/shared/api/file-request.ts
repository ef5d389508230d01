// Calls whose answer is not an envelope but a file (record list and report exports), which
// shared/api/http.ts does not read: they go through fetch here with the same token, cookies and
// failure handling (ApiError, 401 signs out). Multipart uploads use http.postForm.
import type { Envelope } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { ApiError } from './api-error.ts';
import { authStore } from '../auth/auth-store.ts';

function headers(extra: Record<string, string>): Record<string, string> {
  const token = authStore.getState().authToken;
  return token ? { ...extra, Authorization: `Bearer ${token}` } : extra;
}

/** The server's message of a failed answer, when it sent an envelope. */
async function failure(response: Response): Promise<ApiError> {
  let message = response.statusText;
  let data: unknown = null;
  try {
    const body = (await response.json()) as Partial<Envelope<unknown>>;
    if (typeof body.message === 'string' && body.message) message = body.message;
    data = body.data ?? null;
  } catch {
    // Not JSON (a proxy's error page): the status text will do.
  }
  if (response.status === 401 && authStore.getState().authToken) authStore.signOut(MESSAGES.sessionExpired);
  return new ApiError(response.status, message, data);
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include', ...init });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await failure(response);
  return response;
}

/** `attachment; filename*=UTF-8''Orders%202026.csv` or `filename="orders.csv"` → the file's name. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  return name || fallback;
}

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** An answer's body as the file it is, named by its Content-Disposition. */
const fileOf = async (response: Response, fallbackName: string): Promise<DownloadedFile> => ({
  blob: await response.blob(),
  fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
});

const postJson = (path: string, json: unknown) =>
  send(path, {
    method: 'POST',
    headers: headers({ 'Content-Type': 'application/json', Accept: '*/*' }),
    body: JSON.stringify(json),
  });

/** POSTs JSON and takes the answer as a file (with its name from Content-Disposition). */
export async function postForFile(
  path: string,
  json: unknown,
  fallbackName: string,
): Promise<DownloadedFile> {
  return fileOf(await postJson(path, json), fallbackName);
}

/**
 * POSTs JSON and takes the answer as a file, unless the server answers 202 Accepted with an envelope
 * (work it does in the background, such as a large export): then that envelope's data.
 */
export async function postForFileOrAccepted<T>(
  path: string,
  json: unknown,
  fallbackName: string,
): Promise<{ file: DownloadedFile } | { accepted: T }> {
  const response = await postJson(path, json);
  if (response.status === 202) return { accepted: ((await response.json()) as Envelope<T>).data };
  return { file: await fileOf(response, fallbackName) };
}

/** GETs a file (with its name from Content-Disposition). */
export async function getFile(path: string, fallbackName: string): Promise<DownloadedFile> {
  return fileOf(await send(path, { method: 'GET', headers: headers({ Accept: '*/*' }) }), fallbackName);
}

/** Hands a file to the browser's downloads (a temporary link, clicked and removed). */
export function saveFile({ blob, fileName }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
