// Report exports answer a file, not an envelope, so they go through fetch here with the same token,
// cookies and failures (ApiError, a 401 signs out) as shared/api/http.ts. The record list has the
// same helper (records/lib/raw-request.ts), but a feature may not reach into another's internals;
// moving both into shared/ is the follow-up.
import type { Envelope } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { ApiError } from '../../../shared/api/api-error.ts';
import { authStore } from '../../../shared/auth/auth-store.ts';

export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** `attachment; filename*=UTF-8''Sales%202026.pdf` or `filename="sales.pdf"` → the file's name. */
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

/** POSTs JSON and takes the answer as a file (named by its Content-Disposition). */
export async function postForFile(
  path: string,
  json: unknown,
  fallbackName: string,
): Promise<DownloadedFile> {
  const token = authStore.getState().authToken;
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': 'application/json',
        Accept: '*/*',
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(json),
    });
  } catch (error) {
    throw new ApiError(0, error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await failure(response);
  return {
    blob: await response.blob(),
    fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName),
  };
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
