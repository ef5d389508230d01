import { z } from 'zod';
import {
  APP_STATUSES,
  DEFAULT_PAGE_SIZE,
  FIELD_CONTROL_LEVELS,
  FIELD_TYPES,
  MESSAGES,
  NAME_MAX_LENGTH,
  PAGE_SIZES,
  validateDescription,
  validateName,
  validateSearch,
  type ModuleDefinition,
} from '@formloop/domain';
import { envelope, fieldErrorSchema, refineWith } from './envelope.ts';

// Apps (modules) and the Editor API of spec §7 (under /api/form/Editor). Paths the spec leaves open
// (ML catalogue lookups' exact shape, usage) are ours and documented in OpenAPI.

export const APPS_PATHS = {
  create: '/api/form/Editor/CreateProcessFromScratch',
  listForms: '/api/form/Editor/ListForms',
  getForm: '/api/form/Editor/GetForm',
  saveForm: '/api/form/Editor/SaveForm',
  publish: '/api/form/Editor/publish',
  deleteForm: '/api/form/Editor/DeleteForm',
  copyFrom: '/api/form/Editor/CopyFrom',
  updateModule: '/api/form/Editor/UpdateModule',
  favouriteList: '/api/form/Editor/Favourite/list',
  favouriteAdd: '/api/form/Editor/Favourite/add',
  favouriteRemove: '/api/form/Editor/Favourite/remove',
  mostUsed: '/api/form/Editor/ListMostUsed',
  /** Ours: records that the caller opened an app (feeds ListMostUsed). */
  usage: '/api/form/Editor/usage',
  listApplications: '/api/form/Editor/ListApplications',
  applicationsDatatables: '/api/form/editor/applications/datatables',
  modulesDatatables: '/api/form/editor/modules/datatables',
  reservedModuleNames: '/api/form/Editor/ReservedModuleNames',
  /** Ours: the example apps Create App offers to start from (a copy, through CopyFrom). */
  examples: '/api/form/Editor/examples',
  reservedFieldNames: '/api/form/Editor/ReservedFieldNames',
  moduleLookup: '/api/form/Editor/ModuleLookup',
  columnLookup: '/api/form/Editor/ColumnLookup',
  /** The apps the caller may enter data into (schemas in workflow-engine.ts). */
  dataEntryLookup: '/api/form/Editor/dataentrylookup',
  mlProviders: '/api/ocrprovider/lookup',
  mlServices: '/api/ocr/getmlservice',
  aiServices: '/api/ocr/getaiservices',
} as const;

/** Texts the spec does not quote; the web app translates them by key (applications:errors.<key>). */
export const APPS_MESSAGES = {
  notFound: 'This app does not exist.',
  duplicateName: 'An app with this name already exists.',
  categoryNotFound: 'This app group does not exist.',
  providerNotFound: 'This OCR provider does not exist.',
  serviceNotFound: 'This machine learning service does not exist.',
  serviceNotOfProvider: 'This service does not belong to the chosen provider.',
  serviceNotLicensed: 'Your organization has no licence for this provider and service.',
  singleServiceOnly: 'This provider takes a single service.',
  serviceWithoutProvider: 'Choose a provider before choosing a service.',
  invalidForm: 'The form has problems; fix them and save again.',
  nothingToPublish: 'Save the form with at least one field before publishing.',
  invalidPermission: 'The field permissions are not valid JSON.',
  invalidServiceList: 'The machine learning services are not valid JSON.',
  appSaved: 'App has been saved',
  formSaved: 'Form has been saved',
  appPublished: 'App has been published',
  appDeleted: 'App has been deleted',
  appCopied: 'App has been copied',
  invalidPageSize: 'The page size must be 10, 20, 50 or 100.',
} as const;
export type AppsMessageKey = keyof typeof APPS_MESSAGES;

