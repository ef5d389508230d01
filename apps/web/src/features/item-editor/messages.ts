import { COMMENT_MAX_LENGTH, RECORDS_MESSAGES } from '@formloop/contracts';
import { isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

export const ITEM_EDITOR_NAMESPACE = 'itemEditor';

/**
 * A server or rule message in the reader's language: RECORDS_MESSAGES through itemEditor:server.<key>,
 * the spec's own messages through the validation namespace, anything else as it came.
 */
export function useServerMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator(ITEM_EDITOR_NAMESPACE);
}

/**
 * The toast text of a failed call, or null when the HTTP client already told the user (a broken
 * connection, a timeout) or the session ended (401 signs out with its own message).
 */
export function failureText(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string | null {
  if (isApiError(error)) {
    if (error.status === 0 || error.status === 504 || error.status === 401) return null;
    return error.message.trim() ? translate(error) : fallback;
  }
  return fallback;
}

/**
 * A 400's field messages as the renderer takes them: field name or table cell key → message. The
 * contract's envelope sends [{field, message}]; a plain {field: message} object is read as well.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.status !== 400) return {};
  const data = error.data;
  if (typeof data !== 'object' || data === null) return {};
  const errors = (data as { errors?: unknown }).errors;
  const result: Record<string, string> = {};
  if (Array.isArray(errors)) {
    for (const entry of errors) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { field, message } = entry as { field?: unknown; message?: unknown };
      if (typeof field === 'string' && typeof message === 'string') result[field] = message;
    }
  } else if (typeof errors === 'object' && errors !== null) {
    for (const [field, message] of Object.entries(errors)) {
      if (typeof message === 'string') result[field] = message;
    }
  }
  return result;
}

/** The entry changed on the server since it was loaded (save with an older expectedModifiedOn). */
export const isStale = (error: unknown): boolean => isApiError(error) && error.status === 409;

/** The comment rules of sendCommentBodySchema, as English contract texts (translated when shown). */
export function checkComment(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return RECORDS_MESSAGES.commentRequired;
  if (trimmed.length > COMMENT_MAX_LENGTH) return RECORDS_MESSAGES.commentTooLong;
  return null;
}
