import {
  API_PATHS,
  type ChangePasswordBody,
  type SaveSecurityQuestionsBody,
  type SecurityPolicy,
  type SecurityQuestions,
  type TimeZoneOption,
  type UpdateUserProfileBody,
  type UserProfile,
} from '@formloop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/http.ts';
import { syncAuthUserInfo } from './sync-auth.ts';

/** Query keys of the profile feature. */
export const profileKeys = {
  all: ['profile'] as const,
  userInfo: () => [...profileKeys.all, 'userInfo'] as const,
  timeZones: () => [...profileKeys.all, 'timeZones'] as const,
  policy: () => [...profileKeys.all, 'policy'] as const,
  securityQuestions: () => [...profileKeys.all, 'securityQuestions'] as const,
};

export interface SharedKey {
  sharedKey: string;
  authenticatorUri: string;
  is2faEnabled: boolean;
}

// ---- calls ----

export const fetchUserProfile = async () => (await http.get<UserProfile>(API_PATHS.userInfo)).data;

export const updateUserProfile = (body: UpdateUserProfileBody) =>
  http.post<UserProfile>(API_PATHS.userInfo, body);

export const fetchTimeZones = async () =>
  (await http.get<TimeZoneOption[]>(API_PATHS.timeZones, { query: { iana: true } })).data;

export const setUserTimeZone = (timeZone: string) =>
  http.post<{ time_zone: string }>(API_PATHS.setUserTimeZone, { timeZone });

export const changePassword = (body: ChangePasswordBody) => http.post<null>(API_PATHS.changePassword, body);

export const fetchSecurityPolicy = async () =>
  (await http.get<SecurityPolicy>(API_PATHS.securityPolicy)).data;

export const fetchSecurityQuestions = async () =>
  (await http.get<SecurityQuestions>(API_PATHS.securityQuestions)).data;

export const saveSecurityQuestions = (body: SaveSecurityQuestionsBody) =>
  http.post<null>(API_PATHS.saveSecurityQuestions, body);

/** Starts enrolment: a new secret while 2FA is off (the server keeps it until enabled or disabled). */
export const fetchSharedKey = async () => (await http.get<SharedKey>(API_PATHS.sharedKeyQrCodeUri)).data;

export const enableAuthenticator = (code: string) =>
  http.post<{ recoveryCodes: string[] }>(API_PATHS.enableAuthenticator, { code });

export const disableAuthenticator = () => http.post<null>(API_PATHS.disableAuthenticator);

// ---- hooks ----

export function useUserProfile() {
  return useQuery({ queryKey: profileKeys.userInfo(), queryFn: fetchUserProfile, staleTime: 0 });
}

/** Keeps the cached profile and the signed-in user's info in step with what the server saved. */
function useProfileWriter() {
  const queryClient = useQueryClient();
  return (profile: UserProfile) => {
    queryClient.setQueryData(profileKeys.userInfo(), profile);
    syncAuthUserInfo(profile);
  };
}

export function useUpdateUserProfile() {
  const write = useProfileWriter();
  return useMutation({
    mutationFn: updateUserProfile,
    onSuccess: (response) => write(response.data),
  });
}

export function useTimeZones() {
  return useQuery({ queryKey: profileKeys.timeZones(), queryFn: fetchTimeZones });
}

export function useSetUserTimeZone() {
  const queryClient = useQueryClient();
  const write = useProfileWriter();
  return useMutation({
    mutationFn: setUserTimeZone,
    onSuccess: (response) => {
      const current = queryClient.getQueryData<UserProfile>(profileKeys.userInfo());
      const zone = response.data.time_zone;
      if (current) write({ ...current, time_zone: zone, config: { ...current.config, time_zone: zone } });
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

export function useSecurityPolicy() {
  return useQuery({ queryKey: profileKeys.policy(), queryFn: fetchSecurityPolicy });
}

export function useSecurityQuestions() {
  return useQuery({
    queryKey: profileKeys.securityQuestions(),
    queryFn: fetchSecurityQuestions,
    staleTime: 0,
  });
}

export function useSaveSecurityQuestions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSecurityQuestions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.securityQuestions() }),
  });
}

/** Whether 2FA is on changes the profile (is2faEnabled) and what the shell shows. */
function useTwoFactorChanged() {
  const queryClient = useQueryClient();
  const write = useProfileWriter();
  return (enabled: boolean) => {
    const current = queryClient.getQueryData<UserProfile>(profileKeys.userInfo());
    if (current) write({ ...current, is2faEnabled: enabled });
  };
}

export function useStartAuthenticator() {
  const changed = useTwoFactorChanged();
  return useMutation({
    mutationFn: fetchSharedKey,
    // Turned on elsewhere meanwhile (another tab or device): show it as on.
    onSuccess: (data) => {
      if (data.is2faEnabled) changed(true);
    },
  });
}

export function useEnableAuthenticator() {
  const changed = useTwoFactorChanged();
  return useMutation({ mutationFn: enableAuthenticator, onSuccess: () => changed(true) });
}

export function useDisableAuthenticator() {
  const changed = useTwoFactorChanged();
  return useMutation({ mutationFn: disableAuthenticator, onSuccess: () => changed(false) });
}
