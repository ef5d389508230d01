import { z } from 'zod';
import {
  DESCRIPTION_MAX_LENGTH,
  LANGUAGES,
  NAME_MAX_LENGTH,
  PAGE_SIZES,
  validateName,
} from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';
import { recordFilterSchema, recordOrderSchema } from './records.ts';

// Reports (spec §2 /reports, /report-designer, /report-viewer; §7 /api/form/report/datatables).
// A report is a saved query over one published app's records: its columns, the record list's
// filters (the 19 operators of spec §3), a sort, up to three group-by levels with aggregates and
// date grains, a totals row, a pivot and a chart. The spec names only the datatables call; the
// rest of these paths are ours (OpenAPI documents them). Full users and consultants build reports;
// what a report shows is never more than the viewer's own record list of the app.

export const REPORT_PATHS = {
  datatables: '/api/form/report/datatables',
  save: '/api/form/report/save',
  /** Runs a definition that need not be saved (the designer's live preview, Quick Report). */
  run: '/api/form/report/run',
  /** Ready-made workflow cards of one app: time in activity, waiting work, throughput, rejections. */
  workflowMetrics: '/api/form/report/workflowmetrics',
  /** The record list filters that select one group's rows (drill from a chart, card or row). */
  drill: '/api/form/report/drill',
  /** Exports a definition that need not be saved (Quick Report, the designer). */
  export: '/api/form/report/export',
  /** Route patterns; build concrete paths with the helpers below. */
  detail: '/api/form/report/:id',
  runSaved: '/api/form/report/:id/run',
  exportSaved: '/api/form/report/:id/export',
  copy: '/api/form/report/:id/copy',
  delete: '/api/form/report/:id/delete',
  favourite: '/api/form/report/:id/favourite',
  deliveries: '/api/form/report/:id/deliveries',
  saveDelivery: '/api/form/report/deliveries/save',
  deleteDelivery: '/api/form/report/deliveries/:deliveryId/delete',
  /** A background export's progress, and its file once it is done (issue 24 item 4). */
  exportJob: '/api/form/report/exports/:exportId',
  exportJobFile: '/api/form/report/exports/:exportId/file',
} as const;

const idSegment = (id: string) => encodeURIComponent(id);
export const reportDetailPath = (id: string) => `/api/form/report/${idSegment(id)}`;
export const reportRunPath = (id: string) => `/api/form/report/${idSegment(id)}/run`;
export const reportExportPath = (id: string) => `/api/form/report/${idSegment(id)}/export`;
export const reportCopyPath = (id: string) => `/api/form/report/${idSegment(id)}/copy`;
export const reportDeletePath = (id: string) => `/api/form/report/${idSegment(id)}/delete`;
export const reportFavouritePath = (id: string) => `/api/form/report/${idSegment(id)}/favourite`;
export const reportDeliveriesPath = (id: string) => `/api/form/report/${idSegment(id)}/deliveries`;
export const reportDeliveryDeletePath = (id: string) => `/api/form/report/deliveries/${idSegment(id)}/delete`;
export const reportExportJobPath = (id: string) => `/api/form/report/exports/${idSegment(id)}`;
export const reportExportJobFilePath = (id: string) => `/api/form/report/exports/${idSegment(id)}/file`;

