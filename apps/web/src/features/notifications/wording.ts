// How a notification reads in the reader's language (spec §3 Notification, §4 server push): the
// server stores the type (notification_type_name) and the values of the event (notification_params:
// app, step, actor, message); each known type has a sentence in the notifications namespace
// (texts.<type>) and a short label (kinds.<type>). The stored notification_content, written in the
// server's language when the event happened, is what shows when a type is unknown or lacks a value.
import type { Notification } from '@formloop/contracts';
import type { NotificationTypeName } from '@formloop/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export const NOTIFICATIONS_NAMESPACE = 'notifications';

/**
 * The values each type's sentence needs (the {{placeholders}} of texts.<type> in every language;
 * a test holds the locale files to this table). A notification lacking one falls back to its content,
 * except the actor: an event nobody caused (a job moving the workflow on) has none, and reads
 * 'Someone' in the reader's language, as the server's content does in English.
 */
export const NOTIFICATION_TYPE_PARAMS = {
  assigned: ['app', 'step'],
  approve: ['actor', 'app', 'step'],
  rejected: ['actor', 'app', 'step'],
  sendback: ['actor', 'app', 'step'],
  restart: ['actor', 'app'],
  completed: ['app'],
  comment: ['actor', 'app'],
  reassign: ['actor', 'app', 'step'],
  exportready: ['app'],
  exportfailed: ['app'],
} as const satisfies Record<NotificationTypeName, readonly string[]>;

export type NotificationType = keyof typeof NOTIFICATION_TYPE_PARAMS;

/** The known type a type name stands for ('Restart', ' restart ' → 'restart'), or null. */
export function notificationType(typeName: string | null | undefined): NotificationType | null {
  const name = (typeName ?? '').trim().toLowerCase();
  return Object.hasOwn(NOTIFICATION_TYPE_PARAMS, name) ? (name as NotificationType) : null;
}

export interface NotificationWording {
  /** A key of the notifications namespace. */
  key: `texts.${NotificationType}`;
  values: Record<string, string>;
}

const given = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/**
 * The translation key and values for a type and its params, or null when the content must show
 * instead. `someone` stands in for a missing actor.
 */
export function notificationWording(
  typeName: string | null | undefined,
  params: Readonly<Record<string, string>> | null | undefined,
  someone: string,
): NotificationWording | null {
  const type = notificationType(typeName);
  if (!type) return null;
  const values: Record<string, string> = {};
  for (const name of NOTIFICATION_TYPE_PARAMS[type]) {
    const value = given(params?.[name]) ?? (name === 'actor' ? someone : null);
    if (value === null) return null;
    values[name] = value;
  }
  return { key: `texts.${type}`, values };
}

/** What a notification's label and sentence are made of: a stored notification or a pushed one. */
export interface NotificationFacts {
  type: string | null | undefined;
  params: Readonly<Record<string, string>> | null | undefined;
  content: string;
}

export const factsOf = (notification: Notification): NotificationFacts => ({
  type: notification.notification_type_name,
  params: notification.notification_params,
  content: notification.notification_content,
});

/**
 * Words notifications in the UI language: `text` is the sentence (falling back to the content),
 * `kind` the type's short label (a generic one for unknown types).
 */
export function useNotificationWords() {
  const { t } = useTranslation(NOTIFICATIONS_NAMESPACE);
  const text = useCallback(
    (facts: NotificationFacts): string => {
      const wording = notificationWording(facts.type, facts.params, t('someone'));
      return wording ? t(wording.key, wording.values) : facts.content;
    },
    [t],
  );
  const kind = useCallback(
    (type: string | null | undefined): string => {
      const known = notificationType(type);
      return known ? t(`kinds.${known}`) : t('kinds.other');
    },
    [t],
  );
  return { text, kind };
}