/** The Create App / UpdateModule name: required, spec §5 name rules; reserved names are checked by the service. */
export const appNameRule = z
  .string({ error: MESSAGES.required })
  .max(NAME_MAX_LENGTH * 4, MESSAGES.nameTooLong)
  .refine((value) => value.trim() !== '', { message: MESSAGES.required, abort: true })
  .check(refineWith((value) => validateName(value)))
  .transform((value) => value.trimEnd());

export const appDescriptionRule = z
  .string()
  .max(4000, MESSAGES.descriptionTooLong)
  .check(refineWith((value) => validateDescription(value)));

const idText = z.string().max(64);
const optionalId = z
  .string()
  .max(64)
  .nullish()
  .transform((value) => (value ? value : null));

/** Spec §7 CreateProcessFromScratch body. machineLearningServiceId is JSON text: '["id", …]' or '"id"'. */
export const createAppBodySchema = z.object({
  name: appNameRule,
  description: appDescriptionRule.optional().default(''),
  categoryId: optionalId,
  ocrProviderId: optionalId,
  ocrProviderName: z.string().max(200).nullish(),
  machineLearningServiceId: z.string().max(4000).nullish(),
  appIcon: z.string().trim().max(100, MESSAGES.cannotExceed(100)).nullish(),
  addToQuickLaunch: z.boolean().optional().default(false),
});
export type CreateAppBody = z.input<typeof createAppBodySchema>;
export type CreateAppCommand = z.output<typeof createAppBodySchema>;
export const createAppResponseSchema = envelope(z.object({ id: z.string() }));

/**
 * UpdateModule: the Create App fields of an existing app, plus its help file link. Left out,
 * description, group, icon, quick launch, provider/services and help link keep their stored values.
 */
export const updateAppBodySchema = createAppBodySchema.extend({
  id: idText,
  description: appDescriptionRule.optional(),
  /** Left out: kept; null or '': cleared. */
  categoryId: z.string().max(64).nullish(),
  ocrProviderId: z.string().max(64).nullish(),
  addToQuickLaunch: z.boolean().optional(),
  helpFileUrl: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'Enter an http:// or https:// address.' })])
    .nullish(),
});
export type UpdateAppCommand = z.output<typeof updateAppBodySchema>;
export type UpdateAppBody = z.input<typeof updateAppBodySchema>;