/** Texts the spec does not quote; the web app translates them by key (reports:messages.<key>). */
export const REPORT_MESSAGES = {
  saved: 'The report has been saved.',
  copied: 'The report has been copied.',
  deleted: 'The report has been deleted.',
  notFound: 'This report does not exist.',
  duplicateName: 'A report with this name already exists.',
  notOwner: 'Only the owner of this report can change or delete it.',
  /** Param: field. */
  notGroupable: 'The field {field} cannot be grouped by.',
  grainNeedsDate: 'Only date fields can be grouped by day, week, month, quarter or year.',
  /** Param: aggregate. */
  measureNeedsField: 'Choose the field to {aggregate}.',
  /** Param: field. */
  measureNeedsNumber: 'Sum and average need a number field; {field} is not one.',
  /** Param: field. */
  measureNotOrdered: 'Minimum and maximum need numbers, dates or text; {field} has no order.',
  measureUnknown: 'The sort names a measure the report does not have.',
  sortUnknown: 'The report can only be sorted by its groups or measures.',
  pivotNeedsGroups: 'A pivot needs at least one row group and a column group.',
  /** Param: alias. */
  unknownJoin: 'The report names {alias}, which it does not join.',
  /** Param: field. */
  notALookup: '{field} is not a lookup to another app, so nothing can be joined through it.',
  duplicateJoin: 'Each joined app needs its own alias.',
  joinsNeedGroups: 'Apps joined through lookups can only be grouped or pivoted.',
  drillJoined: 'Records cannot be opened from a group of a joined app.',
  timedOut: 'This report took too long to run. Narrow its filters and try again.',
  deliverySaved: 'The delivery schedule has been saved.',
  deliveryDeleted: 'The delivery schedule has been deleted.',
  deliveryNotFound: 'This delivery schedule does not exist.',
  /** Param: detail (what is wrong with the expression). */
  deliveryBadCron: 'The schedule is not valid: {detail}',
  deliveryRecipient: 'Every recipient must be an active full user or consultant of this organization.',
  invalidTimeZone: 'Choose a time zone from the list.',
  exportNotFound: 'This export does not exist.',
  exportNotReady: 'This export is not ready yet.',
  exportFailed: 'The export could not be made. Try again, or narrow the report.',
} as const;
export type ReportMessageKey = keyof typeof REPORT_MESSAGES;

export const REPORT_AGGREGATES = ['count', 'countDistinct', 'sum', 'avg', 'min', 'max'] as const;
export type ReportAggregate = (typeof REPORT_AGGREGATES)[number];

export const DATE_GRAINS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type DateGrain = (typeof DATE_GRAINS)[number];

export const CHART_TYPES = [
  'bar',
  'line',
  'area',
  'pie',
  'donut',
  'funnel',
  'gauge',
  'table',
  'number',
] as const;
export type ChartType = (typeof CHART_TYPES)[number];

export const REPORT_SHARING = ['private', 'teams', 'roles', 'everyone'] as const;
export type ReportSharing = (typeof REPORT_SHARING)[number];

/** At most this many group-by levels (issue: up to 3). */
export const REPORT_MAX_GROUPS = 3;
/** At most this many measures in one report. */
export const REPORT_MAX_MEASURES = 10;
/** Most groups (or pivot rows) one run answers per level; more are flagged as truncated. */
export const REPORT_GROUP_LIMIT = 1000;
/** Most pivot columns one run answers; more are flagged as truncated. */
export const REPORT_PIVOT_COLUMN_LIMIT = 50;

const fieldName = z.string().trim().min(1).max(200);

/** Where a field comes from: the report's app ('base'), or an app joined through a lookup (j0–j2). */
export const REPORT_SOURCES = ['base', 'j0', 'j1', 'j2'] as const;
const source = z.enum(REPORT_SOURCES).optional();

export const reportGroupSchema = z.object({
  field: fieldName,
  source,
  /** Date fields and date system columns only: the period each group covers. */
  grain: z.enum(DATE_GRAINS).optional(),
});
export type ReportGroup = z.infer<typeof reportGroupSchema>;

export const reportMeasureSchema = z.object({
  aggregate: z.enum(REPORT_AGGREGATES),
  source,
  /** Every aggregate but count needs a field. */
  field: fieldName.optional(),
  /** What the column is called; the aggregate and field's label when left out. */
  label: z.string().trim().max(NAME_MAX_LENGTH).optional(),
});
export type ReportMeasure = z.infer<typeof reportMeasureSchema>;

