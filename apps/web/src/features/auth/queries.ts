import { API_PATHS } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../shared/api/http.ts';
import { authKeys, fetchInfo2Fa, fetchTenantInfo } from './api.ts';

// The auth feature's queries, apart from api.ts: the login page needs only mutations, so it does not
// load the query observer code.

export function useInfo2Fa() {
  // The page shows its own notice when the pending sign-in is gone.
  return useQuery({
    queryKey: authKeys.info2Fa(),
    queryFn: fetchInfo2Fa,
    staleTime: 0,
    gcTime: 0,
    meta: { errorToast: false },
  });
}

/**
 * The authentication guard's session check (spec §4): GET isAuthenticated. A 401 signs the user out
 * (the HTTP client does that for any call carrying a token); other answers let the route render.
 */
export function useSessionCheck(token: string | null) {
  return useQuery({
    queryKey: authKeys.isAuthenticated(token),
    queryFn: async () => {
      await http.get<unknown>(API_PATHS.isAuthenticated);
      return true;
    },
    enabled: token !== null,
    retry: false,
    // Only a 401 matters (it signs out); any other answer lets the route render (spec §4).
    meta: { errorToast: false },
  });
}

/**
 * Tenant info after sign-in (spec §6, §8): an expired licence answers 403, which leads to /403 with
 * the licence-expired message. Other failures are left to the shell, which falls back to defaults.
 */
export function useTenantInfo() {
  return useQuery({
    queryKey: authKeys.tenantInfo(),
    queryFn: fetchTenantInfo,
    meta: { errorToast: false },
  });
}

/** Where a 403 on tenant info sends the user. */
export function licenceExpiredPath(serverMessage: string): string {
  const message = serverMessage.trim() || MESSAGES.licenceExpired;
  return `/403?message=${encodeURIComponent(message)}`;
}
