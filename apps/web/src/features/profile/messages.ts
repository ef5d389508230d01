import { PROFILE_MESSAGES, type FieldError, type ProfileMessageKey } from '@formloop/contracts';
import type { FormInstance } from 'antd/es/form';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/api-error.ts';
import { useMessageTranslator } from '../../shared/i18n/translate-message.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Profile texts the server sends, matched back to their keys; {count} and the like become groups.
const MATCHERS = (Object.keys(PROFILE_MESSAGES) as ProfileMessageKey[]).map((key) => {
  const names: string[] = [];
  const source = PROFILE_MESSAGES[key]
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name === undefined) return escape(part);
      names.push(name);
      return '(.+)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * Shows a server or client message in the reader's language: the spec's messages through the
 * validation namespace, the profile's own through profile:messages, anything else as it came.
 */
export function useProfileMessage(): (text: string) => string {
  const { t } = useTranslation('profile');
  const translate = useMessageTranslator();
  return useCallback(
    (text: string) => {
      for (const { key, names, pattern } of MATCHERS) {
        const match = pattern.exec(text);
        if (!match) continue;
        const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
        return t(`messages.${key}`, { ...params, defaultValue: text });
      }
      return translate(text);
    },
    [t, translate],
  );
}

function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const errors = (error.data as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors as FieldError[]) : [];
}

/**
 * Puts a 400's field messages under the matching form fields ('answers.0.answer' → ['answers', 0,
 * 'answer']). Returns whether any landed, so the caller can fall back to a toast.
 */
export function showFieldErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  translate: (text: string) => string,
  known: readonly string[],
): boolean {
  const landed = fieldErrorsOf(error).filter((entry) => known.includes(entry.field.split('.')[0] ?? ''));
  if (landed.length === 0) return false;
  form.setFields(
    landed.map((entry) => ({
      name: entry.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [translate(entry.message)],
    })) as Parameters<FormInstance<T>['setFields']>[0],
  );
  return true;
}

/** The text to toast for a failed call: the server's message translated, or the fallback. */
export function failureText(error: unknown, translate: (text: string) => string, fallback: string): string {
  return isApiError(error) && error.status > 0 && error.message ? translate(error.message) : fallback;
}