/** How a grouped report is ordered: by a group's value or by a measure (index into measures). */
export const reportSortSchema = z.union([
  z.object({
    group: z
      .number()
      .int()
      .min(0)
      .max(REPORT_MAX_GROUPS - 1),
    dir: z.enum(['asc', 'desc']),
  }),
  z.object({
    measure: z
      .number()
      .int()
      .min(0)
      .max(REPORT_MAX_MEASURES - 1),
    dir: z.enum(['asc', 'desc']),
  }),
]);
export type ReportSort = z.infer<typeof reportSortSchema>;

export const reportPivotSchema = z.object({
  rows: z.array(reportGroupSchema).min(1).max(2),
  column: reportGroupSchema,
  measure: reportMeasureSchema,
});
export type ReportPivot = z.infer<typeof reportPivotSchema>;

export const reportChartSchema = z.object({
  type: z.enum(CHART_TYPES),
  /** Which measure the chart draws (index into measures). */
  measure: z
    .number()
    .int()
    .min(0)
    .max(REPORT_MAX_MEASURES - 1)
    .default(0),
  /** gauge and number: the target the value is shown against. */
  target: z.number().finite().optional(),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

export const reportDefinitionSchema = z.object({
  moduleId: z.uuid(),
  /** A plain (ungrouped) report: the record list columns shown; the app's fields when empty. */
  columns: z.array(fieldName).max(500).default([]),
  /** The record list's filters (spec §3 data table filter, all 19 operators). */
  filters: z.array(recordFilterSchema).max(50).default([]),
  /** A plain report's order (as the record list's). */
  orders: z.array(recordOrderSchema).max(4).default([]),
  groupBy: z.array(reportGroupSchema).max(REPORT_MAX_GROUPS).default([]),
  /** A grouped report's measures; a row count when left empty. */
  measures: z.array(reportMeasureSchema).max(REPORT_MAX_MEASURES).default([]),
  /** A grouped report's order; by its groups when left empty. */
  sort: z
    .array(reportSortSchema)
    .max(REPORT_MAX_GROUPS + REPORT_MAX_MEASURES)
    .default([]),
  /** A grouped report's subtotals per level and grand total. */
  totals: z.boolean().default(false),
  /** Most groups shown (top N by the sort). */
  limit: z.number().int().min(1).max(REPORT_GROUP_LIMIT).default(REPORT_GROUP_LIMIT),
  pivot: reportPivotSchema.optional(),
  chart: reportChartSchema.optional(),
  /**
   * A BI question (issue 24 item 8): other apps joined through lookup fields of this app; groups and
   * measures name them by alias in `source`. Grouped reports and pivots only.
   */
  joins: z
    .array(z.object({ alias: z.enum(['j0', 'j1', 'j2']), field: fieldName }))
    .max(3)
    .optional(),
  /** Where a BI question is listed in /bi-reports (its collection); none for other reports. */
  collection: z.string().trim().max(NAME_MAX_LENGTH).optional(),
});
export type ReportDefinitionInput = z.input<typeof reportDefinitionSchema>;
export type ReportDefinition = z.output<typeof reportDefinitionSchema>;

// ---- saving ---------------------------------------------------------------------------------

export const saveReportBodySchema = z.object({
  /** Present to change a report, absent to make one. */
  id: z.uuid().optional(),
  name: z.string().trim().check(refineWith(validateName)).max(NAME_MAX_LENGTH),
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).default(''),
  category: z.string().trim().max(NAME_MAX_LENGTH).default(''),
  sharing: z.enum(REPORT_SHARING).default('private'),
  /** With sharing teams / roles: who the report is shared with. */
  teamIds: z.array(z.uuid()).max(200).default([]),
  roleIds: z.array(z.uuid()).max(200).default([]),
  definition: reportDefinitionSchema,
});
export type SaveReportBody = z.input<typeof saveReportBodySchema>;

export const reportSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  sharing: z.enum(REPORT_SHARING),
  teamIds: z.array(z.string()),
  roleIds: z.array(z.string()),
  definition: reportDefinitionSchema,
  ownerId: z.string(),
  ownerName: z.string(),
  /** The app's name, as the viewer sees it. */
  moduleName: z.string(),
  isMine: z.boolean(),
  isFavourite: z.boolean(),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type Report = z.infer<typeof reportSchema>;
export const reportResponseSchema = envelope(reportSchema);

export const reportIdParamsSchema = z.object({ id: z.string().max(64) });
export const favouriteReportBodySchema = z.object({ isFavourite: z.boolean() });
export const deletedReportResponseSchema = envelope(z.object({ id: z.string() }));

// ---- the list (spec §7 /api/form/report/datatables, §3 data table request) ---------------------

export const REPORT_SORT_COLUMNS = ['name', 'category', 'modified_on', 'module_name'] as const;
export const REPORT_LIST_SCOPES = ['all', 'mine', 'shared', 'favourites'] as const;
export type ReportListScope = (typeof REPORT_LIST_SCOPES)[number];

export const reportDataTableRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z.literal(PAGE_SIZES, { error: 'Page size must be 10, 20, 50 or 100.' }).default(PAGE_SIZES[0]),
  orders: z
    .array(z.object({ column: z.enum(REPORT_SORT_COLUMNS), dir: z.enum(['asc', 'desc']) }))
    .max(3)
    .default([{ column: 'modified_on', dir: 'desc' }]),
  search: z.string().trim().max(200).default(''),
  scope: z.enum(REPORT_LIST_SCOPES).default('all'),
  category: z.string().trim().max(NAME_MAX_LENGTH).optional(),
  /** /bi-reports: only BI questions (reports that join apps or sit in a collection). */
  bi: z.boolean().optional(),
  /** Only the BI questions of this collection. */
  collection: z.string().trim().max(NAME_MAX_LENGTH).optional(),
  columns: z.array(z.unknown()).optional(),
  filters: z.array(z.unknown()).optional(),
});
export type ReportDataTableRequest = z.input<typeof reportDataTableRequestSchema>;

