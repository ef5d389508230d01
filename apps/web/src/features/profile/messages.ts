import type { FormInstance } from 'antd/es/form';
import { fieldErrorsOf, isApiError } from '../../shared/api/api-error.ts';
import { useAreaMessageTranslator, type Translatable } from '../../shared/i18n/translate-message.ts';

/**
 * Shows a server or client message in the reader's language: the spec's messages through the
 * validation namespace, the profile's own through profile:messages, anything else as it came.
 */
export function useProfileMessage(): (message: Translatable) => string {
  return useAreaMessageTranslator('profile');
}

/**
 * Puts a 400's field messages under the matching form fields ('answers.0.answer' → ['answers', 0,
 * 'answer']). Returns whether any landed, so the caller can fall back to a toast.
 */
export function showFieldErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  translate: (message: Translatable) => string,
  known: readonly string[],
): boolean {
  const landed = fieldErrorsOf(error).filter((entry) => known.includes(entry.field.split('.')[0] ?? ''));
  if (landed.length === 0) return false;
  form.setFields(
    landed.map((entry) => ({
      name: entry.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [translate(entry)],
    })) as Parameters<FormInstance<T>['setFields']>[0],
  );
  return true;
}

/** The text to toast for a failed call: the server's message translated, or the fallback. */
export function failureText(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string {
  return isApiError(error) && error.status > 0 && error.message ? translate(error) : fallback;
}
