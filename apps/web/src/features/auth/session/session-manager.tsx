import { MESSAGES } from '@formloop/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { refreshAccessToken } from '../api.ts';
import { authStore, useAuth } from '../../../shared/auth/auth-store.ts';
import { SessionExpiringModal } from './session-expiring-modal.tsx';
import { nextCheckInMs, remainingMs, sessionPhase } from './session-timing.ts';

/** What counts as user activity for the prepared refresh (spec §4: click, keypress, scroll). */
export const ACTIVITY_EVENTS = ['click', 'keydown', 'scroll'] as const;

/**
 * POST refreshToken with the current token and merge the answer (spec §4). Another tab may have
 * refreshed or signed out meanwhile; then this answer, good or bad, is no longer ours to apply.
 */
export async function refreshSession(): Promise<void> {
  const token = authStore.getState().authToken;
  if (!token) return;
  try {
    const next = await refreshAccessToken(token);
    if (authStore.getState().authToken === token) authStore.mergeToken(next.jwt, next.expiresAt);
  } catch {
    if (authStore.getState().authToken === token) authStore.signOut(MESSAGES.refreshFailed);
  }
}

/**
 * The session lifetime of a signed-in tab (spec §4, §9), all measured back from the token's expiresAt:
 * 35 minutes before expiry a refresh is prepared and sent on the next click, keypress or scroll;
 * 5 minutes before, the countdown modal opens and 'Continue session' refreshes; at zero (or with an
 * already expired token) the user is signed out with 'Your session has expired'. A refreshed token
 * reaches the other tabs through the auth sync (auth-sync.ts).
 */
export function SessionManager() {
  const { authToken, config } = useAuth();
  const expiresAt = config?.expiresAt;
  const [now, setNow] = useState(() => Date.now());
  const [refreshing, setRefreshing] = useState(false);
  const inFlight = useRef(false);
  const remaining = remainingMs(expiresAt, now);
  const phase = authToken ? sessionPhase(remaining) : 'fresh';

  const refresh = useCallback(async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRefreshing(true);
    try {
      await refreshSession();
    } finally {
      inFlight.current = false;
      setRefreshing(false);
      setNow(Date.now());
    }
  }, []);

  // One timer to the next moment the phase (or, in the modal, the countdown) can change.
  useEffect(() => {
    if (!authToken) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), nextCheckInMs(remainingMs(expiresAt, Date.now())));
    return () => clearTimeout(timer);
  }, [authToken, expiresAt, now]);

  // Timers sleep with the laptop; look at the clock again when the tab comes back.
  useEffect(() => {
    const wake = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', wake);
    return () => document.removeEventListener('visibilitychange', wake);
  }, []);

  useEffect(() => {
    if (phase === 'expired') authStore.signOut(MESSAGES.sessionExpired);
  }, [phase]);

  // Prepared: the next activity refreshes. Not while the modal is open: there only 'Continue' does.
  useEffect(() => {
    if (phase !== 'prepared') return undefined;
    const onActivity = () => void refresh();
    const options = { capture: true, passive: true } as const;
    ACTIVITY_EVENTS.forEach((name) => window.addEventListener(name, onActivity, options));
    return () => ACTIVITY_EVENTS.forEach((name) => window.removeEventListener(name, onActivity, options));
  }, [phase, refresh]);

  // Unmounted rather than closed: it leaves at once when the session is continued (here or in another tab).
  if (phase !== 'warning') return null;
  return (
    <SessionExpiringModal remainingMs={remaining} refreshing={refreshing} onContinue={() => void refresh()} />
  );
}
