// What the hub sends on 'ReceiveNotification' (spec §4 "Server push"): one argument with the
// notice's content, the module (app) and record it is about, its stored notification's id, and the
// type and values the web app words it with (server: platform/realtime/hub-publish.ts).

import type { NotificationPush } from '@formloop/contracts';

export { NOTIFICATION_TARGET, type NotificationPush } from '@formloop/contracts';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const id = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null;

function stringParams(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * Reads a pushed argument defensively (it crossed the network): missing or mistyped fields become
 * empty ones. Something that is not an object, or has neither content nor type, is no notice: null.
 */
export function toNotificationPush(value: unknown): NotificationPush | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const push: NotificationPush = {
    content: text(raw.content),
    moduleId: id(raw.moduleId),
    recordId: id(raw.recordId),
    notificationId: id(raw.notificationId),
    type: text(raw.type),
    params: stringParams(raw.params),
  };
  return push.content.trim() === '' && push.type.trim() === '' ? null : push;
}
