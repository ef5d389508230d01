import { REPORT_MESSAGES, type ReportMessageKey } from '@formloop/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const REPORTS_NAMESPACE = 'reports';

/**
 * Texts in the reader's language: text(key) for this area's own messages, translate(text) for a
 * server or rule message (ours through reports:messages, the records' and the spec's through theirs).
 */
export function useReportMessages() {
  const { t } = useTranslation(REPORTS_NAMESPACE);
  const translate = useAreaMessageTranslator(REPORTS_NAMESPACE);
  const text = useCallback(
    (key: ReportMessageKey) => t(`messages.${key}`, { defaultValue: REPORT_MESSAGES[key] }),
    [t],
  );
  return { text, translate };
}

/**
 * What to tell the user after a failed call: the server's own words when they say why (a rule, a
 * duplicate, something gone, a timeout), translated by key; otherwise the generic failure.
 */
export function failureReason(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string {
  if (!isApiError(error) || ![400, 403, 404, 409, 503].includes(error.status)) return fallback;
  const fields = fieldErrorsOf(error);
  if (fields.length > 0) return fields.map((entry) => translate(entry)).join(' ');
  return error.message.trim() ? translate(error) : fallback;
}
