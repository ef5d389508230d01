import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { msg, renderMessage, type ErrorCode, type MessageRef } from '@formloop/contracts';
import { AppError, type KeyedFieldError } from './errors.ts';
import { refOfText } from './message-text.ts';

/** The error envelope (ADR 0012): the English message, and in data the code, the message key and params. */
export const errorReply = (
  code: ErrorCode,
  ref: MessageRef,
  errors?: KeyedFieldError[],
  message?: string,
) => ({
  success: false as const,
  message: message ?? renderMessage(ref),
  data: { code, key: ref.key, params: ref.params, ...(errors ? { errors } : {}) },
});

const fieldName = (path: ReadonlyArray<PropertyKey>, scope: string) =>
  path.length ? path.map(String).join('.') : scope;

type IssueParams = Record<string, unknown> & { params?: { key?: unknown; params?: unknown } };

/** zod's own rules (no catalogue message) by issue code, with the parameters a translation needs. */
function builtInRef(keyword: string, params: IssueParams): MessageRef {
  const text = (value: unknown) => (typeof value === 'number' ? value : String(value ?? ''));
  switch (keyword) {
    case 'invalid_type':
      return msg('server.invalidType', { expected: text(params.expected) });
    case 'too_small':
      return msg('server.tooSmall', { minimum: text(params.minimum) });
    case 'too_big':
      return msg('server.tooBig', { maximum: text(params.maximum) });
    case 'invalid_format':
      return msg('server.invalidFormat');
    case 'invalid_value':
      return msg('server.invalidValue');
    case 'unrecognized_keys':
      return msg('server.unrecognizedKeys', {
        keys: Array.isArray(params.keys) ? params.keys.join(', ') : '',
      });
    default:
      return msg('server.invalid');
  }
}

/**
 * The key of a zod issue: a custom issue may carry it (`params: { key, params }`, zod 4 custom
 * error params); a catalogue text is looked up (message-text.ts); anything else is zod's own rule.
 */
function issueRef(keyword: string, message: string, params: IssueParams): MessageRef {
  const carried = params.params;
  if (carried && typeof carried.key === 'string') {
    return { key: carried.key as MessageRef['key'], params: (carried.params ?? {}) as MessageRef['params'] };
  }
  return refOfText(message) ?? builtInRef(keyword, params);
}

/** Fastify's own client errors by code. */
function clientErrorRef(error: FastifyError, status: number): MessageRef {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
    return msg('validation.invalidJson');
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return msg('server.emptyBody');
  if (status === 413) return msg('server.bodyTooLarge');
  if (status === 415) return msg('server.unsupportedMediaType');
  if (status === 404) return msg('server.notFound');
  if (status === 405) return msg('server.methodNotAllowed');
  return msg('server.badRequest');
}

/** One error scheme for the whole API: domain errors keep their status, bad input is a 400, never a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, res) => {
    if (error instanceof AppError) {
      const ref = { key: error.key, params: error.params } as MessageRef;
      return res.status(error.statusCode).send(errorReply(error.code, ref, error.errors, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const scope = error.validationContext ?? 'body';
      const errors = error.validation.map((v): KeyedFieldError => {
        const message = v.message ?? '';
        const ref = issueRef(v.keyword, message, v.params as IssueParams);
        // The schema's English text stays the message (for zod's own rules it names the detail).
        return {
          field: fieldName(v.instancePath.split('/').filter(Boolean), scope),
          message,
          key: ref.key,
          params: ref.params,
        };
      });
      const message = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
      const first = errors[0];
      const ref = first ? ({ key: first.key, params: first.params } as MessageRef) : msg('server.invalid');
      return res.status(400).send(errorReply('VALIDATION_FAILED', ref, errors, message));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return res.status(429).send(errorReply('RATE_LIMITED', msg('validation.tooManyAttempts')));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
      const ref = clientErrorRef(error, status);
      const message = ref.key === 'server.badRequest' && error.message ? error.message : undefined;
      return res
        .status(status)
        .send(errorReply(status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', ref, undefined, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return res.status(500).send(errorReply('INTERNAL', msg('server.internal')));
  });
}
