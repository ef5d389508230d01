import { isInlineType, isTextType } from './file-types.ts';
import type { StoredFileRow } from './files.repository.ts';

// How a stored file is served. Its type is the one sniffed at upload; the browser must not guess
// another (nosniff), and whatever it renders runs in a sandbox with no scripts and no origin
// (CSP sandbox), so even a file that slipped through cannot act as our site.

/** An RFC 6266 / 5987 Content-Disposition: an ASCII fallback name and the exact UTF-8 one. */
export function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

export function fileResponseHeaders(row: StoredFileRow, download: boolean): Record<string, string> {
  const inline = !download && isInlineType(row.contentType);
  return {
    'content-type': isTextType(row.contentType) ? `${row.contentType}; charset=utf-8` : row.contentType,
    'content-length': String(row.sizeBytes),
    'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', row.fileName),
    'x-content-type-options': 'nosniff',
    'content-security-policy': 'sandbox',
    // The bytes under a key never change; only the caller's browser may keep them.
    'cache-control': 'private, max-age=3600',
  };
}
