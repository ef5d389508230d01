import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  FILTER_OPERATORS,
  PAGE_SIZES,
  RECORD_STATUSES,
  validateSearch,
} from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';
import { moduleDefinitionSchema } from './apps.ts';

// Records (spec §2 /module/{moduleId}, /item-editor/*; §3 record list columns, data table request,
// filters; §4 status; §7 /api/EntryModule/). Every signed-in user reaches these; what they may do is
// the app's grants (view/create/edit/delete) unless they build apps (full users, consultants).

export const RECORDS_PATHS = {
  /** Ours: the published form of an app as its users fill it in, and what the caller may do. */
  form: '/api/EntryModule/form/:moduleId',
  save: '/api/EntryModule/save',
  submit: '/api/EntryModule/submit',
  detail: '/api/EntryModule/:recordId/detail',
  summary: '/api/EntryModule/summary/:moduleId',
  datatables: '/api/EntryModule/datatables',
  draftDatatables: '/api/EntryModule/draftdatatables',
  deleteById: '/api/EntryModule/deletebyId',
  deleteByIds: '/api/EntryModule/deletebyIds',
  /** Ours: the filtered list as CSV or XLSX (same request as datatables, plus format). */
  export: '/api/EntryModule/export',
  sendComment: '/api/EntryModule/sendComment',
  comments: '/api/EntryModule/:recordId/comments',
  loadComment: '/api/EntryModule/loadcomment',
  setUserConfig: '/api/form/Editor/setuserconfig',
  applyConfigAllUser: '/api/form/Editor/applyconfigalluser',
  /** Ours: the table configuration the caller sees (theirs, the app's for everyone, or none). */
  getUserConfig: '/api/form/Editor/getuserconfig',
  /** Ours: how far the background build of an app's list indexes ("fast filters") is (builders). */
  indexProgress: '/api/form/Editor/indexprogress',
} as const;

export const recordPath = {
  form: (moduleId: string) => `/api/EntryModule/form/${encodeURIComponent(moduleId)}`,
  detail: (recordId: string) => `/api/EntryModule/${encodeURIComponent(recordId)}/detail`,
  summary: (moduleId: string) => `/api/EntryModule/summary/${encodeURIComponent(moduleId)}`,
  comments: (recordId: string) => `/api/EntryModule/${encodeURIComponent(recordId)}/comments`,
};

/** Texts the spec does not quote; the web app translates them by key (records:errors.<key>). */
export const RECORDS_MESSAGES = {
  appNotFound: 'This app does not exist.',
  notPublished: 'This app has not been published yet.',
  recordNotFound: 'This entry does not exist.',
  invalidValues: 'Some values are not valid; fix them and save again.',
  alreadySubmitted: 'This entry has already been submitted.',
  staleRecord: 'Someone else changed this entry; reload it and try again.',
  notAllowedCreate: 'You may not create entries in this app.',
  notAllowedEdit: 'You may not change entries in this app.',
  notAllowedDelete: 'You may not delete entries in this app.',
  unknownField: 'This app has no field or column with this name.',
  badFilterValue: 'This filter value does not suit the field.',
  invalidPageSize: 'Page size must be 10, 20, 50 or 100.',
  commentRequired: 'Write a comment first.',
  commentTooLong: 'Comments can be at most 4000 characters.',
  /** applyconfigalluser when the caller has no table configuration to copy. */
  noListConfig: 'Save your table settings first, then apply them to every user.',
  /** Spec §8: the default text when deleting entries fails. */
  deleteFailed: 'Error deleting entry',
} as const;
export type RecordsMessageKey = keyof typeof RECORDS_MESSAGES;

const idText = z.string().trim().min(1).max(64);
const recordValues = z.record(z.string().max(200), z.unknown());

// ---- The form an end user fills in -------------------------------------------------------------

export const recordFormSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  module_description: z.string(),
  app_icon: z.string().nullable(),
  module_version: z.number().int(),
  definition: moduleDefinitionSchema,
  /** What the caller may do with this app's entries. */
  can: z.object({
    create: z.boolean(),
    edit: z.boolean(),
    delete: z.boolean(),
    configureForAll: z.boolean(),
  }),
  /** Whether the app has a published workflow (issue 7): submit starts it. */
  hasWorkflow: z.boolean(),
});
export type RecordForm = z.infer<typeof recordFormSchema>;
export const recordFormResponseSchema = envelope(recordFormSchema);

// ---- Records ----------------------------------------------------------------------------------

