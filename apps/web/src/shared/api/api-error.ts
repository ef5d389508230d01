import type { FieldError } from '@formloop/contracts';
import type { Translatable } from '../i18n/translate-message.ts';

/**
 * A failed API call: the HTTP status (0 when the request never got an answer), the server's message
 * and its data. `key` and `params` name the message (ADR 0012): translate by them, not by the text.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;
  readonly key: string | undefined;
  readonly params: Readonly<Record<string, string | number>> | undefined;

  constructor(status: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    const named =
      typeof data === 'object' && data !== null ? (data as { key?: unknown; params?: unknown }) : {};
    this.key = typeof named.key === 'string' ? named.key : undefined;
    this.params =
      typeof named.params === 'object' && named.params !== null
        ? (named.params as Record<string, string | number>)
        : undefined;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** A 400's field messages ({field, message} pairs), for putting them under a form's fields. */
export function fieldErrorsOf(error: unknown): FieldError[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const errors = (error.data as { errors?: unknown }).errors;
  return Array.isArray(errors) ? (errors as FieldError[]) : [];
}

/**
 * The toast text of a failed action: the server's reason when it gave one (translated), else the
 * action's fallback (a 500's generic text says less than it). Null when the user has already been
 * told: a broken connection or a timeout (the HTTP client toasts those), or a 401 (signed out).
 */
export function actionFailureText(
  error: unknown,
  translate: (message: Translatable) => string,
  fallback: string,
): string | null {
  if (!isApiError(error)) return fallback;
  if (error.status === 0 || error.status === 504 || error.status === 401) return null;
  if (error.status >= 500 || !error.message.trim()) return fallback;
  return translate(error);
}
