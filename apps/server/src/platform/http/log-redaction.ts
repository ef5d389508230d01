import type { FastifyRequest } from 'fastify';

// Links that cannot send a header (<img src>, file downloads) carry the access token in the query
// (x-token; access_token for older clients). Request logs must not keep it: a log reader would hold a
// working token for its lifetime.
const TOKEN_IN_QUERY = /([?&](?:x-token|access_token)=)[^&#]*/gi;

/** The URL with token values in its query replaced by [redacted]. */
export const withoutTokens = (url: string): string => url.replace(TOKEN_IN_QUERY, '$1[redacted]');

/** Fastify's request log line, as its default serializer writes it, minus tokens in the URL. */
export function serializeRequestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: withoutTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
