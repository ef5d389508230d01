import {
  ORGANIZATION_PATHS,
  type CurrentOrganization,
  type OrganizationPreferenceData,
} from '@formloop/contracts';
import { withPreferenceDefaults } from '@formloop/domain';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type ConfigType } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { http } from '../api/http.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Spec §3: the organization preference is kept in local storage. */
export const ORGANIZATION_PREFERENCE_STORAGE_KEY = 'formloop.organization.preference';

export const organizationKeys = {
  all: ['organization'] as const,
  current: () => [...organizationKeys.all, 'current'] as const,
};

// Parsed again only when the stored text changes (another tab, a sign-out clearing storage), so
// formatDate stays cheap in long tables.
let cached: { raw: string | null; preference: OrganizationPreferenceData } | null = null;

function readStorage(): string | null {
  try {
    return localStorage.getItem(ORGANIZATION_PREFERENCE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The stored preference, or the spec defaults; 'GMT Standard Time' always reads as UTC. */
export function storedOrganizationPreference(): OrganizationPreferenceData {
  const raw = readStorage();
  if (cached?.raw === raw) return cached.preference;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(raw ?? 'null');
  } catch {
    // A damaged entry is as good as none: the defaults apply until the next fetch rewrites it.
  }
  const preference = withPreferenceDefaults(
    typeof parsed === 'object' ? (parsed as Record<string, unknown> | null) : null,
  );
  cached = { raw, preference };
  return preference;
}

export function storeOrganizationPreference(preference: Partial<OrganizationPreferenceData>): void {
  const complete = withPreferenceDefaults(preference);
  try {
    localStorage.setItem(ORGANIZATION_PREFERENCE_STORAGE_KEY, JSON.stringify(complete));
  } catch {
    // Storage full or blocked: formatDate falls back to the defaults; the page still shows the server's.
  }
}

export const fetchCurrentOrganization = async () =>
  (await http.get<CurrentOrganization>(ORGANIZATION_PATHS.current)).data;

/**
 * GET /api/sys/organization/current, written through to local storage. Until it answers (and if it
 * fails) the stored preference is used, so dates render at once in the organization's formats.
 */
export function useOrganizationPreference() {
  const query = useQuery({
    queryKey: organizationKeys.current(),
    queryFn: async () => {
      const current = await fetchCurrentOrganization();
      storeOrganizationPreference(current.preference);
      return { ...current, preference: withPreferenceDefaults(current.preference) };
    },
    // Read by the shell on every page: a failure falls back to the stored or default formats quietly;
    // the organization page shows its own error with a retry.
    meta: { errorToast: false },
  });
  return {
    preference: query.data?.preference ?? storedOrganizationPreference(),
    organization: query.data ?? null,
    isPending: query.isPending,
    isError: query.isError,
    refetch: query.refetch,
  };
}

export type DateKind = 'date' | 'datetime' | 'time';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date in the organization's formats: an instant is shown in the organization's time zone; a
 * plain calendar date ('2026-03-01') has no zone and is shown as it is. Empty or invalid gives ''.
 */
export function formatDate(
  value: ConfigType | null | undefined,
  kind: DateKind = 'datetime',
  preference: OrganizationPreferenceData = storedOrganizationPreference(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const format =
    kind === 'date'
      ? preference.date_format
      : kind === 'time'
        ? preference.time_format
        : preference.datetime_format;
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    const day = dayjs(value);
    return day.isValid() ? day.format(format) : '';
  }
  const instant = dayjs(value);
  if (!instant.isValid()) return '';
  try {
    return instant.tz(preference.time_zone).format(format);
  } catch {
    // A zone this browser does not know: show the browser's own time rather than nothing.
    return instant.format(format);
  }
}
