import { TEAM_MESSAGES, type FieldError, type TeamMessageKey } from '@formloop/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useMessageTranslator } from '../../shared/i18n/translate-message.ts';

export const TEAMS_NAMESPACE = 'teams';

const OWN_BY_TEXT = new Map(
  (Object.keys(TEAM_MESSAGES) as TeamMessageKey[]).map((key) => [TEAM_MESSAGES[key] as string, key]),
);

/**
 * Texts in the reader's language: text(key) for this area's own messages, translate(text) for a
 * server or rule message (ours through teams:messages, the spec's through the validation
 * namespace, anything else as it came).
 */
export function useTeamMessages() {
  const { t } = useTranslation(TEAMS_NAMESPACE);
  const translateSpec = useMessageTranslator();
  const text = useCallback(
    (key: TeamMessageKey) => t(`messages.${key}`, { defaultValue: TEAM_MESSAGES[key] }),
    [t],
  );
  const translate = useCallback(
    (message: string) => {
      const own = OWN_BY_TEXT.get(message);
      return own ? text(own) : translateSpec(message);
    },
    [text, translateSpec],
  );
  return { text, translate };
}

/** A 400's field messages, for putting them under the form's fields. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const errors = (error.data as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors as FieldError[]) : [];
}

/**
 * What to tell the user after a failed write: the server's own words when they say why (a rule,
 * a duplicate, something gone), otherwise the generic failure.
 */
export function failureReason(error: unknown, translate: (text: string) => string, fallback: string): string {
  if (!isApiError(error) || ![400, 404, 409].includes(error.status)) return fallback;
  const fields = fieldErrorsOf(error);
  if (fields.length > 0) return fields.map((entry) => translate(entry.message)).join(' ');
  return error.message.trim() ? translate(error.message) : fallback;
}
