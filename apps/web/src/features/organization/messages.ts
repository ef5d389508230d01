import { ORGANIZATION_MESSAGES, type OrganizationMessageKey } from '@formloop/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useMessageTranslator } from '../../shared/i18n/translate-message.ts';

const KEY_BY_TEXT = new Map(
  (Object.keys(ORGANIZATION_MESSAGES) as OrganizationMessageKey[]).map((key) => [
    ORGANIZATION_MESSAGES[key] as string,
    key,
  ]),
);

/**
 * A server or client message in the reader's language: this area's own texts through
 * organization:messages, the spec's through the validation namespace, anything else as it came.
 */
export function useOrganizationMessage(): (text: string) => string {
  const { t } = useTranslation('organization');
  const translate = useMessageTranslator();
  return useCallback(
    (text: string) => {
      const key = KEY_BY_TEXT.get(text);
      return key ? t(`messages.${key}`, { defaultValue: text }) : translate(text);
    },
    [t, translate],
  );
}

/** The text to show for a failed save: the first field message, else the server's, else the fallback. */
export function failureText(error: unknown, translate: (text: string) => string, fallback: string): string {
  if (!isApiError(error) || error.status <= 0) return fallback;
  const errors = (error.data as { errors?: Array<{ message?: unknown }> } | null)?.errors;
  const first = Array.isArray(errors) ? errors[0]?.message : undefined;
  if (typeof first === 'string' && first) return translate(first);
  return error.message ? translate(error.message) : fallback;
}
