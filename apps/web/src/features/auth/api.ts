import { API_PATHS, type LoginWith2FaBody, type SessionToken, type TenantInfo } from '@formloop/contracts';
import { encryptLoginPayload, MESSAGES, TWO_FACTOR_IS_PERSISTENT } from '@formloop/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { http, request } from '../../shared/api/http.ts';
import { authStore } from '../../shared/auth/auth-store.ts';

/** Query keys of the auth feature. */
export const authKeys = {
  all: ['auth'] as const,
  info2Fa: () => [...authKeys.all, 'info2Fa'] as const,
  isAuthenticated: (token: string | null) => [...authKeys.all, 'isAuthenticated', token] as const,
  /** Shared with the shell's help tiles and footer (same key, same data): one request per session. */
  tenantInfo: () => ['tenant', 'info'] as const,
};

export interface Credentials {
  username: string;
  password: string;
}

export type SignInResult = { requiresTwoFactor: true } | { requiresTwoFactor: false; session: SessionToken };

/** POST authenticateiso: the body is the minute-key cipher text as a JSON string (spec §3, §7). */
export async function authenticate(credentials: Credentials): Promise<boolean> {
  const cipher = await encryptLoginPayload(credentials);
  const response = await request<{ requiresTwoFactor?: boolean } | null>(API_PATHS.authenticateIso, {
    method: 'POST',
    rawJson: JSON.stringify(cipher),
  });
  return response.data?.requiresTwoFactor === true;
}

/** The session token request: no body, the sign-in cookie says who we are. */
export async function fetchSessionToken(): Promise<SessionToken> {
  const response = await http.post<SessionToken>(API_PATHS.sessionToken);
  return response.data;
}

/** Spec §4 login flow: either the second factor is needed, or we fetch the session token. */
export async function signIn(credentials: Credentials): Promise<SignInResult> {
  if (await authenticate(credentials)) return { requiresTwoFactor: true };
  return { requiresTwoFactor: false, session: await fetchSessionToken() };
}

export async function verifyTwoFactor(body: Omit<LoginWith2FaBody, 'isPersistent'>): Promise<string> {
  const response = await http.post<unknown>(API_PATHS.loginWith2Fa, {
    ...body,
    isPersistent: TWO_FACTOR_IS_PERSISTENT,
  });
  return response.message;
}

export async function fetchInfo2Fa(): Promise<string> {
  const response = await http.get<{ name: string }>(API_PATHS.getInfo2Fa);
  return response.data.name;
}

export async function requestPasswordReset(username: string): Promise<string> {
  const response = await http.get<unknown>(API_PATHS.forgotPassword, { query: { username } });
  return response.message;
}

export async function resetPassword(body: { token: string; password: string }): Promise<string> {
  const response = await http.post<unknown>(API_PATHS.resetPassword, body);
  return response.message;
}

/** A 401 here only means the session was already gone; the caller signs out with its own reason. */
export async function logout(): Promise<void> {
  await http.post<unknown>(API_PATHS.logout, undefined, { signOutOnUnauthorized: false });
}

/**
 * POST refreshToken with the current token; the answer carries the new token and its expiry. A 401
 * here must not sign out through the HTTP client: the caller says 'Failed to refresh access token'.
 */
export async function refreshAccessToken(jwt: string): Promise<{ jwt: string; expiresAt: string }> {
  const response = await http.post<{ jwt: string; expiresAt: string }>(
    API_PATHS.refreshToken,
    { jwt },
    { signOutOnUnauthorized: false },
  );
  return response.data;
}

export async function fetchTenantInfo(): Promise<TenantInfo> {
  return (await http.get<TenantInfo>(API_PATHS.tenantInfo)).data;
}

// ---- hooks ----

export function useSignIn() {
  return useMutation({
    mutationFn: signIn,
    onMutate: () => authStore.setLoading(true),
    onSettled: () => authStore.setLoading(false),
  });
}

export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: verifyTwoFactor,
    onMutate: () => authStore.setLoading(true),
    onError: () => authStore.setLoading(false),
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

/**
 * Ends the session on the server (best effort) and clears the auth state and cached data either way.
 * The login page then says 'You have logged out. please log in again' (spec §8).
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The server session may already be gone (expired, or signed out elsewhere): nothing to undo.
    }
    authStore.signOut(MESSAGES.loggedOut);
    queryClient.clear();
  }, [queryClient]);
}
