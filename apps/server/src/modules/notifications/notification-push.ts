import type { NotificationPush } from '../../platform/realtime/hub-publish.ts';

// Every notification is pushed to its reader through PostgreSQL NOTIFY, whose payload must stay
// under 8000 bytes. The stored row and the push carry the same words, so a notice is cut to size
// before it is written: each value to a sane length first, then the two long ones (the sentence and
// the actor's note) halved until the push fits with room for the hub's envelope.

/** What the push itself may take of NOTIFY's 8000 bytes (the envelope adds tenant, user and target). */
export const PUSH_BUDGET_BYTES = 7000;
export const CONTENT_MAX_CHARS = 1000;
export const MESSAGE_MAX_CHARS = 1000;
/** App, step and actor names: 200 characters say who and where. */
export const NAME_MAX_CHARS = 200;

const ELLIPSIS = '…';

/** `text` cut to `max` characters (whole code points: never half an emoji), marked when cut. */
export function truncateText(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  return max <= 0 ? '' : points.slice(0, max - 1).join('') + ELLIPSIS;
}

export interface PushableNotice {
  content: string;
  params: Record<string, string>;
}

/** Every value cut to its length, then the sentence and note shortened until `pushOf` fits the budget. */
export function fitNotice<T extends PushableNotice>(notice: T, pushOf: (notice: T) => NotificationPush): T {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(notice.params)) {
    params[name] = truncateText(value, name === 'message' ? MESSAGE_MAX_CHARS : NAME_MAX_CHARS);
  }
  let fitted: T = { ...notice, content: truncateText(notice.content, CONTENT_MAX_CHARS), params };
  const size = (candidate: T) => Buffer.byteLength(JSON.stringify(pushOf(candidate)), 'utf8');
  while (size(fitted) > PUSH_BUDGET_BYTES) {
    const message = fitted.params.message ?? '';
    const contentLength = Array.from(fitted.content).length;
    const messageLength = Array.from(message).length;
    if (contentLength === 0 && messageLength === 0) break; // the names alone always fit (3 × 200)
    fitted =
      messageLength > contentLength
        ? {
            ...fitted,
            params: { ...fitted.params, message: truncateText(message, Math.floor(messageLength / 2)) },
          }
        : { ...fitted, content: truncateText(fitted.content, Math.floor(contentLength / 2)) };
  }
  return fitted;
}
