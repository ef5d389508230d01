import { MESSAGES } from '@formloop/domain';
import { useCallback } from 'react';
import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const APPLICATIONS_NAMESPACE = 'applications';

/**
 * A server or rule message in the reader's language: this area's own (APPS_MESSAGES) through
 * applications:errors, the spec's through the validation namespace, anything else as it came.
 */
export function useAppsMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator(APPLICATIONS_NAMESPACE);
}

/**
 * The text of a failed write. Without a fallback: the server's message whatever it was (spec §8
 * "Create app failure: the server message"), else 'Failed to process query.'. With one (a spec text
 * such as 'Error deleting entry'): the server's words only when they say why (a 4xx), else the fallback.
 */
export function useFailureText(): (error: unknown, fallback?: string) => string {
  const translate = useAppsMessage();
  return useCallback(
    (error: unknown, fallback?: string) => {
      const status = isApiError(error) ? error.status : 0;
      const message = isApiError(error) && status !== 0 ? error.message.trim() : '';
      if (fallback === undefined) return translate(message || MESSAGES.queryFailed);
      return translate(status >= 400 && status < 500 && message ? message : fallback);
    },
    [translate],
  );
}
