import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { msg, type MessageRef } from '@formloop/contracts';
import { errorReply } from './error-handler.ts';

// Answers Node and Fastify give before any route runs (a header block too large for the parser, a path
// parameter over maxParamLength, a URL that does not decode, a request line Node cannot read) keep the
// API's one error envelope, {success:false, message, data:{code, key, params}}, like every other error.

/** Node's parser errors, by the status the answer carries. */
function clientErrorAnswer(error: NodeJS.ErrnoException): { status: number; ref: MessageRef } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, ref: msg('validation.headersTooLarge') };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, ref: msg('validation.requestTimeout') };
  return { status: 400, ref: msg('validation.requestUnreadable') };
}

/** Fastify's `clientErrorHandler`: the socket gets a complete HTTP answer, then is closed. */
export function clientErrorHandler(this: { log: FastifyRequest['log'] }, error: Error, socket: Socket): void {
  const errno = error as NodeJS.ErrnoException;
  // A reset connection has nobody left to answer.
  if (errno.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, ref } = clientErrorAnswer(errno);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify(errorReply(status === 408 ? 'INTERNAL' : 'VALIDATION_FAILED', ref));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Fastify's `frameworkErrors`: router errors raised before a route is chosen. */
export function frameworkErrors(
  error: Error & { code?: string; statusCode?: number },
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(errorReply('VALIDATION_FAILED', msg('validation.addressTooLong')));
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send(errorReply('VALIDATION_FAILED', msg('validation.addressUnreadable')));
    return;
  }
  void reply.status(500).send(errorReply('INTERNAL', msg('validation.somethingWentWrong')));
}

/** The two options to hand to Fastify(). */
export const frameworkErrorOptions = {
  clientErrorHandler,
  frameworkErrors,
} satisfies Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors'>;
