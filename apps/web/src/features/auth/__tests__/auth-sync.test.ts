import { MESSAGES } from '@formloop/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY, authStore, SIGN_OUT_REASON_KEY } from '../../../shared/auth/auth-store.ts';
import { AUTH_CHANNEL_NAME, AUTH_MESSAGE_KEY, startAuthSync } from '../auth-sync.ts';
import { FakeChannel } from './fake-channel.ts';
import { sessionFor } from './sessions.ts';

let stop: () => void = () => undefined;

beforeEach(() => {
  FakeChannel.reset();
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

const storageEvent = (key: string, newValue: string | null) =>
  window.dispatchEvent(new StorageEvent('storage', { key, newValue }));

describe('auth sync across tabs over BroadcastChannel (spec §4)', () => {
  beforeEach(() => {
    vi.stubGlobal('BroadcastChannel', FakeChannel);
  });

  it("broadcasts this tab's refreshed token and its logout, with the reason", () => {
    authStore.signIn(sessionFor('USER'));
    stop = startAuthSync();
    expect(FakeChannel.open().map((channel) => channel.name)).toEqual([AUTH_CHANNEL_NAME]);
    authStore.mergeToken('jwt-2', '2099-02-01T00:00:00.000Z');
    authStore.signOut(MESSAGES.sessionExpired);
    expect(FakeChannel.posted()).toEqual([
      { type: 'token', authToken: 'jwt-2', expiresAt: '2099-02-01T00:00:00.000Z' },
      { type: 'logout', reason: MESSAGES.sessionExpired },
    ]);
  });

  it("adopts another tab's token without echoing it back, and follows its logout", () => {
    authStore.signIn(sessionFor('USER'));
    const onRemoteSignOut = vi.fn();
    stop = startAuthSync({ onRemoteSignOut });
    const [channel] = FakeChannel.open();
    channel?.deliver({ type: 'token', authToken: 'jwt-3', expiresAt: '2099-03-01T00:00:00.000Z' });
    expect(authStore.getState().authToken).toBe('jwt-3');
    expect(authStore.getState().config?.expiresAt).toBe('2099-03-01T00:00:00.000Z');
    channel?.deliver({ type: 'logout', reason: MESSAGES.loggedOut });
    expect(authStore.getState().authToken).toBeNull();
    expect(authStore.getState().signOutReason).toBe(MESSAGES.loggedOut);
    expect(onRemoteSignOut).toHaveBeenCalledTimes(1);
    expect(FakeChannel.posted()).toEqual([]);
  });

  it('ignores messages that are not ours', () => {
    authStore.signIn(sessionFor('USER'));
    stop = startAuthSync();
    FakeChannel.open()[0]?.deliver({ type: 'token', authToken: 42 });
    FakeChannel.open()[0]?.deliver('logout');
    expect(authStore.getState().authToken).toBe('jwt-token');
  });

  it('closes the channel when stopped', () => {
    stop = startAuthSync();
    stop();
    expect(FakeChannel.open()).toEqual([]);
  });
});

describe('auth sync without BroadcastChannel: the storage event', () => {
  beforeEach(() => {
    vi.stubGlobal('BroadcastChannel', undefined);
  });

  it('writes the message to storage for the other tabs', () => {
    authStore.signIn(sessionFor('USER'));
    stop = startAuthSync();
    authStore.mergeToken('jwt-2', '2099-02-01T00:00:00.000Z');
    expect(JSON.parse(localStorage.getItem(AUTH_MESSAGE_KEY) ?? '{}')).toMatchObject({
      type: 'token',
      authToken: 'jwt-2',
    });
  });

  it("adopts another tab's token from the storage event", () => {
    authStore.signIn(sessionFor('USER'));
    stop = startAuthSync();
    storageEvent(
      AUTH_MESSAGE_KEY,
      JSON.stringify({ type: 'token', authToken: 'jwt-4', expiresAt: '2099-04-01T00:00:00.000Z', at: 1 }),
    );
    expect(authStore.getState().authToken).toBe('jwt-4');
  });

  it("signs out, for the other tab's reason, when the stored session is removed", () => {
    authStore.signIn(sessionFor('USER'));
    stop = startAuthSync();
    // What the other tab's sign-out leaves in the shared storage.
    localStorage.setItem(SIGN_OUT_REASON_KEY, MESSAGES.refreshFailed);
    localStorage.removeItem(AUTH_STORAGE_KEY);
    storageEvent(AUTH_STORAGE_KEY, null);
    expect(authStore.getState().authToken).toBeNull();
    expect(authStore.getState().signOutReason).toBe(MESSAGES.refreshFailed);
  });
});
