import { MESSAGES } from '@formloop/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator } from '../../shared/i18n/translate-message.ts';

export const MODULE_CATEGORIES_NAMESPACE = 'moduleCategories';

/** The spec §8 group messages this page shows (English texts are MESSAGES.<key>). */
export const GROUP_MESSAGE_KEYS = [
  'groupSaved',
  'groupSaveFailed',
  'groupDeleted',
  'groupDeleteFailed',
  'groupOrderSaved',
  'groupOrderFailed',
] as const;
export type GroupMessageKey = (typeof GROUP_MESSAGE_KEYS)[number];

/**
 * Texts in the reader's language: group(key) for the spec's group messages, translate(text) for a
 * server or rule message (this area's own through moduleCategories:errors, the spec's through the
 * validation namespace, anything else as it came).
 */
export function useGroupMessages() {
  const { t } = useTranslation(MODULE_CATEGORIES_NAMESPACE);
  const translate = useAreaMessageTranslator(MODULE_CATEGORIES_NAMESPACE);
  const group = useCallback(
    (key: GroupMessageKey) => t(`messages.${key}`, { defaultValue: MESSAGES[key] }),
    [t],
  );
  return { group, translate };
}

/** A conflict or not-found message the server words for people; otherwise the fallback is clearer. */
export function serverReason(error: unknown): string | null {
  if (!isApiError(error) || (error.status !== 409 && error.status !== 404)) return null;
  return error.message.trim() || null;
}
