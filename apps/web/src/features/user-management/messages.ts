import { USER_KIND_LABELS, USERS_MESSAGES, type UsersMessageKey } from '@formloop/contracts';
import { isUserKind, type UserKind } from '@formloop/domain';
import type { FormInstance } from 'antd/es/form';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, isApiError } from '../../shared/api/api-error.ts';
import { keyOfUnkeyedText } from '../../shared/i18n/unkeyed-texts.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const USER_MANAGEMENT_NAMESPACE = 'userManagement';

const KIND_BY_LABEL = new Map(
  (Object.keys(USER_KIND_LABELS) as UserKind[]).map((kind) => [USER_KIND_LABELS[kind], kind]),
);

/** Which of this area's messages a failed call names, if any. */
export function usersMessageKey(error: unknown): UsersMessageKey | null {
  if (!isApiError(error)) return null;
  const key = error.key ?? keyOfUnkeyedText(error.message)?.key;
  if (!key?.startsWith('users.')) return null;
  const name = key.slice('users.'.length);
  return Object.hasOwn(USERS_MESSAGES, name) ? (name as UsersMessageKey) : null;
}

/** The reader's name of a licence kind. */
export function useKindName(): (kind: UserKind) => string {
  const { t } = useTranslation(USER_MANAGEMENT_NAMESPACE);
  return useCallback((kind: UserKind) => t(`kinds.${kind}`, { defaultValue: USER_KIND_LABELS[kind] }), [t]);
}

/**
 * A server or form-rule message in the reader's language: this area's own through
 * userManagement:messages (the licence named in a seat message translated too), the spec's
 * through the validation namespace, anything else as it came.
 */
export function useUsersMessage(): (message: Translatable) => string {
  const kindName = useKindName();
  // A seat message names the licence in English; say it in the reader's language.
  const translateLicence = useCallback(
    (params: Record<string, string | number>) => {
      const kind = params.licence === undefined ? undefined : KIND_BY_LABEL.get(String(params.licence));
      return kind && isUserKind(kind) ? { ...params, licence: kindName(kind) } : params;
    },
    [kindName],
  );
  return useAreaMessageTranslator(USER_MANAGEMENT_NAMESPACE, translateLicence);
}

/**
 * Puts a 400's field messages under the form's fields; returns whether any landed, so the caller
 * falls back to a toast otherwise.
 */
export function showFieldErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  translate: (message: Translatable) => string,
  known: readonly string[],
): boolean {
  const landed = fieldErrorsOf(error).filter((entry) => known.includes(entry.field));
  if (landed.length === 0) return false;
  form.setFields(landed.map((entry) => ({ name: entry.field as never, errors: [translate(entry)] })));
  return true;
}

/** The server's words for a failure when it gave any, else the fallback; translated either way. */
export function failureText(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string {
  const message = isApiError(error) ? error.message.trim() : '';
  // A 400 lists "field: message" pairs meant for the form, and a dropped connection says nothing useful.
  if (message === '' || (isApiError(error) && (error.status === 0 || fieldErrorsOf(error).length > 0))) {
    return fallback;
  }
  return translate(message);
}
