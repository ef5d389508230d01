import { MESSAGES } from '@formloop/domain';
import { fieldErrorsOf, isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

/**
 * A server or client message in the reader's language: the records texts through records:errors,
 * the import's through records:importErrors, the spec's through the validation namespace, anything
 * else as it came.
 */
export function useRecordsMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator('records');
}

/** The text for a failed call: the first field message, else the server's, else the fallback. */
export function failureText(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string {
  if (!isApiError(error) || error.status <= 0) return translate(fallback);
  const [first] = fieldErrorsOf(error);
  if (first?.message) return translate(first);
  // A 500's generic text says less than the spec's own default for the action.
  if (error.status >= 500 || !error.message) return translate(fallback);
  return translate(error);
}

/** Spec §8 'Error deleting entry', unless the server said why. */
export const DELETE_FAILED = MESSAGES.deleteFailed;