export const appSummarySchema = z.object({
  id: z.string(),
  display_name: z.string(),
  module_description: z.string(),
  application_module_category_id: z.string().nullable(),
  category_name: z.string().nullable(),
  category_icon: z.string().nullable(),
  app_icon: z.string().nullable(),
  add_to_quick_launch: z.boolean(),
  module_version: z.number().int(),
  status: z.enum(['Draft', 'Published']),
  is_favourite: z.boolean(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_on: z.string(),
  modified_on: z.string(),
  modified_by_name: z.string().nullable(),
});
export type AppSummary = z.infer<typeof appSummarySchema>;
export const appListResponseSchema = envelope(z.array(appSummarySchema));

/** ListForms: searchTerm matches display name or description, ignoring case; the search character rule applies. */
export const listFormsQuerySchema = z.object({
  searchTerm: z.string().trim().max(200).check(refineWith(validateSearch)).optional(),
});

// ---- The form definition (module_draft / module_published) -------------------------------------

const keyValueSchema = z.object({ key: z.string().max(200), value: z.string().max(2000) });

export const externalSettingsSchema = z.object({
  url: z.string().max(2000),
  requestType: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  headers: z.array(keyValueSchema).max(50),
  body: z.string().max(20_000),
  params: z.array(keyValueSchema).max(50),
  responseFormat: z.enum(['json', 'xml', 'text']),
  responsePath: z.string().max(500),
  dataType: z.string().max(50),
  resultType: z.string().max(50),
  addGovHeaders: z.boolean(),
});

export const lookupSettingsSchema = z.object({
  flowToLookUp: z.string().max(200),
  moduleId: z.string().max(64),
  filters: z
    .array(
      z.object({
        field: z.string().max(64),
        operator: z.string().max(20),
        value: z.string().max(500),
        valueFromField: z.boolean(),
      }),
    )
    .max(20),
  sortValuesBy: z.string().max(64),
  sortType: z.enum(['asc', 'desc']),
  selectFieldsByThisProcess: z.array(z.string().max(64)).max(100),
  hideFields: z.array(z.string().max(64)).max(100),
  autoSelectFirstValueByFilters: z.boolean(),
  isTable: z.boolean(),
  tableName: z.string().max(64),
});

export const buttonSettingsSchema = z.object({
  submitAllFields: z.boolean(),
  showAsLink: z.boolean(),
  renderType: z.enum(['text', 'html', 'table', 'json']),
  renderTarget: z.string().max(64),
  showInModal: z.boolean(),
});

/** One field of the payload: the catalogue settings (spec §3) and its place (rowIndex, columnIndex). */
export const payloadFieldSchema = z.object({
  id: z.string().min(1).max(64),
  fieldType: z.enum(FIELD_TYPES),
  fieldName: z.string().max(200),
  // Names, widths and the numeric settings below are checked by validateFormDefinition, which
  // answers with located issues (FormIssue) rather than a bare schema error.
  name: z.string().max(200),
  required: z.boolean(),
  helpText: z.string().max(2000),
  value: z.unknown(),
  isComputedField: z.boolean(),
  formula: z.string().max(2000),
  regex: z.string().max(500),
  columnWidth: z.number(),
  placeholder: z.string().max(200).optional(),
  disabled: z.boolean().optional(),
  today: z.boolean().optional(),
  now: z.boolean().optional(),
  decimalPlaces: z.number().optional(),
  format: z.enum(['None', 'Thousands', 'Currency', 'Percentage']).optional(),
  listToUse: z.string().max(64).optional(),
  minValue: z.number().optional(),
  maxValue: z.number().optional(),
  intervalSize: z.number().optional(),
  maxRating: z.number().optional(),
  multiUserSelected: z.boolean().optional(),
  sequenceFormat: z.string().max(100).optional(),
  stepSequence: z.number().int().min(1).max(1000).optional(),
  lookup: lookupSettingsSchema.optional(),
  external: externalSettingsSchema.optional(),
  button: buttonSettingsSchema.optional(),
  accept: z.string().max(200).optional(),
  maxSizeMb: z.number().positive().max(100).optional(),
  displayName: z.string().max(200),
  label: z.string().max(200),
  editorType: z.string().max(50),
  rowIndex: z.number().int().min(0).max(10_000),
  columnIndex: z.number().int().min(0).max(10_000),
  isTable: z.boolean(),
  headers: z.array(z.string().max(200)).max(200).optional(),
});

export const payloadGroupSchema = z.object({
  displayName: z.string().max(200),
  sectionIndex: z.number().int().min(0),
  name: z.string().max(200),
  orderIndex: z.number().int().min(0),
  isTable: z.boolean(),
  minimumRowCount: z.number().int().min(0).max(10_000),
  maximumRowCount: z.number().int().min(0).max(10_000),
  fields: z.array(payloadFieldSchema).max(1000),
});

/** Spec §3 form payload. */
export const formPayloadSchema = z.object({
  formName: z.string().max(200),
  displayName: z.string().max(200),
  isPublished: z.boolean(),
  fieldGroups: z.array(payloadGroupSchema).max(200),
});

export const activityPermissionSchema = z.object({
  activityId: z.string().max(100),
  fields: z.array(z.object({ name: z.string().max(64), control: z.enum(FIELD_CONTROL_LEVELS) })).max(2000),
  fieldGroups: z
    .array(z.object({ name: z.string().max(64), control: z.enum(FIELD_CONTROL_LEVELS) }))
    .max(200),
});

/** Spec §7 SaveForm: id; data = form payload; permission as JSON text; workflow; defaultConfig. */
export const saveFormBodySchema = z.object({
  id: idText,
  data: formPayloadSchema,
  permission: z.string().max(1_000_000).optional().default('[]'),
  workflow: z.record(z.string(), z.unknown()).nullish(),
  defaultConfig: z.record(z.string(), z.unknown()).optional().default({}),
});
export type SaveFormBody = z.input<typeof saveFormBodySchema>;

/** A problem in a saved form, located so the editor can select the field (and underline a formula). */
export const formIssueSchema = z.object({
  /** Field id, or the group name for group problems. */
  target: z.string(),
  kind: z.enum(['field', 'group', 'form']),
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  start: z.number().int().optional(),
  end: z.number().int().optional(),
});
export type FormIssue = z.infer<typeof formIssueSchema>;

export const saveFormResponseSchema = envelope(z.object({ id: z.string(), modified_on: z.string() }));
export const publishBodySchema = z.object({ id: idText });
export const publishResponseSchema = envelope(z.object({ id: z.string(), module_version: z.number().int() }));
export const deleteFormBodySchema = z.object({ moduleId: idText });
export const copyFromBodySchema = z.object({ moduleId: idText, name: appNameRule });
export const favouriteBodySchema = z.object({ moduleId: idText, isAdd: z.boolean() });
export const moduleIdQuerySchema = z.object({ moduleId: idText });
export const getFormQuerySchema = z.object({ id: idText });

/** What module_draft / module_published hold (spec §3), as GetForm returns them. */
export type ModuleDefinitionDto = ModuleDefinition;
export const moduleDefinitionSchema = z.object({
  fieldGroups: z.array(payloadGroupSchema),
  defaultConfig: z.record(z.string(), z.unknown()),
  permission: z.array(activityPermissionSchema),
});

const appVersionSchema = z.object({
  module_version: z.number().int(),
  published_on: z.string(),
  published_by_name: z.string().nullable(),
});
export type AppVersionDto = z.infer<typeof appVersionSchema>;

/** GetForm data (spec §7: drafts, published versions, workflows, email templates). */
export const appDetailSchema = appSummarySchema.extend({
  ocr_provider_id: z.string().nullable(),
  ocr_provider_name: z.string().nullable(),
  ml_service_id: z.array(z.string()),
  help_file_url: z.string().nullable(),
  is_reassignment_disabled: z.boolean(),
  module_draft: moduleDefinitionSchema,
  module_published: moduleDefinitionSchema.nullable(),
  workflow_draft: z.record(z.string(), z.unknown()).nullable(),
  workflow_published: z.record(z.string(), z.unknown()).nullable(),
  email_templates: z.array(z.object({ event: z.string(), subject: z.string(), body: z.string() })),
  /** Every published version, newest first. */
  versions: z.array(appVersionSchema),
});
/** The definitions typed with the domain's form model. */
export type AppDetail = Omit<z.infer<typeof appDetailSchema>, 'module_draft' | 'module_published'> & {
  module_draft: ModuleDefinitionDto;
  module_published: ModuleDefinitionDto | null;
};
export const appDetailResponseSchema = envelope(appDetailSchema);

export const favouriteSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  title: z.string(),
  category_icon: z.string().nullable(),
});
export const favouriteListResponseSchema = envelope(z.array(favouriteSchema));

