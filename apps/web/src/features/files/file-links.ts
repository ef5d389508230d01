import { fileUrl } from '@formloop/contracts';
import { useCallback } from 'react';
import { useAuth } from '../../shared/auth/auth-store.ts';

/** Where a stored file's page is (spec §2 /permalink/file): a link people can share inside the tenant. */
export const filePermalink = (key: string): string => `/permalink/file?key=${encodeURIComponent(key)}`;

/** The permalink as an absolute address, for the clipboard. */
export const absoluteFilePermalink = (key: string): string =>
  `${window.location.origin}${filePermalink(key)}`;

export interface FileHrefOptions {
  /** Ask the server to send the file as an attachment (its Content-Disposition) instead of inline. */
  download?: boolean;
}

/**
 * The address of a stored file's bytes with the access token in it: <img src> and plain links send
 * no Authorization header, so GetFile also takes x-token (spec §7). A file with neither url nor key
 * (the form editor's preview keeps files in the page) has no address: ''.
 */
export function fileHref(
  file: { url?: string; fileKey?: string },
  token: string | null,
  options: FileHrefOptions = {},
): string {
  const base = file.url || (file.fileKey ? fileUrl(file.fileKey) : '');
  if (!base) return '';
  const params = new URLSearchParams();
  if (token) params.set('x-token', token);
  if (options.download) params.set('download', '1');
  const extra = params.toString();
  return extra ? `${base}${base.includes('?') ? '&' : '?'}${extra}` : base;
}

/** fileHref bound to the signed-in user's current token (it changes on refresh: links follow). */
export function useFileHref() {
  const { authToken } = useAuth();
  return useCallback(
    (file: { url?: string; fileKey?: string }, options?: FileHrefOptions) =>
      fileHref(file, authToken, options),
    [authToken],
  );
}
