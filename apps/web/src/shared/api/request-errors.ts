/**
 * Failures the user should hear about even when no page handles them (spec §8): a timed-out call
 * ('Request timeout'), a connection that broke off (its own message) and failed queries. The HTTP
 * client and the query cache report here; the app shows them as toasts. Shared code never imports
 * features or antd's toast machinery, so this is a plain listener list.
 */
export interface RequestErrorNotice {
  /** The English text (a spec message or the browser's own words); the listener translates it. */
  message: string;
  /** The message's key and params when the server named them (ADR 0012): translated by key. */
  key?: string | undefined;
  params?: Readonly<Record<string, string | number>> | undefined;
  /** How long the toast stays, in seconds; absent means until clicked (spec §8). */
  duration?: number;
}

type Listener = (notice: RequestErrorNotice) => void;

const listeners = new Set<Listener>();
// The toasts load after the first page; a failure before then waits here instead of going unseen.
let waiting: RequestErrorNotice[] = [];
const WAITING_LIMIT = 20;

export function reportRequestError(notice: RequestErrorNotice): void {
  if (listeners.size === 0) {
    if (waiting.length < WAITING_LIMIT) waiting.push(notice);
    return;
  }
  listeners.forEach((listener) => listener(notice));
}

/** Listens for failures; the first listener also gets those reported before anyone listened. */
export function onRequestError(listener: Listener): () => void {
  listeners.add(listener);
  const earlier = waiting;
  waiting = [];
  earlier.forEach((notice) => listener(notice));
  return () => {
    listeners.delete(listener);
  };
}
