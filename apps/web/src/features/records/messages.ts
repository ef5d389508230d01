import { RECORD_IMPORT_MESSAGES, RECORDS_MESSAGES } from '@formloop/contracts';
import { createMessageMatcher, MESSAGES } from '@formloop/domain';
import { useCallback } from 'react';
import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator } from '../../shared/i18n/translate-message.ts';

const matchRecords = createMessageMatcher(RECORDS_MESSAGES);
const matchImport = createMessageMatcher(RECORD_IMPORT_MESSAGES);

/**
 * A server or client message in the reader's language: the records texts through records:errors,
 * the import's through records:importErrors, the spec's through the validation namespace, anything
 * else as it came.
 */
export function useRecordsMessage(): (text: string) => string {
  const records = useAreaMessageTranslator('records', 'errors', matchRecords);
  const imports = useAreaMessageTranslator('records', 'importErrors', matchImport);
  return useCallback(
    (text: string) => (matchImport(text) ? imports(text) : records(text)),
    [records, imports],
  );
}

/** The text for a failed call: the first field message, else the server's, else the fallback. */
export function failureText(error: unknown, translate: (text: string) => string, fallback: string): string {
  if (!isApiError(error) || error.status <= 0) return translate(fallback);
  const errors = (error.data as { errors?: Array<{ message?: unknown }> } | null)?.errors;
  const first = Array.isArray(errors) ? errors[0]?.message : undefined;
  if (typeof first === 'string' && first) return translate(first);
  // A 500's generic text says less than the spec's own default for the action.
  if (error.status >= 500 || !error.message) return translate(fallback);
  return translate(error.message);
}

/** Spec §8 'Error deleting entry', unless the server said why. */
export const DELETE_FAILED = MESSAGES.deleteFailed;