/** ModuleLookup: published apps, each followed by its table groups (is_table, table_name set). */
export const moduleLookupSchema = z.object({
  module_id: z.string(),
  display_name: z.string(),
  is_table: z.boolean(),
  table_name: z.string().nullable(),
});
export const columnLookupSchema = z.object({
  name: z.string(),
  label: z.string(),
  fieldType: z.string(),
  group: z.string(),
  isTable: z.boolean(),
});

export const mlProviderSchema = z.object({
  id: z.string(),
  ocr_provider_name: z.string(),
  single_service: z.boolean(),
});
/** licensed: whether the tenant holds AI_{PROVIDER}_{SERVICE}; the dialog disables the others. */
export const mlServiceSchema = z.object({
  id: z.string(),
  ml_service_name: z.string(),
  licensed: z.boolean(),
});
export const aiServiceSchema = z.object({
  id: z.string(),
  ai_service_name: z.string(),
  ai_service_code: z.string(),
});
/** Spec §7: ML providers and services come as items. */
export const mlProvidersResponseSchema = envelope(z.object({ items: z.array(mlProviderSchema) }));
export const mlServicesResponseSchema = envelope(z.object({ items: z.array(mlServiceSchema) }));
export const aiServicesResponseSchema = envelope(z.array(aiServiceSchema));
export type MlProvider = z.infer<typeof mlProviderSchema>;
export type MlService = z.infer<typeof mlServiceSchema>;
export type AiService = z.infer<typeof aiServiceSchema>;
export const mlServicesQuerySchema = z.object({ providerId: idText });
export const aiServicesQuerySchema = z.object({ mlServiceId: idText });

