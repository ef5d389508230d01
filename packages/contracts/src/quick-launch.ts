import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MESSAGES, PAGE_SIZES, validateSearch } from '@formloop/domain';
import { APPS_MESSAGES } from './apps.ts';
import { envelope, refineWith } from './envelope.ts';

// Quick launch (spec §7 "GET and PUT /api/form/Editor/userpreference/get/quicklaunch and
// set/quicklaunch. POST /api/form/Editor/quicklaunchapps/datatables", "PATCH
// /api/sys/user/preference/sortupdate"; issue 24 item 10): the apps a user pinned as tiles on the
// Dashboards & Reports home (/dashboard). The spec names the calls, not their payloads: those are ours.
//
// A tile shows while its app is offered for quick launch (add_to_quick_launch) and the user may see
// it; an app that stops being either leaves the tiles without anyone editing them.

export const QUICK_LAUNCH_PATHS = {
  get: '/api/form/Editor/userpreference/get/quicklaunch',
  set: '/api/form/Editor/userpreference/set/quicklaunch',
  datatables: '/api/form/Editor/quicklaunchapps/datatables',
  sortUpdate: '/api/sys/user/preference/sortupdate',
} as const;

/** Most tiles one user keeps (a screenful; a product bound of ours, the spec names none). */
export const QUICK_LAUNCH_MAX = 24;

/** What sortupdate orders: the quick-launch tiles now; the user's dashboards once they exist. */
export const SORT_UPDATE_KINDS = ['quicklaunch'] as const;
export type SortUpdateKind = (typeof SORT_UPDATE_KINDS)[number];

/** Texts the spec does not quote; the web app translates them by key (dashboard:messages.<key>). */
export const QUICK_LAUNCH_MESSAGES = {
  saved: 'Quick launch has been saved',
  saveFailed: 'Failed to save quick launch',
  orderSaved: 'Quick launch order saved',
  orderFailed: 'Failed to order quick launch',
  appNotAvailable: 'This app cannot be added to quick launch.',
  duplicateApp: 'An app can be in quick launch only once.',
  tooMany: `Quick launch holds at most ${QUICK_LAUNCH_MAX} apps.`,
  notInQuickLaunch: 'This app is not in your quick launch.',
  unsupportedKind: 'Only the quick launch can be ordered here for now.',
} as const;
export type QuickLaunchMessageKey = keyof typeof QUICK_LAUNCH_MESSAGES;

const moduleId = z.string({ error: MESSAGES.required }).max(64);

// ---- the user's tiles ----

export const quickLaunchTileSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  app_icon: z.string().nullable(),
  /** The icon of the app's group, for an app without its own icon. */
  category_icon: z.string().nullable(),
  order_index: z.number().int(),
  /** False only for a builder's draft (an app created with addToQuickLaunch, not yet published). */
  is_published: z.boolean(),
});
export type QuickLaunchTile = z.infer<typeof quickLaunchTileSchema>;
export const quickLaunchTilesResponseSchema = envelope(z.array(quickLaunchTileSchema));

/** PUT set/quicklaunch: the complete new list of tiles, in order. */
export const setQuickLaunchBodySchema = z.object({
  moduleIds: z
    .array(moduleId, { error: MESSAGES.required })
    .max(QUICK_LAUNCH_MAX, QUICK_LAUNCH_MESSAGES.tooMany),
});
export type SetQuickLaunchBody = z.infer<typeof setQuickLaunchBodySchema>;

/**
 * PATCH sortupdate: `ids` first, in this order; tiles not named keep their order after them.
 * `kind` names the list: 'quicklaunch' today ('dashboard' joins when dashboards exist).
 */
export const sortUpdateBodySchema = z.object({
  kind: z.enum(SORT_UPDATE_KINDS, { error: QUICK_LAUNCH_MESSAGES.unsupportedKind }),
  ids: z.array(moduleId, { error: MESSAGES.required }).max(QUICK_LAUNCH_MAX, QUICK_LAUNCH_MESSAGES.tooMany),
});
export type SortUpdateBody = z.infer<typeof sortUpdateBodySchema>;

// ---- the apps the user may add (spec §3 data table request) ----

export const QUICK_LAUNCH_APP_SORT_COLUMNS = ['display_name', 'category_name', 'modified_on'] as const;
export type QuickLaunchAppSortColumn = (typeof QUICK_LAUNCH_APP_SORT_COLUMNS)[number];

export const quickLaunchAppOrderSchema = z.object({
  column: z.enum(QUICK_LAUNCH_APP_SORT_COLUMNS),
  dir: z.enum(['asc', 'desc']),
});
export type QuickLaunchAppOrder = z.infer<typeof quickLaunchAppOrderSchema>;

/** columns and filters are accepted and ignored; search matches name or description, ignoring case. */
export const quickLaunchAppsRequestSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  length: z.literal(PAGE_SIZES, { error: APPS_MESSAGES.invalidPageSize }).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(200).check(refineWith(validateSearch)).default(''),
  orders: z
    .array(quickLaunchAppOrderSchema)
    .max(3)
    .default([{ column: 'display_name', dir: 'asc' }]),
  columns: z.array(z.unknown()).optional(),
  filters: z.array(z.unknown()).optional(),
});
export type QuickLaunchAppsRequest = z.input<typeof quickLaunchAppsRequestSchema>;
export type QuickLaunchAppsQuery = z.output<typeof quickLaunchAppsRequestSchema>;

export const quickLaunchAppSchema = z.object({
  id: z.string(),
  display_name: z.string(),
  module_description: z.string(),
  app_icon: z.string().nullable(),
  category_name: z.string().nullable(),
  category_icon: z.string().nullable(),
  modified_on: z.string(),
  /** Already one of the caller's tiles. */
  in_quick_launch: z.boolean(),
});
export type QuickLaunchApp = z.infer<typeof quickLaunchAppSchema>;

export const quickLaunchAppsPageSchema = z.object({
  records: z.array(quickLaunchAppSchema),
  recordsTotal: z.number().int(),
  recordsFiltered: z.number().int(),
});
export type QuickLaunchAppsPage = z.infer<typeof quickLaunchAppsPageSchema>;
export const quickLaunchAppsResponseSchema = envelope(quickLaunchAppsPageSchema);
