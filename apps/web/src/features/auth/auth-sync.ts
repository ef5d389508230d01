import { AUTH_STORAGE_KEY, authStore } from '../../shared/auth/auth-store.ts';

/** The channel every tab of the app listens on (spec §4: the new token is broadcast to other tabs). */
export const AUTH_CHANNEL_NAME = 'formloop-auth';
/** Where the message goes when the browser has no BroadcastChannel: other tabs get a storage event. */
export const AUTH_MESSAGE_KEY = 'formloop.auth.message';

export type AuthMessage =
  { type: 'token'; authToken: string; expiresAt: string } | { type: 'logout'; reason: string | null };

function isAuthMessage(value: unknown): value is AuthMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<Record<string, unknown>>;
  if (message.type === 'token')
    return typeof message.authToken === 'string' && typeof message.expiresAt === 'string';
  return message.type === 'logout';
}

interface Transport {
  post(message: AuthMessage): void;
  close(): void;
}

function openTransport(receive: (message: AuthMessage) => void): Transport {
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(AUTH_CHANNEL_NAME);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (isAuthMessage(event.data)) receive(event.data);
    };
    return { post: (message) => channel.postMessage(message), close: () => channel.close() };
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_MESSAGE_KEY || !event.newValue) return;
    try {
      const parsed: unknown = JSON.parse(event.newValue);
      if (isAuthMessage(parsed)) receive(parsed);
    } catch {
      // Someone else's value under our key: ignore it.
    }
  };
  window.addEventListener('storage', onStorage);
  return {
    post(message) {
      try {
        // The time makes every message a change, so a repeated one still fires the event.
        localStorage.setItem(AUTH_MESSAGE_KEY, JSON.stringify({ ...message, at: Date.now() }));
      } catch {
        // No storage: the other tabs learn of the change at their next request instead.
      }
    },
    close: () => window.removeEventListener('storage', onStorage),
  };
}

export interface AuthSyncOptions {
  /** Called after another tab signed this one out (to drop cached data of the old session). */
  onRemoteSignOut?: () => void;
}

/**
 * Keeps the tabs of one browser in step (spec §4): a refreshed token is broadcast and adopted by the
 * other tabs, and so is a logout. Also re-reads the stored auth state when another tab changes it,
 * which covers signing in and browsers without BroadcastChannel. Returns a stop function.
 */
export function startAuthSync(options: AuthSyncOptions = {}): () => void {
  let applyingRemote = false;
  let previous = authStore.getState().authToken;

  const receive = (message: AuthMessage) => {
    const state = authStore.getState();
    if (!state.authToken) return;
    applyingRemote = true;
    try {
      if (message.type === 'token') {
        if (message.authToken !== state.authToken) authStore.mergeToken(message.authToken, message.expiresAt);
      } else {
        authStore.signOut(message.reason);
        options.onRemoteSignOut?.();
      }
    } finally {
      applyingRemote = false;
    }
  };

  const transport = openTransport(receive);

  const unsubscribe = authStore.subscribe(() => {
    const { authToken, config, signOutReason } = authStore.getState();
    const before = previous;
    previous = authToken;
    if (applyingRemote || before === authToken || before === null) return;
    if (authToken === null) transport.post({ type: 'logout', reason: signOutReason });
    else if (config) transport.post({ type: 'token', authToken, expiresAt: config.expiresAt });
  });

  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_STORAGE_KEY && event.key !== null) return;
    const wasSignedIn = authStore.getState().authToken !== null;
    applyingRemote = true;
    try {
      authStore.reload();
    } finally {
      applyingRemote = false;
    }
    previous = authStore.getState().authToken;
    if (wasSignedIn && previous === null) options.onRemoteSignOut?.();
  };
  window.addEventListener('storage', onStorage);

  return () => {
    unsubscribe();
    transport.close();
    window.removeEventListener('storage', onStorage);
  };
}
