import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, FieldError } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { AppError } from './errors.ts';

const reply = (code: ErrorCode, message: string, errors?: FieldError[]) => ({
  success: false as const,
  message,
  data: { code, ...(errors ? { errors } : {}) },
});

const fieldName = (path: ReadonlyArray<PropertyKey>, scope: string) =>
  path.length ? path.map(String).join('.') : scope;

/** One error scheme for the whole API: domain errors keep their status, bad input is a 400, never a 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, res) => {
    if (error instanceof AppError) {
      return res.status(error.statusCode).send(reply(error.code, error.message, error.errors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const scope = error.validationContext ?? 'body';
      const errors = error.validation.map((v) => ({
        field: fieldName(v.instancePath.split('/').filter(Boolean), scope),
        message: v.message ?? '',
      }));
      const message = errors.map((e) => `${e.field}: ${e.message}`).join('; ');
      return res.status(400).send(reply('VALIDATION_FAILED', message, errors));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return res.status(429).send(reply('RATE_LIMITED', MESSAGES.tooManyAttempts));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? MESSAGES.invalidJson
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty.'
            : error.message;
      return res.status(status).send(reply(status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return res.status(500).send(reply('INTERNAL', 'Something went wrong on the server. Please try again.'));
  });
}