export const recordRowSchema = z.object({
  id: z.string(),
  module_id: z.string(),
  module_version: z.number().int(),
  data: recordValues,
  is_draft: z.boolean(),
  /** Derived exactly as spec §4 (deriveRecordStatus) and as displayed (displayStatus). */
  status: z.enum(RECORD_STATUSES),
  display_status: z.string(),
  workflow_status: z.string().nullable(),
  tasks: z.number().int(),
  workflow_activity_name: z.string().nullable(),
  workflow_started_on: z.string().nullable(),
  workflow_initiator_user: z.string().nullable(),
  workflow_initiator_email: z.string().nullable(),
  workflow_completed_on: z.string().nullable(),
  workflow_faulted_on: z.string().nullable(),
  workflow_instance_id: z.string().nullable(),
  flow_name: z.string().nullable(),
  submitted_on: z.string().nullable(),
  expire_at: z.string().nullable(),
  created_by: z.string().nullable(),
  created_by_name: z.string().nullable(),
  modified_by: z.string().nullable(),
  modified_by_name: z.string().nullable(),
  created_on: z.string(),
  modified_on: z.string(),
});
export type RecordRow = z.infer<typeof recordRowSchema>;

/** {recordId}/detail: the record, the form of the version it was made with, the activity it is at. */
export const recordDetailSchema = z.object({
  record: recordRowSchema,
  form: recordFormSchema,
  /** fs-start before submission, fs-complete after; a task's activity when opened with its taskId. */
  activityId: z.string(),
  /** The caller may change the values (permission, status and grants all allow it). */
  editable: z.boolean(),
});
export type RecordDetail = z.infer<typeof recordDetailSchema>;
export const recordDetailResponseSchema = envelope(recordDetailSchema);

/** POST save?moduleId=: a new draft (no recordId) or changes to one. */
export const saveRecordQuerySchema = z.object({ moduleId: idText });
export const saveRecordBodySchema = z.object({
  recordId: idText.optional(),
  taskId: idText.optional(),
  data: recordValues,
  /** modified_on the editor loaded: a newer one answers 409 (staleRecord) instead of overwriting. */
  expectedModifiedOn: z.string().max(64).optional(),
});
export type SaveRecordBody = z.input<typeof saveRecordBodySchema>;

/** POST submit: saves the values and submits the entry (starts its workflow, or completes it). */
export const submitRecordBodySchema = saveRecordBodySchema.extend({ moduleId: idText });
export type SubmitRecordBody = z.input<typeof submitRecordBodySchema>;

export const savedRecordResponseSchema = envelope(recordRowSchema);

export const deleteByIdBodySchema = z.object({ id: idText });
export const deleteByIdsBodySchema = z.object({ ids: z.array(idText).min(1).max(1000) });
export const deletedResponseSchema = envelope(z.object({ deleted: z.number().int() }));

// ---- Data tables (spec §3 data table request) -------------------------------------------------

export const recordFilterSchema = z.object({
  /** A field name of the app, a system column (SYSTEM_COLUMNS) or 'status'. */
  field: z.string().trim().min(1).max(200),
  operator: z.enum(FILTER_OPERATORS),
  value: z.unknown().optional(),
  ignoreCase: z.boolean().default(false),
  matchesAll: z.boolean().default(false),
});
export type RecordFilterInput = z.input<typeof recordFilterSchema>;

export const recordOrderSchema = z.object({
  column: z.string().trim().min(1).max(200),
  dir: z.enum(['asc', 'desc']),
});

export const recordDataTableRequestSchema = z
  .object({
    moduleId: idText,
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    length: z.literal(PAGE_SIZES, { error: RECORDS_MESSAGES.invalidPageSize }).default(DEFAULT_PAGE_SIZE),
    search: z.string().trim().max(200).check(refineWith(validateSearch)).default(''),
    /** The columns to return (field names and system columns); all when left out. */
    columns: z.array(z.string().max(200)).max(500).optional(),
    orders: z.array(recordOrderSchema).max(4).default([]),
    filters: z.array(recordFilterSchema).max(50).optional(),
    /** Spec §3: filters also arrive as `query`. */
    query: z.array(recordFilterSchema).max(50).optional(),
    /**
     * Ours: count exactly however many entries match (the user asked for the exact figure). Without
     * it a list counts exactly only up to EXACT_COUNT_LIMIT entries and answers the planner's
     * estimate above (countIsEstimate). The exact count has a time limit: when it runs out the
     * estimate is answered, still flagged.
     */
    exactCount: z.boolean().optional(),
  })
  .transform(({ query, filters, ...rest }) => ({ ...rest, filters: [...(filters ?? []), ...(query ?? [])] }));
export type RecordDataTableRequest = z.input<typeof recordDataTableRequestSchema>;
export type RecordDataTableQuery = z.output<typeof recordDataTableRequestSchema>;

export const recordDataTableSchema = z.object({
  data: z.array(recordRowSchema),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
  /**
   * recordsTotal or recordsFiltered is the planner's estimate (above EXACT_COUNT_LIMIT entries,
   * unless exactCount was asked and finished in time), to be shown as "about N".
   */
  countIsEstimate: z.boolean(),
});
export type RecordDataTable = z.infer<typeof recordDataTableSchema>;
export const recordDataTableResponseSchema = envelope(recordDataTableSchema);

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const recordExportRequestSchema = z
  .object({ format: z.enum(EXPORT_FORMATS) })
  .and(recordDataTableRequestSchema);

