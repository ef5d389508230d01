import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, PAGE_SIZES, validateName } from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';
import {
  REPORT_SHARING,
  reportDefinitionSchema,
  reportResultSchema,
  workflowMetricsSchema,
} from './reports.ts';

// Dashboards (spec §2 /dashboard, /dashboard-landing, /list-dashboard; issue 24 item 5): a grid of
// cards with dashboard-level filters, shared like reports. Every card reads as the viewer (ADR 0014).
// A dashboard filter is wired to every card whose app has a field of its name, unless the card maps
// it to another field or to none. The paths are ours (the spec names none).

export const DASHBOARD_PATHS = {
  datatables: '/api/form/dashboard/datatables',
  save: '/api/form/dashboard/save',
  /** The caller's default dashboard (null when none is set). */
  byDefault: '/api/form/dashboard/default',
  detail: '/api/form/dashboard/:id',
  delete: '/api/form/dashboard/:id/delete',
  state: '/api/form/dashboard/:id/state',
  card: '/api/form/dashboard/:id/card/:cardId',
} as const;

const idSegment = (id: string) => encodeURIComponent(id);
export const dashboardDetailPath = (id: string) => `/api/form/dashboard/${idSegment(id)}`;
export const dashboardDeletePath = (id: string) => `/api/form/dashboard/${idSegment(id)}/delete`;
export const dashboardStatePath = (id: string) => `/api/form/dashboard/${idSegment(id)}/state`;
export const dashboardCardPath = (id: string, cardId: string) =>
  `/api/form/dashboard/${idSegment(id)}/card/${idSegment(cardId)}`;

/** Texts the spec does not quote; the web app translates them by key (dashboard:server.<key>). */
export const DASHBOARD_MESSAGES = {
  saved: 'The dashboard has been saved.',
  deleted: 'The dashboard has been deleted.',
  notFound: 'This dashboard does not exist.',
  cardNotFound: 'This card is not on the dashboard.',
  duplicateName: 'A dashboard with this name already exists.',
  notOwner: 'Only the owner of this dashboard can change or delete it.',
  duplicateCard: 'Two cards of the dashboard have the same id.',
  duplicateFilter: 'Two filters of the dashboard have the same id.',
  /** Param: card. */
  cardNeedsQuery: 'The card {card} needs an app and what to show.',
  /** Param: filter. */
  badFilterValue: 'The value of the filter {filter} is not valid.',
} as const;
export type DashboardMessageKey = keyof typeof DASHBOARD_MESSAGES;

export const DASHBOARD_CARD_TYPES = [
  'chart',
  'number',
  'table',
  'report',
  'text',
  'quicklaunch',
  'workflow',
] as const;
export type DashboardCardType = (typeof DASHBOARD_CARD_TYPES)[number];
export const DASHBOARD_FILTER_KINDS = ['dateRange', 'field', 'user', 'status'] as const;
export const WORKFLOW_CARD_METRICS = ['timeInActivity', 'waiting', 'throughput', 'rejections'] as const;
/** Automatic refresh choices (seconds; 0 for none). */
export const DASHBOARD_REFRESH_SECONDS = [0, 30, 60, 300, 900, 3600] as const;
export const DASHBOARD_MAX_CARDS = 40;
export const DASHBOARD_MAX_FILTERS = 10;

const key = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);

export const dashboardFilterSchema = z.object({
  id: key,
  label: z.string().trim().max(NAME_MAX_LENGTH).default(''),
  kind: z.enum(DASHBOARD_FILTER_KINDS),
  /** The field it is wired to in every card whose app has one of that name. */
  field: z.string().trim().min(1).max(200),
});
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;

export const dashboardCardSchema = z.object({
  id: key,
  type: z.enum(DASHBOARD_CARD_TYPES),
  title: z.string().trim().max(NAME_MAX_LENGTH).default(''),
  x: z.number().int().min(0).max(48).default(0),
  y: z.number().int().min(0).max(1000).default(0),
  w: z.number().int().min(1).max(48).default(4),
  h: z.number().int().min(1).max(48).default(3),
  /** chart, number and table cards: what they show (a report definition). */
  definition: reportDefinitionSchema.optional(),
  /** report cards: the report they open. */
  reportId: z.uuid().optional(),
  /** text cards: plain text (never HTML). */
  text: z.string().max(4000).optional(),
  /** number cards: the figure to reach, and whether to compare with the period before the date filter's. */
  target: z.number().finite().optional(),
  compare: z.boolean().default(false),
  /** Per filter id: the field of this card's app it is wired to instead, or null for none. */
  filterFields: z.record(key, z.string().trim().min(1).max(200).nullable()).default({}),
  /** workflow cards: the app and the metric. */
  workflow: z.object({ moduleId: z.uuid(), metric: z.enum(WORKFLOW_CARD_METRICS) }).optional(),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

export const saveDashboardBodySchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().check(refineWith(validateName)).max(NAME_MAX_LENGTH),
  description: z.string().trim().max(DESCRIPTION_MAX_LENGTH).default(''),
  sharing: z.enum(REPORT_SHARING).default('private'),
  teamIds: z.array(z.uuid()).max(200).default([]),
  roleIds: z.array(z.uuid()).max(200).default([]),
  cards: z.array(dashboardCardSchema).max(DASHBOARD_MAX_CARDS).default([]),
  filters: z.array(dashboardFilterSchema).max(DASHBOARD_MAX_FILTERS).default([]),
  refreshSeconds: z.literal(DASHBOARD_REFRESH_SECONDS).default(0),
});
export type SaveDashboardBody = z.input<typeof saveDashboardBodySchema>;

