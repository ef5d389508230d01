import { TEAM_MESSAGES, type TeamMessageKey } from '@formloop/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const TEAMS_NAMESPACE = 'teams';

/**
 * Texts in the reader's language: text(key) for this area's own messages, translate(text) for a
 * server or rule message (ours through teams:messages, the spec's through the validation
 * namespace, anything else as it came).
 */
export function useTeamMessages() {
  const { t } = useTranslation(TEAMS_NAMESPACE);
  const translate = useAreaMessageTranslator(TEAMS_NAMESPACE);
  const text = useCallback(
    (key: TeamMessageKey) => t(`messages.${key}`, { defaultValue: TEAM_MESSAGES[key] }),
    [t],
  );
  return { text, translate };
}

/**
 * What to tell the user after a failed write: the server's own words when they say why (a rule,
 * a duplicate, something gone), otherwise the generic failure.
 */
export function failureReason(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string {
  if (!isApiError(error) || ![400, 404, 409].includes(error.status)) return fallback;
  const fields = fieldErrorsOf(error);
  if (fields.length > 0) return fields.map((entry) => translate(entry)).join(' ');
  return error.message.trim() ? translate(error) : fallback;
}
