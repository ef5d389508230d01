import type { FastifyReply, FastifyRequest } from 'fastify';
import { flagsForKind, type UserKind } from '@formloop/domain';
import { forbidden, unauthenticated } from '../http/errors.ts';
import type { SessionCache } from './session-cache.ts';
import type { TokenService } from './tokens.ts';

export interface RequestAuth {
  userId: string;
  tenantId: string;
  sessionId: string;
  userKind: UserKind;
  flags: ReturnType<typeof flagsForKind>;
  expiresAt: Date;
}

export interface ActiveSession {
  userId: string;
  userKind: UserKind;
}

/** Looks a session up inside the tenant; null when revoked, expired, stale-stamped or the user is inactive. */
export type SessionLookup = (tenantId: string, sessionId: string) => Promise<ActiveSession | null>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
}

/** Browsers cannot set headers on WebSocket or <img> requests, so those may carry the token in the query. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.['access_token'] ?? query?.['x-token'];
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : null;
}

export function createAuthenticate(tokens: TokenService, lookup: SessionLookup, cache: SessionCache) {
  /** Resolves the caller or null; a token minted for another tenant is not valid on this host. */
  const resolve = async (request: FastifyRequest): Promise<RequestAuth | null> => {
    const token = bearerToken(request);
    if (!token || !request.tenant) return null;
    const claims = await tokens.verifyAccess(token);
    if (!claims || claims.tenantId !== request.tenant.id) return null;
    let session = cache.get(claims.tenantId, claims.sessionId);
    if (session === undefined) {
      session = await lookup(claims.tenantId, claims.sessionId);
      cache.set(claims.tenantId, claims.sessionId, session);
    }
    if (!session || session.userId !== claims.userId) return null;
    return {
      userId: claims.userId,
      tenantId: claims.tenantId,
      sessionId: claims.sessionId,
      userKind: session.userKind,
      flags: flagsForKind(session.userKind),
      expiresAt: claims.expiresAt,
    };
  };

  /** preHandler for every route that needs a signed-in user. */
  const authenticate = async (request: FastifyRequest, _reply: FastifyReply) => {
    request.auth = await resolve(request);
    if (!request.auth) throw unauthenticated();
  };

  /** preHandler factory for role checks (spec §6); run after authenticate. */
  const requireRole =
    (allowed: (flags: RequestAuth['flags']) => boolean) => async (request: FastifyRequest) => {
      if (!request.auth) throw unauthenticated();
      if (!allowed(request.auth.flags)) throw forbidden();
    };

  /**
   * Route options: a signed-in caller, or one whose flags pass `allowed`. Both run before the body is
   * validated, so a caller without the role learns nothing from a 400.
   */
  const signedIn = { preValidation: authenticate };
  const only = (allowed: (flags: RequestAuth['flags']) => boolean) => ({
    preValidation: [authenticate, requireRole(allowed)],
  });

  return { resolve, authenticate, requireRole, signedIn, only };
}
