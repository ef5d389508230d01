import { fieldErrorsOf, isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const SSO_NAMESPACE = 'sso';

/**
 * A server or client message in the reader's language: this area's own texts (SSO_MESSAGES) through
 * sso:messages with their placeholders, the spec's through the validation namespace, anything else as
 * it came.
 */
export function useSsoMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator(SSO_NAMESPACE);
}

/**
 * What a failed save or test says: the server's reason, or (for field messages the form cannot place)
 * the first field message; a 500, a broken connection or a message-less answer gets the fallback.
 */
export function failureText(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string {
  if (!isApiError(error) || error.status <= 0 || error.status >= 500) return fallback;
  const first = fieldErrorsOf(error)[0]?.message;
  if (first) return translate(first);
  return error.message.trim() ? translate(error) : fallback;
}