export const reportListItemSchema = reportSchema.omit({ definition: true }).extend({
  chartType: z.enum(CHART_TYPES).nullable(),
});
export type ReportListItem = z.infer<typeof reportListItemSchema>;

export const reportDataTableResponseSchema = envelope(
  z.object({
    data: z.array(reportListItemSchema),
    recordsTotal: z.number().int(),
    recordsFiltered: z.number().int(),
    categories: z.array(z.string()),
    /** The BI collections of the reports the caller may open. */
    collections: z.array(z.string()),
  }),
);

// ---- running -------------------------------------------------------------------------------

export const runReportBodySchema = z.object({
  definition: reportDefinitionSchema,
  /** A plain report's page (data table request pages). */
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  length: z.literal(PAGE_SIZES, { error: 'Page size must be 10, 20, 50 or 100.' }).default(PAGE_SIZES[0]),
  /** Runtime filters the viewer adds, applied with the report's own. */
  filters: z.array(recordFilterSchema).max(50).default([]),
  /** A plain report's global search. */
  search: z.string().trim().max(200).default(''),
});
export type RunReportBody = z.input<typeof runReportBodySchema>;

export const runSavedReportBodySchema = runReportBodySchema.omit({ definition: true });
export type RunSavedReportBody = z.input<typeof runSavedReportBodySchema>;

const cellValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const reportColumnSchema = z.object({
  /** A field name, `group:<n>` or `measure:<n>`. */
  key: z.string(),
  label: z.string(),
  kind: z.string(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

/** One group of a grouped report: its key per level (null for a subtotal's rolled-up levels). */
export const reportGroupRowSchema = z.object({
  groups: z.array(cellValue),
  /** The group values as people read them (user names, period labels). */
  labels: z.array(z.string().nullable()),
  /** Numbers for counts, sums and averages; text for the minimum or maximum of dates and text. */
  measures: z.array(z.union([z.number(), z.string(), z.null()])),
  /** 0 for a group at full depth; n for a subtotal over the last n levels; groupBy.length for the grand total. */
  level: z.number().int(),
});
export type ReportGroupRow = z.infer<typeof reportGroupRowSchema>;

export const reportResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('table'),
    columns: z.array(reportColumnSchema),
    rows: z.array(z.record(z.string(), z.unknown())),
    recordsTotal: z.number().int(),
    recordsFiltered: z.number().int(),
    countIsEstimate: z.boolean(),
  }),
  z.object({
    kind: z.literal('grouped'),
    columns: z.array(reportColumnSchema),
    rows: z.array(reportGroupRowSchema),
    /** Subtotals (level ≥ 1 below the grand total). */
    subtotals: z.array(reportGroupRowSchema),
    total: reportGroupRowSchema.nullable(),
    truncated: z.boolean(),
  }),
  z.object({
    kind: z.literal('pivot'),
    rowColumns: z.array(reportColumnSchema),
    measure: reportColumnSchema,
    /** The column group's values, in order, as keys and labels. */
    columnKeys: z.array(cellValue),
    columnLabels: z.array(z.string().nullable()),
    rows: z.array(
      z.object({
        groups: z.array(cellValue),
        labels: z.array(z.string().nullable()),
        cells: z.array(z.union([z.number(), z.string(), z.null()])),
        total: z.union([z.number(), z.string(), z.null()]),
      }),
    ),
    columnTotals: z.array(z.union([z.number(), z.string(), z.null()])),
    total: z.union([z.number(), z.string(), z.null()]),
    truncated: z.boolean(),
  }),
]);
export type ReportResult = z.infer<typeof reportResultSchema>;
export const reportResultResponseSchema = envelope(reportResultSchema);

// ---- exports ---------------------------------------------------------------------------------

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];
/** Most rows a PDF of a plain report holds (a PDF is for reading; CSV and XLSX take every row). */
export const REPORT_PDF_MAX_ROWS = 2000;

const exportOptions = {
  format: z.enum(REPORT_EXPORT_FORMATS),
  /** The language of the file's heading and totals rows (the viewer's). */
  language: z.enum(LANGUAGES).default('en'),
  /** PDF only: landscape pages. */
  landscape: z.boolean().default(false),
};

export const exportReportBodySchema = runReportBodySchema
  .omit({ page: true, length: true })
  .extend({ ...exportOptions, name: z.string().trim().max(NAME_MAX_LENGTH).default('') });
export type ExportReportBody = z.input<typeof exportReportBodySchema>;

export const exportSavedReportBodySchema = runSavedReportBodySchema
  .omit({ page: true, length: true })
  .extend(exportOptions);
export type ExportSavedReportBody = z.input<typeof exportSavedReportBodySchema>;

// ---- drill to records ---------------------------------------------------------------------------

export const drillReportBodySchema = runReportBodySchema
  .omit({ page: true, length: true, search: true })
  .extend({
    /**
     * The group's keys as a run answered them, outermost first (a pivot: its row keys, then the column
     * key); fewer keys drill into a subtotal, none into the whole report (a number card).
     */
    keys: z
      .array(z.union([z.string(), z.number(), z.boolean(), z.null()]))
      .max(REPORT_MAX_GROUPS + 1)
      .default([]),
    /** A pivot's column total: the column's key alone (keys then empty), whatever the rows' keys. */
    column: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
  });
export type DrillReportBody = z.input<typeof drillReportBodySchema>;

