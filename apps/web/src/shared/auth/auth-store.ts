import type { AppMenuEntry, SessionToken, UserInfo } from '@formloop/contracts';
import { useSyncExternalStore } from 'react';

/** Spec §3 "Config": role flags, the access token, the application menu and the user's info. */
export interface AuthConfig {
  isFullUser: boolean;
  isConsultant: boolean;
  isSysAdmin: boolean;
  isAdministrator: boolean;
  isMachineRemembered: boolean;
  is2faEnabled: boolean;
  accessToken: string;
  expiresAt: string;
  appMenu: AppMenuEntry[];
  userInfo: UserInfo;
}

export interface AuthUser {
  uid: string;
  username: string;
  email: string;
  fullname: string;
}

/** Spec §3 "Auth state". Only authToken and config are persisted. */
export interface AuthState {
  authToken: string | null;
  config: AuthConfig | null;
  user: AuthUser | null;
  requiresTwoFactor: boolean;
  authLoading: boolean;
  redirectUrl: string | null;
  /**
   * Why the last sign-out happened ('Your session has expired', 'Failed to refresh access token',
   * 'You have logged out. please log in again'): the login page shows it as its status banner.
   * Not persisted; null after a sign-in.
   */
  signOutReason: string | null;
  /**
   * True once the user signed in on this page (not when the state was read back from storage after
   * a reload): the moment the user's stored settings, such as their language, take over. Not persisted.
   */
  signedInHere: boolean;
}

/** Versioned, so a future change of shape starts from a clean sign-in instead of a crash. */
export const AUTH_STORAGE_KEY = 'formloop.auth.v1';
/**
 * The last sign-out's reason, written before the auth state is removed, so that another tab seeing
 * the removal (storage event) signs out for the same reason.
 */
export const SIGN_OUT_REASON_KEY = 'formloop.auth.signOutReason';

const signedOut: AuthState = {
  authToken: null,
  config: null,
  user: null,
  requiresTwoFactor: false,
  authLoading: false,
  redirectUrl: null,
  signOutReason: null,
  signedInHere: false,
};

const userOf = (info: UserInfo): AuthUser => ({
  uid: info.uid,
  username: info.username,
  email: info.email,
  fullname: info.fullname,
});

function isPersisted(value: unknown): value is { authToken: string; config: AuthConfig } {
  if (typeof value !== 'object' || value === null) return false;
  const { authToken, config } = value as { authToken?: unknown; config?: unknown };
  if (typeof authToken !== 'string' || authToken === '' || typeof config !== 'object' || config === null)
    return false;
  const info = (config as { userInfo?: unknown }).userInfo;
  return typeof info === 'object' && info !== null && typeof (info as { uid?: unknown }).uid === 'string';
}

function readPersisted(): AuthState {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return signedOut;
    const parsed: unknown = JSON.parse(raw);
    if (!isPersisted(parsed)) return signedOut;
    return {
      ...signedOut,
      authToken: parsed.authToken,
      config: parsed.config,
      user: userOf(parsed.config.userInfo),
    };
  } catch {
    return signedOut;
  }
}

function writePersisted(state: AuthState): void {
  try {
    if (state.authToken && state.config) {
      localStorage.setItem(
        AUTH_STORAGE_KEY,
        JSON.stringify({ authToken: state.authToken, config: state.config }),
      );
    } else {
      localStorage.removeItem(AUTH_STORAGE_KEY);
    }
  } catch {
    // Storage may be full or disabled; the session then lasts for this page only.
  }
}

function writeReason(reason: string | null): void {
  try {
    if (reason) localStorage.setItem(SIGN_OUT_REASON_KEY, reason);
    else localStorage.removeItem(SIGN_OUT_REASON_KEY);
  } catch {
    // Without storage other tabs sign out without saying why; nothing else depends on it.
  }
}

function readReason(): string | null {
  try {
    return localStorage.getItem(SIGN_OUT_REASON_KEY);
  } catch {
    return null;
  }
}

export function configFromSession(session: SessionToken): AuthConfig {
  return {
    isFullUser: session.isFullUser,
    isConsultant: session.isConsultant,
    isSysAdmin: session.isSysAdmin,
    isAdministrator: session.isAdministrator,
    isMachineRemembered: session.isMachineRemembered,
    is2faEnabled: session.is2faEnabled,
    accessToken: session.accessToken,
    expiresAt: session.expiresAt,
    appMenu: session.config.appMenu,
    userInfo: session.config.userInfo,
  };
}

type Listener = () => void;

/** A tiny external store: React reads it with useSyncExternalStore, the HTTP client reads the token. */
function createAuthStore() {
  let state: AuthState = readPersisted();
  const listeners = new Set<Listener>();

  const set = (patch: Partial<AuthState>, persist = true) => {
    const before = state;
    state = { ...state, ...patch };
    if (persist && (before.authToken !== state.authToken || before.config !== state.config))
      writePersisted(state);
    listeners.forEach((listener) => listener());
  };

  return {
    getState: (): AuthState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setLoading: (authLoading: boolean) => set({ authLoading }),
    setRequiresTwoFactor: (requiresTwoFactor: boolean) => set({ requiresTwoFactor }),
    setRedirectUrl: (redirectUrl: string | null) => set({ redirectUrl }),
    /** Stores the session token request's answer: the user is signed in. */
    signIn(session: SessionToken) {
      const config = configFromSession(session);
      writeReason(null);
      set({
        authToken: session.token,
        config,
        user: userOf(config.userInfo),
        requiresTwoFactor: false,
        authLoading: false,
        signOutReason: null,
        signedInHere: true,
      });
    },
    /** A token refresh merges the new token into the state (spec §4). */
    mergeToken(authToken: string, expiresAt?: string) {
      if (!state.config) return;
      set({ authToken, config: expiresAt ? { ...state.config, expiresAt } : state.config });
    },
    /** A saved profile (name, e-mail, preferences, 2FA) reaches the shell without a new sign-in. */
    updateUserInfo(userInfo: UserInfo, patch: { is2faEnabled?: boolean } = {}) {
      if (!state.config || state.config.userInfo.uid !== userInfo.uid) return;
      const config = {
        ...state.config,
        is2faEnabled: patch.is2faEnabled ?? state.config.is2faEnabled,
        userInfo,
      };
      set({ config, user: userOf(userInfo) });
    },
    /** Logout clears the auth state (spec §4); the reason, if any, is shown on the login page. */
    signOut(reason: string | null = null) {
      writeReason(reason);
      set({ ...signedOut, signOutReason: reason });
    },
    /** Re-reads storage, e.g. when another tab signed in or out. */
    reload: () => {
      const next = readPersisted();
      // Another tab signing out leaves this one signed out too, for the same reason (spec §4).
      set({ ...next, signOutReason: next.authToken ? null : readReason() }, false);
    },
  };
}

export const authStore = createAuthStore();
export type AuthStore = typeof authStore;

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
