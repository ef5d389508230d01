// Contracts of this area: schemas and its own paths const (kept here, not in API_PATHS, so areas do not collide).
import { z } from 'zod';
import { DATE_FORMATS, MESSAGES, TIME_FORMATS } from '@formloop/domain';
import { envelope } from './envelope.ts';

/** Organization preference (spec §3, §7): everyone reads it, settings roles change it. */
export const ORGANIZATION_PATHS = {
  current: '/api/sys/organization/current',
  setTimeZone: '/api/sys/organization/setorganizationtimezone',
  preference: '/api/sys/organization/preference',
} as const;

// English source texts of this area's own messages; the web app translates them by key
// (ORGANIZATION_MESSAGES → organization:messages.<key>).
export const ORGANIZATION_MESSAGES = {
  invalidTimeZone: 'Choose a time zone from the list.',
  invalidDateFormat: 'Choose one of the offered date formats.',
  invalidDatetimeFormat: 'Choose one of the offered date and time formats.',
  invalidTimeFormat: 'Choose one of the offered time formats.',
  timeZoneSaved: 'The organization time zone has been saved.',
  preferenceSaved: 'The organization preference has been saved.',
} as const;
export type OrganizationMessageKey = keyof typeof ORGANIZATION_MESSAGES;

/** A date format followed by a time format: every pairing the spec's constants allow. */
export const ORGANIZATION_DATETIME_FORMATS = DATE_FORMATS.flatMap((date) =>
  TIME_FORMATS.map((time) => `${date} ${time}`),
);

export const organizationPreferenceSchema = z.object({
  time_zone: z.string(),
  date_format: z.string(),
  datetime_format: z.string(),
  time_format: z.string(),
});
export type OrganizationPreferenceData = z.infer<typeof organizationPreferenceSchema>;

/** GET current: the preference plus the tenant's name and support contact (shell footer, help). */
export const currentOrganizationSchema = z.object({
  preference: organizationPreferenceSchema,
  name: z.string(),
  company: z.string(),
  support_email: z.string().nullable(),
  person_in_charge_phone: z.string().nullable(),
});
export type CurrentOrganization = z.infer<typeof currentOrganizationSchema>;
export const currentOrganizationResponseSchema = envelope(currentOrganizationSchema);

/** POST setorganizationtimezone: an IANA zone or 'UTC'; 'GMT Standard Time' is stored as UTC. */
export const setOrganizationTimeZoneBodySchema = z.object({
  timeZone: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { message: MESSAGES.required, abort: true })
    .max(64, ORGANIZATION_MESSAGES.invalidTimeZone),
});
export type SetOrganizationTimeZoneBody = z.infer<typeof setOrganizationTimeZoneBodySchema>;

/** POST preference: the three display formats, each one of the offered choices. */
export const setOrganizationPreferenceBodySchema = z.object({
  date_format: z.enum(DATE_FORMATS, { error: ORGANIZATION_MESSAGES.invalidDateFormat }),
  datetime_format: z
    .string({ error: ORGANIZATION_MESSAGES.invalidDatetimeFormat })
    .refine(
      (value) => ORGANIZATION_DATETIME_FORMATS.includes(value),
      ORGANIZATION_MESSAGES.invalidDatetimeFormat,
    ),
  time_format: z.enum(TIME_FORMATS, { error: ORGANIZATION_MESSAGES.invalidTimeFormat }),
});
export type SetOrganizationPreferenceBody = z.infer<typeof setOrganizationPreferenceBodySchema>;

export const organizationPreferenceResponseSchema = envelope(organizationPreferenceSchema);
