// File answers (report exports) in front of the JSON fetch mock, and the downloads they make.
import { vi } from 'vitest';

export interface FileCall {
  url: string;
  body: Record<string, unknown>;
}

/**
 * Answers POSTs to `paths` with a file named by Content-Disposition (`<name>.<format>`), or with
 * `failWith` when given; other calls go to the JSON mock installed before. Returns the calls.
 */
export function mockFiles(
  paths: readonly string[],
  name: string,
  failWith?: { status: number; message: string },
) {
  const inner = globalThis.fetch;
  const calls: FileCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    if (!paths.includes(input)) return inner(input, init);
    const body = JSON.parse(String(init.body)) as Record<string, unknown>;
    calls.push({ url: input, body });
    if (failWith) {
      return new Response(JSON.stringify({ success: false, message: failWith.message, data: null }), {
        status: failWith.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    const file = `${name}.${String(body.format)}`;
    return new Response('file', {
      headers: {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename="report.bin"; filename*=UTF-8''${encodeURIComponent(file)}`,
      },
    });
  });
  return calls;
}

/** Lends jsdom object URLs and records the names of the files handed to the browser. */
export function captureDownloads() {
  Object.defineProperty(URL, 'createObjectURL', { value: vi.fn(() => 'blob:report'), configurable: true });
  Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  return downloads;
}

export function releaseDownloads() {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
}
