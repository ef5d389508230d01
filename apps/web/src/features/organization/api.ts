import {
  API_PATHS,
  ORGANIZATION_PATHS,
  type CurrentOrganization,
  type OrganizationPreferenceData,
  type SetOrganizationPreferenceBody,
  type TimeZoneOption,
} from '@formloop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/http.ts';
import {
  organizationKeys,
  storeOrganizationPreference,
} from '../../shared/organization/use-organization-preference.ts';

export const setOrganizationTimeZone = (timeZone: string) =>
  http.post<OrganizationPreferenceData>(ORGANIZATION_PATHS.setTimeZone, { timeZone });

export const setOrganizationPreference = (body: SetOrganizationPreferenceBody) =>
  http.post<OrganizationPreferenceData>(ORGANIZATION_PATHS.preference, body);

export interface SaveOrganizationInput {
  timeZone?: string;
  formats?: SetOrganizationPreferenceBody;
}

/**
 * Saves what changed: the time zone and the formats are separate calls (spec §7 names the first);
 * the last answer carries the whole saved preference, which goes to the cache and local storage.
 */
export function useSaveOrganizationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ timeZone, formats }: SaveOrganizationInput) => {
      let last = timeZone === undefined ? null : await setOrganizationTimeZone(timeZone);
      if (formats) last = await setOrganizationPreference(formats);
      return last;
    },
    onSuccess: (response) => {
      if (!response) return;
      storeOrganizationPreference(response.data);
      queryClient.setQueryData<CurrentOrganization>(organizationKeys.current(), (current) =>
        current ? { ...current, preference: response.data } : current,
      );
    },
    // A half-done save (zone saved, formats refused) must show what the server now holds.
    onError: () => queryClient.invalidateQueries({ queryKey: organizationKeys.current() }),
  });
}

export const fetchTimeZones = async () =>
  (await http.get<TimeZoneOption[]>(API_PATHS.timeZones, { query: { iana: true } })).data;

/** The IANA zones with their current offsets (the same list My Profile offers). */
export function useTimeZoneOptions() {
  return useQuery({ queryKey: [...organizationKeys.all, 'timeZones'], queryFn: fetchTimeZones });
}
