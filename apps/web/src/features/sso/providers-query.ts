// The login page's part of single sign-on, apart from the settings page's calls (api.ts): the
// sign-in route loads only this small module.
import { SSO_PATHS, type SsoProviders } from '@formloop/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { http } from '../../shared/api/http.ts';

/** Query keys of single sign-on. */
export const ssoKeys = {
  all: ['sso'] as const,
  providers: () => [...ssoKeys.all, 'providers'] as const,
  settings: () => [...ssoKeys.all, 'settings'] as const,
  failures: () => [...ssoKeys.all, 'failures'] as const,
};

/** Public: which 'Sign In With' providers the tenant (by host) has switched on. */
export async function fetchSsoProviders(): Promise<SsoProviders> {
  return (await http.get<SsoProviders>(SSO_PATHS.providers)).data;
}

/**
 * The tenant's providers through the query cache (one request, shared, invalidated when an
 * administrator saves the settings), or undefined while they load or when they could not be read:
 * the buttons then simply stay disabled, with no toast. It reads the cache with fetchQuery rather
 * than useQuery, whose observer code would weigh about 3 KB on the login route's budget.
 */
export function useSsoProviders(): SsoProviders | undefined {
  const queryClient = useQueryClient();
  const [providers, setProviders] = useState(() =>
    queryClient.getQueryData<SsoProviders>(ssoKeys.providers()),
  );
  useEffect(() => {
    let mounted = true;
    queryClient
      .fetchQuery({
        queryKey: ssoKeys.providers(),
        queryFn: fetchSsoProviders,
        // No retry: a retry would outlive the login page (and it is no worse than a disabled button).
        retry: false,
        meta: { errorToast: false },
      })
      .then(
        (answer) => {
          if (mounted) setProviders(answer);
        },
        () => undefined,
      );
    return () => {
      mounted = false;
    };
  }, [queryClient]);
  return providers;
}