/** A dashboard filter's value: a day range (organization calendar, both days included) or values. */
export const dashboardFilterValueSchema = z.union([
  z.object({ from: z.iso.date().optional(), to: z.iso.date().optional() }),
  z.string().max(500),
  z.number().finite(),
  z.boolean(),
  z.array(z.union([z.string().max(500), z.number().finite(), z.boolean()])).max(50),
  z.null(),
]);
export const dashboardFilterValuesSchema = z.record(key, dashboardFilterValueSchema);
export type DashboardFilterValues = z.infer<typeof dashboardFilterValuesSchema>;

export const dashboardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  sharing: z.enum(REPORT_SHARING),
  teamIds: z.array(z.string()),
  roleIds: z.array(z.string()),
  cards: z.array(dashboardCardSchema),
  filters: z.array(dashboardFilterSchema),
  refreshSeconds: z.number().int(),
  ownerId: z.string(),
  ownerName: z.string(),
  isMine: z.boolean(),
  /** The caller's own state: the filter values they last set, whether it is their default. */
  filterValues: dashboardFilterValuesSchema,
  isDefault: z.boolean(),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = envelope(dashboardSchema);
export const dashboardIdParamsSchema = z.object({ id: z.string().max(64) });
export const dashboardCardParamsSchema = z.object({ id: z.string().max(64), cardId: z.string().max(64) });
export const deletedDashboardResponseSchema = envelope(z.object({ id: z.string() }));
export const defaultDashboardResponseSchema = envelope(z.object({ id: z.string().nullable() }));

export const dashboardStateBodySchema = z.object({
  filterValues: dashboardFilterValuesSchema.optional(),
  isDefault: z.boolean().optional(),
});

export const dashboardDataTableRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z.literal(PAGE_SIZES, { error: 'Page size must be 10, 20, 50 or 100.' }).default(PAGE_SIZES[0]),
  search: z.string().trim().max(200).default(''),
  scope: z.enum(['all', 'mine', 'shared']).default('all'),
  columns: z.array(z.unknown()).optional(),
  filters: z.array(z.unknown()).optional(),
  orders: z.array(z.unknown()).optional(),
});
export const dashboardListItemSchema = dashboardSchema
  .omit({ cards: true, filters: true, filterValues: true })
  .extend({
    cardCount: z.number().int(),
  });
export type DashboardListItem = z.infer<typeof dashboardListItemSchema>;
export const dashboardDataTableResponseSchema = envelope(
  z.object({
    data: z.array(dashboardListItemSchema),
    recordsTotal: z.number().int(),
    recordsFiltered: z.number().int(),
  }),
);

export const dashboardCardBodySchema = z.object({
  /** The filter values to apply (the dashboard's, as the viewer set them); the saved ones when absent. */
  filterValues: dashboardFilterValuesSchema.optional(),
  /** The refresh button: compute again even when the cache holds a fresh result. */
  refresh: z.boolean().optional(),
});

export const dashboardCardResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('report'),
    result: reportResultSchema,
    /** Number cards with compare: the same figure over the period before the date filter's. */
    previous: z.number().nullable(),
    target: z.number().nullable(),
    /** The filters applied, as record list filters (drill: /module/{moduleId} with them). */
    moduleId: z.string(),
    filters: z.array(
      z.object({ field: z.string(), operator: z.string(), value: z.unknown().optional() }).passthrough(),
    ),
    /** Served from the card cache (computed after the app's last write). */
    cached: z.boolean(),
    computedOn: z.string(),
  }),
  z.object({
    kind: z.literal('workflow'),
    metrics: workflowMetricsSchema,
    cached: z.boolean(),
    computedOn: z.string(),
  }),
  z.object({ kind: z.literal('static') }),
]);
export type DashboardCardResult = z.infer<typeof dashboardCardResultSchema>;
export const dashboardCardResponseSchema = envelope(dashboardCardResultSchema);
