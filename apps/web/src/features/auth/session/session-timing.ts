import { REFRESH_PREPARE_BEFORE_EXPIRY_MS, SESSION_WARNING_BEFORE_EXPIRY_MS } from '@formloop/domain';

/**
 * Where a session stands, from the time left on its token (spec §4, §9). Every boundary is measured
 * back from the token's own expiry, so a server with a shorter token lifetime (JWT_ACCESS_TTL_SECONDS)
 * simply starts in a later phase:
 *  - fresh: nothing to do;
 *  - prepared: 35 minutes or less left, the next user activity refreshes the token;
 *  - warning: 5 minutes or less left, the countdown modal is open;
 *  - expired: no time left, the user is signed out.
 */
export type SessionPhase = 'fresh' | 'prepared' | 'warning' | 'expired';

export function sessionPhase(remainingMs: number): SessionPhase {
  if (!(remainingMs > 0)) return 'expired';
  if (remainingMs <= SESSION_WARNING_BEFORE_EXPIRY_MS) return 'warning';
  if (remainingMs <= REFRESH_PREPARE_BEFORE_EXPIRY_MS) return 'prepared';
  return 'fresh';
}

/** Milliseconds until the token expires; NaN when expiresAt is not a date (treated as expired). */
export function remainingMs(expiresAt: string | undefined, now: number): number {
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  return expiry - now;
}

/** The countdown as mm:ss, rounding up so '00:00' is shown only when time is really up. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * How long until the phase can next change, so the session keeps one timer instead of polling.
 * Capped at a minute: timers drift or pause while a laptop sleeps, and a short cap re-checks soon
 * after it wakes. While the countdown shows, it ticks every second.
 */
export function nextCheckInMs(remaining: number): number {
  const phase = sessionPhase(remaining);
  if (phase === 'expired') return 0;
  if (phase === 'warning') return Math.min(1000, remaining % 1000 || 1000);
  const boundary = phase === 'prepared' ? SESSION_WARNING_BEFORE_EXPIRY_MS : REFRESH_PREPARE_BEFORE_EXPIRY_MS;
  return Math.max(1, Math.min(60_000, remaining - boundary));
}
