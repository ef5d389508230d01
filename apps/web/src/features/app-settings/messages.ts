import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const APP_SETTINGS_NAMESPACE = 'appSettings';

/**
 * A server or rule message in the reader's language: this area's own through appSettings:server,
 * the spec's through the validation namespace, anything else as it came.
 */
export function useAppSettingsMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator(APP_SETTINGS_NAMESPACE);
}

/** The text a failure toast shows: the server's message translated, or the fallback when it said nothing. */
export function failureText(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string {
  if (isApiError(error) && error.status !== 0 && error.status !== 504 && error.message.trim()) {
    return translate(error);
  }
  return fallback;
}
