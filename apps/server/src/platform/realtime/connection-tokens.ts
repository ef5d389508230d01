import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

// The negotiate answer's connection token (notes/signalr-protocol.md, step 1): what the client
// presents as `id` when it opens the WebSocket a moment later. It is signed rather than kept in
// this process's memory, so the socket may land on any node behind the load balancer (no sticky
// sessions): every node shares the JWT key pair, and the signing key is derived from it. It is bound
// to the tenant and user it was issued to, lives a short while, and is taken once per node.

/** Who a connection belongs to, fixed when it is negotiated (or, skipping negotiation, opened). */
export interface ConnectionGrant {
  connectionId: string;
  tenantId: string;
  userId: string;
  sessionId: string;
  /** When the access token that authorised the connection expires (ms since the epoch). */
  accessExpiresAt: number;
}

interface TokenPayload {
  c: string;
  t: string;
  u: string;
  s: string;
  a: number;
  /** When the token itself stops being accepted (ms since the epoch). */
  e: number;
}

export interface ConnectionTokens {
  issue(grant: Omit<ConnectionGrant, 'connectionId'>): { connectionId: string; connectionToken: string };
  /** The grant a genuine, unexpired, not yet taken token stands for; null otherwise. */
  verify(token: string): ConnectionGrant | null;
  /** Takes a verified token; false when it was taken before (a second socket with one token). */
  take(token: string): boolean;
}

/** A connection id the way ASP.NET makes them: 16 random bytes, base64url (22 characters). */
export const newConnectionId = () => randomBytes(16).toString('base64url');

const b64 = (value: Buffer | string) => Buffer.from(value).toString('base64url');

export function createConnectionTokens(options: {
  /** Secret material every node shares (the JWT private key); a purpose-bound key is derived from it. */
  secret: string;
  ttlMs: number;
  now?: () => number;
}): ConnectionTokens {
  const now = options.now ?? Date.now;
  const key = Buffer.from(hkdfSync('sha256', options.secret, 'formloop', 'hub connection token', 32));
  const sign = (body: string) => createHmac('sha256', key).update(body).digest();
  // Tokens taken on this node, with their expiry; expiry only grows (one TTL), so the oldest are first.
  const taken = new Map<string, number>();

  const forgetExpired = () => {
    const at = now();
    for (const [token, expiresAt] of taken) {
      if (expiresAt > at) break;
      taken.delete(token);
    }
  };

  const decode = (token: string): TokenPayload | null => {
    const dot = token.indexOf('.');
    if (dot < 1 || token.length > 1024) return null;
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = sign(body);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TokenPayload;
      return payload.e > now() ? payload : null;
    } catch {
      return null;
    }
  };

  return {
    issue(grant) {
      const connectionId = newConnectionId();
      const payload: TokenPayload = {
        c: connectionId,
        t: grant.tenantId,
        u: grant.userId,
        s: grant.sessionId,
        a: grant.accessExpiresAt,
        e: now() + options.ttlMs,
      };
      const body = b64(JSON.stringify(payload));
      return { connectionId, connectionToken: `${body}.${b64(sign(body))}` };
    },
    verify(token) {
      const payload = decode(token);
      if (!payload || taken.has(token)) return null;
      return {
        connectionId: payload.c,
        tenantId: payload.t,
        userId: payload.u,
        sessionId: payload.s,
        accessExpiresAt: payload.a,
      };
    },
    take(token) {
      forgetExpired();
      const payload = decode(token);
      if (!payload || taken.has(token)) return false;
      taken.set(token, payload.e);
      return true;
    },
  };
}
