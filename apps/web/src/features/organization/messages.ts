import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

/**
 * A server or client message in the reader's language: this area's own texts through
 * organization:messages, the spec's through the validation namespace, anything else as it came.
 */
export function useOrganizationMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator('organization');
}

/** The text to show for a failed save: the first field message, else the server's, else the fallback. */
export function failureText(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string {
  if (!isApiError(error) || error.status <= 0) return fallback;
  const errors = (error.data as { errors?: Array<{ message?: unknown }> } | null)?.errors;
  const first = Array.isArray(errors) ? errors[0]?.message : undefined;
  if (typeof first === 'string' && first) return translate(first);
  return error.message ? translate(error) : fallback;
}