// ---- Responses ---------------------------------------------------------------------------------

/** SaveForm and publish answer a bad form with 400, message APPS_MESSAGES.invalidForm and every issue. */
export const formInvalidResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z
    .object({
      code: z.string(),
      key: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
      errors: z.array(fieldErrorSchema).optional(),
      issues: z.array(formIssueSchema).optional(),
    })
    .nullable(),
});

export const appSummaryResponseSchema = envelope(appSummarySchema);
export const appIdResponseSchema = envelope(z.object({ id: z.string() }));
export const favouriteChangeResponseSchema = envelope(
  z.object({ id: z.string(), is_favourite: z.boolean() }),
);
export const usageBodySchema = z.object({ moduleId: idText });
export const usageResponseSchema = envelope(z.object({ id: z.string(), use_count: z.number().int() }));

/** ListMostUsed: the caller's most opened apps, with how often and when last. */
export const mostUsedSchema = appSummarySchema.extend({
  use_count: z.number().int(),
  last_used_at: z.string(),
});
export type MostUsedApp = z.infer<typeof mostUsedSchema>;
export const mostUsedResponseSchema = envelope(z.array(mostUsedSchema));

export const reservedNamesResponseSchema = envelope(z.array(z.string()));
export const moduleLookupResponseSchema = envelope(z.array(moduleLookupSchema));

export const columnLookupResponseSchema = envelope(z.array(columnLookupSchema));
export type ModuleLookupEntry = z.infer<typeof moduleLookupSchema>;
export type ColumnLookupEntry = z.infer<typeof columnLookupSchema>;

// ---- Data tables (spec §3 data table request) --------------------------------------------------

const SORT = ['display_name', 'modified_on', 'created_on', 'status', 'category_name'] as const;
export const APP_SORT_COLUMNS = SORT;
export type AppSortColumn = (typeof APP_SORT_COLUMNS)[number];

/** status: 'Draft' or 'Published'; application_module_category_id: a group id, or '' for apps without one. */
export const appDataTableRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z.literal(PAGE_SIZES, { error: APPS_MESSAGES.invalidPageSize }).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).check(refineWith(validateSearch)).default(''),
  orders: z
    .array(z.object({ column: z.enum(APP_SORT_COLUMNS), dir: z.enum(['asc', 'desc']) }))
    .max(4)
    .default([{ column: 'display_name', dir: 'asc' }]),
  filters: z
    .array(
      z.discriminatedUnion('field', [
        z.object({
          field: z.literal('status'),
          operator: z.literal('eq').default('eq'),
          value: z.enum(APP_STATUSES),
        }),
        z.object({
          field: z.literal('application_module_category_id'),
          operator: z.literal('eq').default('eq'),
          value: z.string().max(64),
        }),
      ]),
    )
    .max(10)
    .default([]),
  columns: z.array(z.unknown()).optional(),
});
export type AppDataTableRequest = z.input<typeof appDataTableRequestSchema>;
export type AppDataTableQuery = z.output<typeof appDataTableRequestSchema>;

export const appDataTableSchema = z.object({
  data: z.array(appSummarySchema),
  /** Apps the list could show, whatever the search and filters. */
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
});
export type AppDataTable = z.infer<typeof appDataTableSchema>;
export const appDataTableResponseSchema = envelope(appDataTableSchema);
