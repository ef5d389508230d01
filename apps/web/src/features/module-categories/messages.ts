import {
  MODULE_CATEGORY_MESSAGES,
  type FieldError,
  type ModuleCategoryMessageKey,
} from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useMessageTranslator } from '../../shared/i18n/translate-message.ts';

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

const OWN_BY_TEXT = new Map(
  (Object.keys(MODULE_CATEGORY_MESSAGES) as ModuleCategoryMessageKey[]).map((key) => [
    MODULE_CATEGORY_MESSAGES[key] as string,
    key,
  ]),
);

/**
 * Texts in the reader's language: group(key) for the spec's group messages, translate(text) for a
 * server or rule message (this area's own through moduleCategories:errors, the spec's through the
 * validation namespace, anything else as it came).
 */
export function useGroupMessages() {
  const { t } = useTranslation(MODULE_CATEGORIES_NAMESPACE);
  const translateSpec = useMessageTranslator();
  const group = useCallback(
    (key: GroupMessageKey) => t(`messages.${key}`, { defaultValue: MESSAGES[key] }),
    [t],
  );
  const translate = useCallback(
    (text: string) => {
      const own = OWN_BY_TEXT.get(text);
      return own ? t(`errors.${own}`, { defaultValue: text }) : translateSpec(text);
    },
    [t, translateSpec],
  );
  return { group, translate };
}

/** A 400's field messages, for putting them under the form's fields. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const errors = (error.data as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors as FieldError[]) : [];
}

/** A conflict or not-found message the server words for people; otherwise the fallback is clearer. */
export function serverReason(error: unknown): string | null {
  if (!isApiError(error) || (error.status !== 409 && error.status !== 404)) return null;
  return error.message.trim() || null;
}
