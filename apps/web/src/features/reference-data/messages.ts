import { REFERENCE_DATA_MESSAGES, type ReferenceDataMessageKey } from '@formloop/contracts';
import { formatMessage } from '@formloop/domain';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const REFERENCE_DATA_NAMESPACE = 'referenceData';

/**
 * Texts in the reader's language: text(key, params) for this area's own messages, translate(text) for
 * a server or rule message (ours through referenceData:messages, the spec's through the validation
 * namespace, anything else as it came).
 */
export function useReferenceMessages() {
  const { t } = useTranslation(REFERENCE_DATA_NAMESPACE);
  const translate = useAreaMessageTranslator(REFERENCE_DATA_NAMESPACE);
  const text = useCallback(
    (key: ReferenceDataMessageKey, params: Record<string, string | number> = {}) =>
      t(`messages.${key}`, { ...params, defaultValue: formatMessage(REFERENCE_DATA_MESSAGES[key], params) }),
    [t],
  );
  return { text, translate };
}

/**
 * What to tell the user after a failed write: the server's own words when they say why (a rule, a
 * duplicate, something gone), otherwise the generic failure.
 */
export function failureReason(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string {
  if (!isApiError(error) || ![400, 404, 409].includes(error.status)) return fallback;
  const fields = fieldErrorsOf(error);
  if (fields.length > 0) return translate(fields[0]!.message);
  return error.message.trim() ? translate(error) : fallback;
}
