import type { FastifyReply, FastifyRequest } from 'fastify';
import { REMEMBER_MACHINE_DAYS } from '@formloop/domain';
import { PENDING_2FA_TTL_SECONDS } from './identity.context.ts';

/** Cookies live under /identity only: the API itself is called with a bearer token, never with them. */
export const COOKIE = { session: 'fl_session', pending2fa: 'fl_2fa', remember: 'fl_rm' } as const;

const base = (request: FastifyRequest) => ({
  path: '/identity',
  httpOnly: true,
  secure: request.protocol === 'https',
  sameSite: 'lax' as const,
});

export const readCookie = (request: FastifyRequest, name: string): string | undefined =>
  request.cookies[name] || undefined;

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  secret: string,
  ttlSeconds: number,
) {
  reply.setCookie(COOKIE.session, secret, { ...base(request), maxAge: ttlSeconds });
}
export function setPending2faCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(COOKIE.pending2fa, token, {
    ...base(request),
    sameSite: 'strict',
    maxAge: PENDING_2FA_TTL_SECONDS,
  });
}
export function setRememberCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(COOKIE.remember, token, { ...base(request), maxAge: REMEMBER_MACHINE_DAYS * 24 * 3600 });
}
export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string) {
  reply.clearCookie(name, base(request));
}
