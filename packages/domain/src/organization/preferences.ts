// Organisation preference (spec §3): time zone and the date/time display formats, with the
// spec's defaults. The web app keeps it in local storage; the server returns it from
// /api/sys/organization/current.
import {
  DEFAULT_DATE_FORMAT,
  DEFAULT_DATETIME_FORMAT,
  DEFAULT_TIME_FORMAT,
  DEFAULT_TIME_ZONE,
} from '../constants.ts';

export interface OrganizationPreference {
  time_zone: string;
  date_format: string;
  datetime_format: string;
  time_format: string;
}

export const DEFAULT_ORGANIZATION_PREFERENCE: Readonly<OrganizationPreference> = Object.freeze({
  time_zone: DEFAULT_TIME_ZONE,
  date_format: DEFAULT_DATE_FORMAT,
  datetime_format: DEFAULT_DATETIME_FORMAT,
  time_format: DEFAULT_TIME_FORMAT,
});

/** The Windows zone name that older tenants stored and the spec maps to UTC. */
export const GMT_STANDARD_TIME = 'GMT Standard Time';

/**
 * Maps the Windows zone 'GMT Standard Time' to 'UTC', as the spec requires (strictly, Windows uses
 * that name for London with summer time; the product has always treated it as UTC, and tenants'
 * stored dates rely on it). Missing or blank zones get the default; any other value is returned
 * unchanged, since only the browser or the server's zone database can tell whether it is valid.
 */
export function normaliseTimeZone(tz: string | null | undefined): string {
  if (tz === null || tz === undefined || tz.trim() === '') return DEFAULT_TIME_ZONE;
  return tz.trim() === GMT_STANDARD_TIME ? 'UTC' : tz;
}

/**
 * A complete preference from what the server or local storage holds: missing, non-string or blank
 * entries take their defaults and the time zone is normalised.
 */
export function withPreferenceDefaults(
  partial: Partial<Record<keyof OrganizationPreference, unknown>> | null | undefined,
): OrganizationPreference {
  const pick = (key: keyof OrganizationPreference): string => {
    const value = partial?.[key];
    return typeof value === 'string' && value.trim() !== '' ? value : DEFAULT_ORGANIZATION_PREFERENCE[key];
  };
  return {
    time_zone: normaliseTimeZone(pick('time_zone')),
    date_format: pick('date_format'),
    datetime_format: pick('datetime_format'),
    time_format: pick('time_format'),
  };
}
