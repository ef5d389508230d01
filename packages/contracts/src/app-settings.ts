import { z } from 'zod';
import {
  EMAIL_TEMPLATE_EVENTS,
  MESSAGES,
  NAME_MAX_LENGTH,
  validateName,
  validateSearch,
} from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';

// Per-app settings of the Editor API (spec §7, under /api/form/Editor): e-mail templates per event
// (getEmailTemplateFields, updateEmailTemplate), reassignment (setmodulereassignment), the module
// config summary (getmoduleconfig), record templates (recordtemplate create/read/delete/rename/
// orderindex) and the user pickers (UserLookup, UserLookup2). The spec names the calls; the
// sub-paths of recordtemplate and every response shape are ours (documented in OpenAPI).

export const APP_SETTINGS_PATHS = {
  emailTemplateFields: '/api/form/Editor/getEmailTemplateFields',
  updateEmailTemplate: '/api/form/Editor/updateEmailTemplate',
  setReassignment: '/api/form/Editor/setmodulereassignment',
  moduleConfig: '/api/form/Editor/getmoduleconfig',
  recordTemplateCreate: '/api/form/Editor/recordtemplate/create',
  recordTemplateRead: '/api/form/Editor/recordtemplate/read',
  recordTemplateDelete: '/api/form/Editor/recordtemplate/delete',
  recordTemplateRename: '/api/form/Editor/recordtemplate/rename',
  recordTemplateOrder: '/api/form/Editor/recordtemplate/orderindex',
  userLookup: '/api/form/Editor/UserLookup',
  userLookup2: '/api/form/Editor/UserLookup2',
} as const;

/** Texts the spec does not quote; the web app translates them by key (appSettings:server.<key>). */
export const APP_SETTINGS_MESSAGES = {
  appNotFound: 'This app does not exist.',
  templateNotFound: 'This record template does not exist.',
  duplicateTemplateName: 'A record template with this name already exists in this app.',
  duplicateInOrder: 'Each record template may appear only once in the order.',
  invalidEvent: 'Choose one of the e-mail events.',
  unknownPlaceholders: 'Unknown placeholders: {names}',
  subjectLineBreak: 'The subject must be a single line.',
  unknownTemplateFields: 'These are not fields of this app: {names}',
  invalidTemplateValue: 'The value of {name} does not fit its field.',
  templateDataTooLarge: 'The template values are too large.',
  lookupPageTooLong: 'A page holds at most 50 users.',
  emailTemplateSaved: 'E-mail template saved',
  reassignmentSaved: 'Reassignment setting saved',
  recordTemplateCreated: 'Record template created',
  recordTemplateRenamed: 'Record template renamed',
  recordTemplateDeleted: 'Record template deleted',
  recordTemplatesOrdered: 'Record template order saved',
} as const;
export type AppSettingsMessageKey = keyof typeof APP_SETTINGS_MESSAGES;

/** Fills an APP_SETTINGS_MESSAGES template's {placeholders}. */
export const appSettingsMessage = (key: AppSettingsMessageKey, params: Record<string, string> = {}) =>
  APP_SETTINGS_MESSAGES[key].replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);

export const EMAIL_SUBJECT_MAX_LENGTH = 200;
export const EMAIL_BODY_MAX_LENGTH = 20_000;
/** Size of a record template's values as JSON text. */
export const RECORD_TEMPLATE_DATA_MAX_CHARS = 100_000;
export const USER_LOOKUP_MAX_LENGTH = 50;

// Any string: an id that is not one of this tenant's apps is a 404, whatever its shape.
const idText = z.string({ error: MESSAGES.required }).max(64);

export const appSettingsModuleQuerySchema = z.object({ moduleId: idText });

// ---- E-mail templates ----------------------------------------------------------------------------

export const emailTemplateFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  /** The fields every record has (record_id, created_by …); their labels are translated by name. */
  system: z.boolean(),
});
export type EmailTemplateField = z.infer<typeof emailTemplateFieldSchema>;

