import { z } from 'zod';
import { envelope } from './envelope.ts';
import { externalSettingsSchema } from './apps.ts';
import { recordFilterSchema } from './records.ts';

// Lookups to another app's records (RecordModuleLookup, recordModuleLookup2, AggregateLookup), the
// server-side proxy for external URLs (RemoteUrl) and the government (MTD fraud-prevention) headers
// (govheaders). The caller must be able to see the app looked up (otherwise 404).

export const RECORD_LOOKUP_PATHS = {
  recordModuleLookup: '/api/EntryModule/RecordModuleLookup',
  recordModuleLookup2: '/api/EntryModule/recordModuleLookup2',
  aggregateLookup: '/api/EntryModule/AggregateLookup',
  remoteUrl: '/api/form/Editor/RemoteUrl',
  govHeaders: '/api/EntryModule/govheaders',
} as const;

export const RECORD_LOOKUP_MESSAGES = {
  appNotFound: 'The app looked up does not exist.',
  unknownField: 'The app looked up has no field with this name.',
  urlNotAllowed: 'This address cannot be called from the server.',
  urlInvalid: 'The address is not a valid http(s) URL.',
  remoteFailed: 'The external service did not answer ({status}).',
  remoteTimeout: 'The external service did not answer in time.',
  remoteTooLarge: 'The external service answered with too much data.',
  pathNotFound: 'The answer has nothing at the response path.',
  notNumberField: 'This field does not hold numbers.',
  fieldNotExternal: 'This field does not call an external service.',
} as const;
export type RecordLookupMessageKey = keyof typeof RECORD_LOOKUP_MESSAGES;

/** RecordModuleLookup: a page of another app's submitted records, only the fields asked for. */
export const recordModuleLookupBodySchema = z.object({
  moduleId: z.string().trim().min(1).max(64),
  /** Fields to return; every field when empty. */
  fields: z.array(z.string().max(200)).max(200).default([]),
  filters: z.array(recordFilterSchema).max(20).default([]),
  /** Text to match (contains, ignoring case) in searchField, or in any text field when none. */
  search: z.string().max(200).default(''),
  searchField: z.string().max(200).optional(),
  sortValuesBy: z.string().max(200).optional(),
  sortType: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z.coerce.number().int().min(1).max(100).default(20),
});
export type RecordModuleLookupBody = z.input<typeof recordModuleLookupBodySchema>;
export const lookupRecordSchema = z.object({
  id: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type LookupRecord = z.infer<typeof lookupRecordSchema>;
export const recordModuleLookupResponseSchema = envelope(
  z.object({ data: z.array(lookupRecordSchema), hasMore: z.boolean() }),
);

/** recordModuleLookup2?moduleId&field&search: distinct values of one field (first 50). */
export const recordModuleLookup2QuerySchema = z.object({
  moduleId: z.string().trim().min(1).max(64),
  field: z.string().trim().min(1).max(200),
  search: z.string().max(200).default(''),
});
export const lookupValuesResponseSchema = envelope(
  z.array(z.object({ value: z.unknown(), label: z.string(), recordId: z.string() })),
);

export const AGGREGATES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export const aggregateLookupBodySchema = z.object({
  moduleId: z.string().trim().min(1).max(64),
  field: z.string().max(200).default(''),
  aggregate: z.enum(AGGREGATES),
  filters: z.array(recordFilterSchema).max(20).default([]),
});
export const aggregateLookupResponseSchema = envelope(z.object({ value: z.number().nullable() }));

/**
 * RemoteUrl. In a running app the caller names the field (moduleId + fieldName) and sends the form's
 * values: the server takes url, headers, body and params from the published definition and fills
 * their {field} placeholders from the values, so secrets in headers never need the browser. Builders
 * (form editor) may instead send the settings themselves to try them out.
 */
export const remoteUrlBodySchema = externalSettingsSchema.partial().extend({
  moduleId: z.string().max(64).optional(),
  fieldName: z.string().max(200).optional(),
  /** Table cell fields: the table group holding the field. */
  groupName: z.string().max(200).optional(),
  values: z.record(z.string().max(200), z.unknown()).optional(),
  /** Gov-Client-* values only the browser knows (screens, window size, time zone, device id). */
  govClient: z.record(z.string().max(100), z.string().max(2000)).optional(),
});
export type RemoteUrlBody = z.input<typeof remoteUrlBodySchema>;
export const remoteUrlResponseSchema = envelope(
  z.object({
    status: z.number().int(),
    /** The value at responsePath (the whole answer when none), parsed per responseFormat. */
    data: z.unknown(),
  }),
);

/**
 * The govClient keys of RemoteUrl (addGovHeaders) and the HMRC fraud-prevention header each fills
 * (connection method WEB_APP_VIA_SERVER). Values in HMRC's formats, e.g. timezone 'UTC+01:00',
 * screens 'width=1920&height=1080&scaling-factor=1&colour-depth=24', windowSize
 * 'width=1256&height=803', deviceId a UUID the browser keeps. The server adds the rest.
 */
export const GOV_CLIENT_HEADERS = {
  timezone: 'Gov-Client-Timezone',
  screens: 'Gov-Client-Screens',
  windowSize: 'Gov-Client-Window-Size',
  browserJsUserAgent: 'Gov-Client-Browser-JS-User-Agent',
  deviceId: 'Gov-Client-Device-ID',
  multiFactor: 'Gov-Client-Multi-Factor',
} as const;
export type GovClientKey = keyof typeof GOV_CLIENT_HEADERS;

/** govheaders: the fraud-prevention headers the server adds (public IP, vendor, connection method). */
export const govHeadersResponseSchema = envelope(z.record(z.string(), z.string()));
