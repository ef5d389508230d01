import { msg, renderMessage, type ErrorCode, type MessageParams, type MessageRef } from '@formloop/contracts';

/** One field's problem as the server answers it: the field, the English text, and its key and params. */
export interface KeyedFieldError {
  field: string;
  message: string;
  key: string;
  params: MessageParams;
}

/** A field's problem from a message reference (the English is rendered from the key's template). */
export const fieldError = (field: string, ref: MessageRef): KeyedFieldError => ({
  field,
  message: renderMessage(ref),
  key: ref.key,
  params: ref.params,
});

/**
 * A failure the caller can act on: it maps to one HTTP status, names its message by key (ADR 0012)
 * and keeps the English text, rendered from the key's template, as its message.
 */
export class AppError extends Error {
  readonly key: string;
  readonly params: MessageParams;

  constructor(
    public readonly statusCode: number,
    public readonly code: ErrorCode,
    ref: MessageRef,
    public readonly errors?: KeyedFieldError[],
    /** The English as answered when it is not the key's own text (a 400 naming its field, as zod's do). */
    message?: string,
  ) {
    super(message ?? renderMessage(ref));
    this.name = 'AppError';
    this.key = ref.key;
    this.params = ref.params;
  }
}

export const badRequest = (ref: MessageRef, errors?: KeyedFieldError[]) =>
  new AppError(400, 'VALIDATION_FAILED', ref, errors);
/** A 400 about one field: the answer's message is the field's message. */
export const badField = (field: string, ref: MessageRef) => badRequest(ref, [fieldError(field, ref)]);
export const unauthenticated = (ref: MessageRef = msg('server.unauthenticated')) =>
  new AppError(401, 'UNAUTHENTICATED', ref);
export const forbidden = (ref: MessageRef = msg('validation.forbidden')) =>
  new AppError(403, 'FORBIDDEN', ref);
export const notFound = (ref: MessageRef = msg('server.notFound')) => new AppError(404, 'NOT_FOUND', ref);
export const conflict = (ref: MessageRef) => new AppError(409, 'CONFLICT', ref);