export const emailTemplateSchema = z.object({
  event: z.enum(EMAIL_TEMPLATE_EVENTS),
  /** In effect: the stored text, or the default where none is stored. */
  subject: z.string(),
  body: z.string(),
  /** What the app stored ('' = the default applies). */
  custom_subject: z.string(),
  custom_body: z.string(),
  default_subject: z.string(),
  default_body: z.string(),
  modified_on: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateFieldsSchema = z.object({
  placeholders: z.array(emailTemplateFieldSchema),
  events: z.array(emailTemplateSchema),
});
export type EmailTemplateFields = z.infer<typeof emailTemplateFieldsSchema>;
export const emailTemplateFieldsResponseSchema = envelope(emailTemplateFieldsSchema);

/** updateEmailTemplate: an empty subject or body means "use the default". */
export const updateEmailTemplateBodySchema = z.object({
  moduleId: idText,
  event: z.enum(EMAIL_TEMPLATE_EVENTS, { error: APP_SETTINGS_MESSAGES.invalidEvent }),
  subject: z
    .string()
    .max(EMAIL_SUBJECT_MAX_LENGTH, MESSAGES.cannotExceed(EMAIL_SUBJECT_MAX_LENGTH))
    .refine((value) => !/[\r\n]/.test(value), APP_SETTINGS_MESSAGES.subjectLineBreak)
    .default(''),
  body: z.string().max(EMAIL_BODY_MAX_LENGTH, MESSAGES.cannotExceed(EMAIL_BODY_MAX_LENGTH)).default(''),
});
export type UpdateEmailTemplateBody = z.input<typeof updateEmailTemplateBodySchema>;
export type UpdateEmailTemplateCommand = z.output<typeof updateEmailTemplateBodySchema>;
export const emailTemplateResponseSchema = envelope(emailTemplateSchema);

// ---- Reassignment and module config --------------------------------------------------------------

export const setReassignmentBodySchema = z.object({
  moduleId: idText,
  isReassignmentDisabled: z.boolean({ error: MESSAGES.required }),
});
export type SetReassignmentBody = z.infer<typeof setReassignmentBodySchema>;
export const reassignmentResponseSchema = envelope(
  z.object({ moduleId: z.string(), is_reassignment_disabled: z.boolean() }),
);

export const moduleConfigSchema = z.object({
  id: z.string(),
  is_reassignment_disabled: z.boolean(),
  module_version: z.number().int(),
  status: z.enum(['Draft', 'Published']),
  /** The default config in use: the published one when the draft's equals it (spec §4). */
  default_config: z.record(z.string(), z.unknown()),
  record_templates: z.number().int(),
});
export type ModuleConfig = z.infer<typeof moduleConfigSchema>;
export const moduleConfigResponseSchema = envelope(moduleConfigSchema);

// ---- Record templates ----------------------------------------------------------------------------

/** A record template's name: required, the spec §5 name rules (40 characters); stored without trailing spaces. */
export const templateNameRule = z
  .string({ error: MESSAGES.required })
  .max(NAME_MAX_LENGTH * 4, MESSAGES.nameTooLong)
  .refine((value) => value.trim() !== '', { message: MESSAGES.required, abort: true })
  .check(refineWith((value) => validateName(value)))
  .transform((value) => value.trimEnd());

export const recordTemplateSchema = z.object({
  id: z.string(),
  module_id: z.string(),
  template_name: z.string(),
  /** Field values by field machine name. */
  data: z.record(z.string(), z.unknown()),
  order_index: z.number().int(),
  created_on: z.string(),
  modified_on: z.string(),
});
export type RecordTemplate = z.infer<typeof recordTemplateSchema>;
export const recordTemplateResponseSchema = envelope(recordTemplateSchema);
export const recordTemplateListResponseSchema = envelope(z.array(recordTemplateSchema));

export const createRecordTemplateBodySchema = z.object({
  moduleId: idText,
  templateName: templateNameRule,
  data: z
    .record(z.string().max(64), z.unknown(), { error: APP_SETTINGS_MESSAGES.invalidTemplateValue })
    .refine(
      (data) => JSON.stringify(data).length <= RECORD_TEMPLATE_DATA_MAX_CHARS,
      APP_SETTINGS_MESSAGES.templateDataTooLarge,
    )
    .default({}),
});
export type CreateRecordTemplateBody = z.input<typeof createRecordTemplateBodySchema>;
export type CreateRecordTemplateCommand = z.output<typeof createRecordTemplateBodySchema>;

export const renameRecordTemplateBodySchema = z.object({ id: idText, templateName: templateNameRule });
export type RenameRecordTemplateBody = z.input<typeof renameRecordTemplateBodySchema>;

export const deleteRecordTemplateBodySchema = z.object({ id: idText });
export const deleteRecordTemplateResponseSchema = envelope(z.object({ id: z.string() }));

export const orderRecordTemplatesBodySchema = z.object({
  moduleId: idText,
  ids: z
    .array(idText, { error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, APP_SETTINGS_MESSAGES.duplicateInOrder),
});
export type OrderRecordTemplatesBody = z.infer<typeof orderRecordTemplatesBodySchema>;

// ---- User lookups --------------------------------------------------------------------------------

export const lookupUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  fullname: z.string(),
  email: z.string(),
});
export type LookupUser = z.infer<typeof lookupUserSchema>;

const searchRule = z.string().trim().max(200).check(refineWith(validateSearch)).default('');

/** UserLookup (POST): a page of the tenant's active users, by search text and/or by ids. */
export const userLookupBodySchema = z.object({
  search: searchRule,
  /** Only these users (for showing the names behind a user field's stored ids). */
  ids: z.array(z.string().max(64)).max(USER_LOOKUP_MAX_LENGTH).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z.coerce
    .number()
    .int()
    .min(1)
    .max(USER_LOOKUP_MAX_LENGTH, APP_SETTINGS_MESSAGES.lookupPageTooLong)
    .default(10),
});
export type UserLookupBody = z.input<typeof userLookupBodySchema>;
export type UserLookupQuery = z.output<typeof userLookupBodySchema>;
export const userLookupResponseSchema = envelope(
  z.object({ items: z.array(lookupUserSchema), total: z.number().int() }),
);

/** UserLookup2 (GET ?search=): the first 50 matching active users. */
export const userLookup2QuerySchema = z.object({ search: searchRule });
export const userLookup2ResponseSchema = envelope(z.array(lookupUserSchema));
