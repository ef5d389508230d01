import { API_PATHS } from '@formloop/contracts';
import {
  MESSAGES,
  REFRESH_PREPARE_BEFORE_EXPIRY_MS,
  SESSION_WARNING_BEFORE_EXPIRY_MS,
} from '@formloop/domain';
import { act, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers.tsx';
import { createQueryClient } from '../../../app/query-client.ts';
import { fail, mockFetch, ok, type RecordedCall } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { authStore } from '../../../shared/auth/auth-store.ts';
import { SessionManager } from '../session/session-manager.tsx';
import { formatCountdown, sessionPhase } from '../session/session-timing.ts';
import { FakeChannel } from './fake-channel.ts';
import { expiresIn, sessionFor } from './sessions.ts';

// Signed-in pages load the shell's chunks on first use; under a busy test run that takes over a second.
configure({ asyncUtilTimeout: 5000 });

const MINUTE = 60_000;
const TITLE = MESSAGES.sessionExpiring;

beforeEach(() => {
  FakeChannel.reset();
  vi.stubGlobal('BroadcastChannel', FakeChannel);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderSession = () =>
  render(
    <AppProviders queryClient={createQueryClient()}>
      <SessionManager />
    </AppProviders>,
  );

/**
 * Moves the fake clock on in one-second steps: the session sets its next timer in an effect after
 * each render, and act() lets React render between the steps, as the browser would.
 */
async function advance(ms: number): Promise<void> {
  for (let left = ms; left > 0; left -= 1000) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(1000, left)));
  }
}
const countdown = () => screen.getByTestId('session-countdown').textContent;
const refreshCalls = (calls: RecordedCall[]) => calls.filter((call) => call.url === API_PATHS.refreshToken);
const refreshed = (expiresAt: string) => ({
  [`POST ${API_PATHS.refreshToken}`]: ok({ jwt: 'jwt-2', expiresAt }),
});

describe('session timing (spec §4, §9)', () => {
  it('derives every phase from the time left, whatever the token lifetime', () => {
    expect(sessionPhase(REFRESH_PREPARE_BEFORE_EXPIRY_MS + 1)).toBe('fresh');
    expect(sessionPhase(REFRESH_PREPARE_BEFORE_EXPIRY_MS)).toBe('prepared');
    expect(sessionPhase(SESSION_WARNING_BEFORE_EXPIRY_MS + 1)).toBe('prepared');
    expect(sessionPhase(SESSION_WARNING_BEFORE_EXPIRY_MS)).toBe('warning');
    expect(sessionPhase(1)).toBe('warning');
    expect(sessionPhase(0)).toBe('expired');
    expect(sessionPhase(Number.NaN)).toBe('expired');
    expect(formatCountdown(5 * MINUTE)).toBe('05:00');
    expect(formatCountdown(65_001)).toBe('01:06');
    expect(formatCountdown(-5)).toBe('00:00');
  });
});

describe('session expiry modal (spec §4)', () => {
  it('opens 5 minutes before expiry with a live countdown; Continue refreshes and closes it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    authStore.signIn(sessionFor('USER', { expiresAt: expiresIn(SESSION_WARNING_BEFORE_EXPIRY_MS + 10_000) }));
    const later = expiresIn(60 * MINUTE);
    const calls = mockFetch(refreshed(later));
    renderSession();
    await advance(9_000);
    expect(screen.queryByText(TITLE)).toBeNull();

    await advance(1_000);
    expect(await screen.findByText(TITLE)).toBeTruthy();
    expect(countdown()).toBe('05:00');
    await advance(1_000);
    expect(countdown()).toBe('04:59');
    await advance(60_000);
    expect(countdown()).toBe('03:59');

    fireEvent.click(screen.getByRole('button', { name: 'Continue session' }));
    await waitFor(() => expect(authStore.getState().authToken).toBe('jwt-2'));
    expect(refreshCalls(calls).map((call) => call.body)).toEqual([JSON.stringify({ jwt: 'jwt-token' })]);
    expect(authStore.getState().config?.expiresAt).toBe(later);
    await waitFor(() => expect(screen.queryByText(TITLE)).toBeNull());
  });

  it('signs out with "Your session has expired" when the countdown reaches zero', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    authStore.signIn(sessionFor('USER', { expiresAt: expiresIn(2 * MINUTE) }));
    mockFetch({});
    renderSession();
    expect(await screen.findByText(TITLE)).toBeTruthy();
    expect(countdown()).toBe('02:00');
    await advance(2 * MINUTE);
    expect(authStore.getState().authToken).toBeNull();
    expect(authStore.getState().signOutReason).toBe(MESSAGES.sessionExpired);
  });

  it('signs out at once with an already expired token, and login shows why', async () => {
    authStore.signIn(sessionFor('USER', { expiresAt: expiresIn(-1000) }));
    mockFetch({ [`GET ${API_PATHS.isAuthenticated}`]: ok(null) });
    const app = renderApp('/notifications');
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/authentication/login'));
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.sessionExpired);
  });
});

describe('prepared refresh (spec §4)', () => {
  it('is prepared 35 minutes before expiry and sent on the next click, then broadcast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    authStore.signIn(
      sessionFor('FULL_USER', { expiresAt: expiresIn(REFRESH_PREPARE_BEFORE_EXPIRY_MS + 5_000) }),
    );
    const later = expiresIn(60 * MINUTE);
    const calls = mockFetch(refreshed(later));
    renderSession();
    fireEvent.click(document.body);
    await advance(1_000);
    expect(refreshCalls(calls)).toEqual([]);

    await advance(5_000);
    expect(refreshCalls(calls)).toEqual([]);
    fireEvent.click(document.body);
    await waitFor(() => expect(authStore.getState().authToken).toBe('jwt-2'));
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(FakeChannel.posted()).toEqual([{ type: 'token', authToken: 'jwt-2', expiresAt: later }]);
  });

  it.each([
    ['a key press', () => fireEvent.keyDown(window, { key: 'a' })],
    ['a scroll', () => fireEvent.scroll(window)],
  ])('is also sent on %s', async (_name, act) => {
    authStore.signIn(sessionFor('USER', { expiresAt: expiresIn(20 * MINUTE) }));
    const calls = mockFetch(refreshed(expiresIn(60 * MINUTE)));
    renderSession();
    // The effect that listens runs after the first render.
    await waitFor(() => {
      act();
      expect(refreshCalls(calls)).toHaveLength(1);
    });
  });

  it('says "Failed to refresh access token" on login when the refresh fails', async () => {
    authStore.signIn(sessionFor('USER', { expiresAt: expiresIn(20 * MINUTE) }));
    mockFetch({
      [`GET ${API_PATHS.isAuthenticated}`]: ok(null),
      [`POST ${API_PATHS.refreshToken}`]: fail(401, MESSAGES.refreshFailed),
    });
    const app = renderApp('/notifications');
    await screen.findByTestId('notifications-page', undefined, { timeout: 30_000 });
    await waitFor(() => {
      fireEvent.click(document.body);
      expect(app.router.state.location.pathname).toBe('/authentication/login');
    });
    expect(authStore.getState().signOutReason).toBe(MESSAGES.refreshFailed);
    expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.refreshFailed);
  });
});
