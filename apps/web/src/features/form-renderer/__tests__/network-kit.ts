import { vi } from 'vitest';

/** What an upload sent through XMLHttpRequest (the only transport that reports upload progress). */
export interface SentRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  withCredentials: boolean;
}

/**
 * XMLHttpRequest at the network edge: records what is sent, reports upload progress, and answers
 * through the (mocked) global fetch, so uploads and other calls share one table of handlers.
 */
export function stubXhr(): SentRequest[] {
  const sent: SentRequest[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      sent.push({
        method: this.method,
        url: this.url,
        headers: { ...this.headers },
        body,
        withCredentials: this.withCredentials,
      });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
      void fetch(this.url, { method: this.method, headers: this.headers, body: body as BodyInit }).then(
        async (response) => {
          this.status = response.status;
          this.statusText = response.statusText;
          this.responseText = await response.text();
          this.onload?.();
        },
        () => this.onerror?.(),
      );
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

/** A canvas that can be drawn on in jsdom (which has none): strokes are no-ops, the PNG is fixed. */
export const FAKE_PNG = 'data:image/png;base64,iVBORw0KGgo=';
export function stubCanvas() {
  const context = new Proxy({} as Record<string | symbol, unknown>, {
    get: (target, key) => (key in target ? target[key] : () => undefined),
    set: (target, key, value) => {
      target[key] = value;
      return true;
    },
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
    context as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(FAKE_PNG);
}