export const reportDrillSchema = z.object({
  moduleId: z.string(),
  /** Open /module/{moduleId} with exactly these filters: the list then counts what the group counted. */
  filters: z.array(
    z.object({
      field: z.string(),
      operator: z.string(),
      value: z.unknown().optional(),
      ignoreCase: z.boolean(),
      matchesAll: z.boolean(),
    }),
  ),
});
export type ReportDrill = z.infer<typeof reportDrillSchema>;
export const reportDrillResponseSchema = envelope(reportDrillSchema);

// ---- workflow metrics (issue 24 item 9) -----------------------------------------------------------

/** Weeks of throughput a workflow metrics answer covers by default (the current one included). */
export const WORKFLOW_METRIC_WEEKS = 12;

export const workflowMetricsBodySchema = z.object({
  moduleId: z.uuid(),
  weeks: z.number().int().min(1).max(104).default(WORKFLOW_METRIC_WEEKS),
});
export type WorkflowMetricsBody = z.input<typeof workflowMetricsBodySchema>;

export const workflowMetricsSchema = z.object({
  /** Per activity (in the order work first reached them): time its tasks took and how they ended. */
  activities: z.array(
    z.object({
      activityId: z.string(),
      title: z.string(),
      completed: z.number().int(),
      /** Hours from a task's start to its completion: median and 90th percentile (null: none completed). */
      p50Hours: z.number().nullable(),
      p90Hours: z.number().nullable(),
      waiting: z.number().int(),
      rejected: z.number().int(),
      sentBack: z.number().int(),
      /** Shares of the completed tasks (0–1; null: none completed). */
      rejectedRate: z.number().nullable(),
      sentBackRate: z.number().nullable(),
    }),
  ),
  /** Open tasks per activity and assignee (a task with several assignees counts for each). */
  waitingByAssignee: z.array(
    z.object({
      activityId: z.string(),
      title: z.string(),
      userId: z.string(),
      name: z.string(),
      waiting: z.number().int(),
    }),
  ),
  /** Tasks completed per week (Monday, organization zone), oldest first, weeks without any included. */
  throughput: z.array(z.object({ week: z.string(), completed: z.number().int() })),
});
export type WorkflowMetrics = z.infer<typeof workflowMetricsSchema>;
export const workflowMetricsResponseSchema = envelope(workflowMetricsSchema);

// ---- scheduled delivery (issue 24 item 11) --------------------------------------------------------

export const REPORT_DELIVERY_FORMATS = ['pdf', 'xlsx', 'csv'] as const;
export const REPORT_DELIVERY_MAX_RECIPIENTS = 50;

export const saveReportDeliveryBodySchema = z.object({
  id: z.uuid().optional(),
  reportId: z.uuid(),
  recipientIds: z.array(z.uuid()).min(1).max(REPORT_DELIVERY_MAX_RECIPIENTS),
  format: z.enum(REPORT_DELIVERY_FORMATS).default('pdf'),
  language: z.enum(LANGUAGES).default('en'),
  /** Five or six cron fields, read in timeZone (the organization's when left out). */
  cron: z.string().trim().min(1).max(120),
  timeZone: z.string().trim().max(64).optional(),
  status: z.enum(['active', 'paused']).default('active'),
});
export type SaveReportDeliveryBody = z.input<typeof saveReportDeliveryBodySchema>;

export const reportDeliverySchema = z.object({
  id: z.string(),
  reportId: z.string(),
  recipientIds: z.array(z.string()),
  format: z.enum(REPORT_DELIVERY_FORMATS),
  language: z.enum(LANGUAGES),
  cron: z.string(),
  timeZone: z.string(),
  status: z.enum(['active', 'paused']),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  lastOutcome: z.string(),
});
export type ReportDelivery = z.infer<typeof reportDeliverySchema>;
export const reportDeliveryResponseSchema = envelope(reportDeliverySchema);
export const reportDeliveriesResponseSchema = envelope(z.array(reportDeliverySchema));
export const reportDeliveryParamsSchema = z.object({ deliveryId: z.string().max(64) });
