import type { FastifyInstance } from 'fastify';
import { msg } from '@formloop/contracts';
import { AppError, fieldError } from './errors.ts';

// PostgreSQL's text types cannot hold U+0000: a NUL that reached a query failed there as a 500. It is
// refused once, here, for every string a request carries — path parameters, the query string and the
// parsed body (JSON objects, the login's bare JSON string, any nested key or value) — before any
// schema or handler sees it. Multipart parts are read by their routes, which call `refuseNul` on
// each field value and file name they keep.

const NUL = '\u0000';

type Path = ReadonlyArray<string | number>;

/** The path of the first string (or object key) holding U+0000 inside `value`, or null. */
export function findNul(value: unknown): Path | null {
  if (typeof value === 'string') return value.includes(NUL) ? [] : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  // The path is built on the way back up, so a clean request allocates nothing per value.
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i]);
      if (found) return [i, ...found];
    }
    return null;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes(NUL)) return [key];
    const found = findNul((value as Record<string, unknown>)[key]);
    if (found) return [key, ...found];
  }
  return null;
}

/** The field error the rest of the API gives: the field's path, or the part of the request. */
const nulError = (path: Path, scope: string) => {
  const field = path.length ? path.map(String).join('.') : scope;
  const ref = msg('validation.valueSpecialChars');
  const error = fieldError(field, ref);
  return new AppError(400, 'VALIDATION_FAILED', ref, [error], `${field}: ${error.message}`);
};

/** Throws the 400 when `value` (a multipart field, a file name, ...) holds U+0000. */
export function refuseNul(value: unknown, field: string): void {
  const found = findNul(value);
  if (found) throw nulError([field, ...found], field);
}

/** The one check for every route: params, then query string, then body. */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const parts = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const;
    for (const [scope, value] of parts) {
      const found = findNul(value);
      if (found) throw nulError(found, scope);
    }
  });
}
