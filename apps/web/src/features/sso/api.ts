// Calls and hooks of the single sign-on settings page (administrators): read and save the tenant's
// SAML and OpenID Connect settings, and test one provider's unsaved settings.
import {
  SSO_PATHS,
  type SsoFailure,
  type SsoSettings,
  type SsoSettingsCommand,
  type SsoTestCommand,
  type SsoTestResult,
} from '@formloop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryUnlessFinal } from '../../shared/api/query-retry.ts';
import { http, request } from '../../shared/api/http.ts';
import { ssoKeys } from './providers-query.ts';

export { ssoKeys };

export const fetchSsoSettings = async () => (await http.get<SsoSettings>(SSO_PATHS.settings)).data;

/** PUT: answers the saved settings (the same shape as GET) with the server's message. */
export const saveSsoSettings = (command: SsoSettingsCommand) =>
  request<SsoSettings>(SSO_PATHS.settings, { method: 'PUT', json: command });

/** A provider that cannot be reached or read answers 200 with ok false and the reason. */
export const testSsoConnection = async (command: SsoTestCommand) =>
  (await http.post<SsoTestResult>(SSO_PATHS.test, command)).data;

/** The tenant's last refused sign-ins, newest first. */
export const fetchSsoFailures = async () => (await http.get<SsoFailure[]>(SSO_PATHS.failures)).data;

export function useSsoFailures() {
  return useQuery({
    queryKey: ssoKeys.failures(),
    queryFn: fetchSsoFailures,
    staleTime: 0,
    retry: retryUnlessFinal,
    // The list shows its own failure with a retry button.
    meta: { errorToast: false },
  });
}

export function useSsoSettings() {
  return useQuery({
    queryKey: ssoKeys.settings(),
    queryFn: fetchSsoSettings,
    staleTime: 0,
    retry: retryUnlessFinal,
    // The page shows its own failure with a retry button.
    meta: { errorToast: false },
  });
}

export function useSaveSsoSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSsoSettings,
    onSuccess: (response) => {
      queryClient.setQueryData(ssoKeys.settings(), response.data);
      // The login page's 'Sign In With' buttons follow the switches.
      void queryClient.invalidateQueries({ queryKey: ssoKeys.providers() });
    },
  });
}

export function useTestSsoConnection() {
  return useMutation({ mutationFn: testSsoConnection });
}
