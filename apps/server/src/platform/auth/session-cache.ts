import type { ActiveSession } from './request-auth.ts';

/**
 * Remembers live-session answers for a moment, so a burst of requests with one token costs one
 * database look-up. Revocations made on this node drop their entries at once; on other nodes an
 * entry lives at most `ttlMs` (ADR 0002), which bounds how long a revoked token can still be used.
 */
export interface SessionCache {
  get(tenantId: string, sessionId: string): ActiveSession | null | undefined;
  set(tenantId: string, sessionId: string, value: ActiveSession | null): void;
  forgetSession(sessionId: string): void;
  forgetUser(userId: string): void;
}

export function createSessionCache(ttlMs = 2000, maxEntries = 50_000): SessionCache {
  const entries = new Map<string, { at: number; value: ActiveSession | null }>();
  const key = (tenantId: string, sessionId: string) => `${tenantId}:${sessionId}`;
  return {
    get(tenantId, sessionId) {
      const hit = entries.get(key(tenantId, sessionId));
      if (!hit) return undefined;
      if (Date.now() - hit.at > ttlMs) {
        entries.delete(key(tenantId, sessionId));
        return undefined;
      }
      return hit.value;
    },
    set(tenantId, sessionId, value) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key(tenantId, sessionId), { at: Date.now(), value });
    },
    forgetSession(sessionId) {
      for (const k of entries.keys()) if (k.endsWith(`:${sessionId}`)) entries.delete(k);
    },
    forgetUser(userId) {
      for (const [k, v] of entries) if (v.value?.userId === userId) entries.delete(k);
    },
  };
}