/** summary/{moduleId}?exactCount=true: count every figure exactly (see the datatables request). */
export const recordSummaryQuerySchema = z.object({ exactCount: z.enum(['true', 'false']).optional() });
export type RecordSummaryQuery = z.infer<typeof recordSummaryQuerySchema>;

/** The summary's counts, as named in RecordSummary.estimates. */
export const SUMMARY_COUNTS = ['total', 'In Progress', 'Completed', 'Faulted', 'drafts'] as const;
export type SummaryCount = (typeof SUMMARY_COUNTS)[number];

/** summary/{moduleId}: entries by status, and the caller's drafts. */
export const recordSummarySchema = z.object({
  total: z.number().int(),
  /** Some figure is the planner's estimate (they are listed in `estimates`). */
  countIsEstimate: z.boolean(),
  /** The figures that are the planner's estimate rather than a count, to be shown as "about N". */
  estimates: z.array(z.enum(SUMMARY_COUNTS)),
  byStatus: z.object({
    'In Progress': z.number().int(),
    Completed: z.number().int(),
    Faulted: z.number().int(),
  }),
  drafts: z.number().int(),
});
export type RecordSummary = z.infer<typeof recordSummarySchema>;
export const recordSummaryResponseSchema = envelope(recordSummarySchema);

// ---- Table configuration per user (setuserconfig, applyconfigalluser) -----------------------------

export const recordListConfigSchema = z.object({
  /** Visible columns in order (field names and system columns). */
  columns: z.array(z.string().max(200)).max(500),
  pageSize: z.literal(PAGE_SIZES).optional(),
  orders: z.array(recordOrderSchema).max(4).optional(),
  filters: z.array(recordFilterSchema).max(50).optional(),
});
export type RecordListConfig = z.infer<typeof recordListConfigSchema>;
export const setUserConfigBodySchema = z.object({
  moduleId: idText,
  tabConfig: z.string().trim().min(1).max(64).default('records'),
  data: recordListConfigSchema,
});
export const applyConfigAllUserBodySchema = z.object({
  moduleId: idText,
  tabConfig: z.string().trim().min(1).max(64).default('records'),
});
export const getUserConfigQuerySchema = applyConfigAllUserBodySchema;
/** The configuration the caller sees: their own, the one applied to every user, or none. */
export const userConfigSchema = z.object({
  scope: z.enum(['user', 'all', 'none']),
  data: recordListConfigSchema.nullable(),
});
export type UserConfig = z.infer<typeof userConfigSchema>;
export const userConfigResponseSchema = envelope(userConfigSchema);

export const INDEX_BUILD_STATES = ['idle', 'queued', 'building', 'done', 'failed'] as const;
export const indexProgressQuerySchema = z.object({ moduleId: idText });
/**
 * The background build of an app's list indexes as the answering server knows it: idle (none since
 * it started), queued, building (index built + 1 of planned, on field; the current index's phase and
 * counters from pg_stat_progress_create_index), done or failed.
 */
export const indexProgressSchema = z.object({
  state: z.enum(INDEX_BUILD_STATES),
  planned: z.number().int().nonnegative(),
  built: z.number().int().nonnegative(),
  field: z.string().nullable(),
  fieldLabel: z.string().nullable(),
  method: z.enum(['btree', 'trigram']).nullable(),
  phase: z.string().nullable(),
  blocksDone: z.number().nullable(),
  blocksTotal: z.number().nullable(),
  tuplesDone: z.number().nullable(),
  tuplesTotal: z.number().nullable(),
});
export type IndexProgress = z.infer<typeof indexProgressSchema>;
export const indexProgressResponseSchema = envelope(indexProgressSchema);

// ---- Comments ---------------------------------------------------------------------------------

export const COMMENT_MAX_LENGTH = 4000;
export const COMMENT_PAGE_SIZE = 10;
export const sendCommentBodySchema = z.object({
  recordId: idText,
  message: z
    .string()
    .trim()
    .min(1, RECORDS_MESSAGES.commentRequired)
    .max(COMMENT_MAX_LENGTH, RECORDS_MESSAGES.commentTooLong),
});
export const commentSchema = z.object({
  id: z.string(),
  record_id: z.string(),
  author_id: z.string().nullable(),
  author_name: z.string().nullable(),
  message: z.string(),
  created_on: z.string(),
});
export type RecordComment = z.infer<typeof commentSchema>;
export const commentResponseSchema = envelope(commentSchema);
export const commentListResponseSchema = envelope(z.array(commentSchema));
/** loadcomment?recordId&page: newest first, COMMENT_PAGE_SIZE a page. */
export const loadCommentQuerySchema = z.object({
  recordId: idText,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export const commentPageResponseSchema = envelope(
  z.object({ comments: z.array(commentSchema), total: z.number().int(), hasMore: z.boolean() }),
);
