import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, MESSAGES, NAME_MAX_LENGTH, validateName } from '@formloop/domain';
import { appMenuEntrySchema } from './auth.ts';
import { envelope, refineWith } from './envelope.ts';

// Stored application menus (/settings/menu, spec §2, §3 "Menu tree nodes" and "Menu item edit", §7
// "Menu and categories"). The spec names sidebar, sidebar/tree and sidebar/order; save and delete are
// ours under the same prefix. Reading the sidebar is for every signed-in user; everything else is for
// settings roles (system administrators, administrators, consultants).

export const MENU_PATHS = {
  /** GET: the caller's application menu list (built-in entries, then the stored ones they may see). */
  sidebar: '/api/sys/permissions/menu/sidebar',
  /** GET: every stored menu as a tree (settings roles). */
  tree: '/api/sys/permissions/menu/sidebar/tree',
  /** PUT: the whole new arrangement (settings roles). */
  order: '/api/sys/permissions/menu/sidebar/order',
  /** POST: create (no id) or edit (id) one entry (settings roles). */
  save: '/api/sys/permissions/menu/save',
  /** Route pattern; build a concrete path with menuDeletePath(id). */
  delete: '/api/sys/permissions/menu/:id/delete',
} as const;

export const menuDeletePath = (id: string) => `/api/sys/permissions/menu/${encodeURIComponent(id)}/delete`;

/** Deepest nesting: an entry inside three groups is at depth 4. */
export const MENU_MAX_DEPTH = 4;
/** Longest action_url kept. */
export const MENU_URL_MAX_LENGTH = 2000;
/** Longest icon class kept (icon picker values are names such as 'HomeOutlined'). */
export const MENU_ICON_MAX_LENGTH = 100;
/** Most entries one order request may carry. */
export const MENU_ORDER_MAX_ITEMS = 5000;

/** Texts the spec does not quote; the web app translates them by key (menus:errors.<key>). */
export const MENU_MESSAGES = {
  saved: 'Menu has been saved',
  deleted: 'Menu has been deleted',
  orderSaved: 'Menu order saved',
  notFound: 'This menu does not exist.',
  parentNotFound: 'The group to put this menu in does not exist.',
  parentNotGroup: 'Menus can only be put inside a group.',
  cycle: 'A group cannot be put inside itself or one of its own entries.',
  tooDeep: `Menus can be nested at most ${MENU_MAX_DEPTH} levels deep.`,
  groupHasEntries: 'A group that still has entries cannot become a link.',
  urlRequired: 'A link needs an address.',
  urlInvalid: 'Enter an app path starting with / (such as /tasks) or an http(s) address.',
  groupHasNoUrl: 'A group has no address.',
  orderIncomplete: 'The order must list every menu exactly once.',
  orderDuplicate: 'Each menu may appear only once in the order.',
} as const;
export type MenuMessageKey = keyof typeof MENU_MESSAGES;

// Characters that never belong in a link: whitespace and control characters (a URL parser would
// quietly drop some of them, which is how 'java\tscript:' slips past naive checks).
// eslint-disable-next-line no-control-regex
const UNSAFE_URL_CHARACTER = /[\s\u0000-\u001f\u007f\\]/u;

/**
 * A link's address: an app path ('/tasks', '/module/42?tab=1') or an absolute http(s) URL. Never a
 * protocol-relative '//host' (that leaves the app), a backslash path, or a script URL such as
 * 'javascript:'. Returns the message for a bad address, or null; '' is the caller's 'required' case.
 */
export function validateMenuActionUrl(value: string): string | null {
  if (value === '') return null;
  if (value.length > MENU_URL_MAX_LENGTH) return MESSAGES.cannotExceed(MENU_URL_MAX_LENGTH);
  if (UNSAFE_URL_CHARACTER.test(value)) return MENU_MESSAGES.urlInvalid;
  if (value.startsWith('/')) return value.startsWith('//') ? MENU_MESSAGES.urlInvalid : null;
  if (!/^https?:\/\//i.test(value)) return MENU_MESSAGES.urlInvalid;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
      ? null
      : MENU_MESSAGES.urlInvalid;
  } catch {
    return MENU_MESSAGES.urlInvalid;
  }
}

/** Every rule on one entry's address given its kind; null when fine. */
export function menuActionUrlMessage(value: string, isGroup: boolean): string | null {
  if (isGroup) return value === '' ? null : MENU_MESSAGES.groupHasNoUrl;
  if (value === '') return MENU_MESSAGES.urlRequired;
  return validateMenuActionUrl(value);
}

/** One stored entry, flat (the answer of save). */
export const menuItemSchema = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  menu_name: z.string(),
  action_url: z.string(),
  icon_class: z.string(),
  description: z.string(),
  is_group: z.boolean(),
  show_on_seed: z.boolean(),
  order_index: z.number().int(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** Spec §3 menu tree node (id, text, type, icon, description, children) plus the stored fields. */
export interface MenuTreeNode extends MenuItem {
  text: string;
  type: 'Module' | 'group';
  icon: string | null;
  children: MenuTreeNode[];
}

export const menuTreeNodeSchema: z.ZodType<MenuTreeNode> = z.lazy(() =>
  menuItemSchema.extend({
    text: z.string(),
    type: z.enum(['Module', 'group']),
    icon: z.string().nullable(),
    children: z.array(menuTreeNodeSchema),
  }),
);

export const menuTreeResponseSchema = envelope(z.array(menuTreeNodeSchema));
export const sidebarMenuResponseSchema = envelope(z.array(appMenuEntrySchema));
export const menuItemResponseSchema = envelope(menuItemSchema);
export const deleteMenuResponseSchema = envelope(z.object({ id: z.string(), deleted: z.array(z.string()) }));

/** Menu name: required, then the spec §5 name rules (40 characters); stored without trailing spaces. */
const menuNameRule = z
  .string({ error: MESSAGES.required })
  .max(NAME_MAX_LENGTH * 4, MESSAGES.nameTooLong)
  .refine((value) => value.trim() !== '', { message: MESSAGES.required, abort: true })
  .check(refineWith((value) => validateName(value)))
  .transform((value) => value.trimEnd());

/**
 * POST save: without id it creates an entry (last among its siblings), with id it edits that entry.
 * Editing, a field left out keeps its stored value (parent_id: the entry stays where it is); creating,
 * it takes its default (a link at the top level, not shown to everyone).
 */
export const saveMenuBodySchema = z
  .object({
    // Any string: an id that is not one of this tenant's menus is a 404, whatever its shape.
    id: z.string().max(64).optional(),
    /** null: top level. */
    parent_id: z.string().max(64).nullable().optional(),
    menu_name: menuNameRule,
    action_url: z
      .string()
      .trim()
      .max(MENU_URL_MAX_LENGTH * 2)
      .optional(),
    icon_class: z
      .string()
      .trim()
      .max(MENU_ICON_MAX_LENGTH, MESSAGES.cannotExceed(MENU_ICON_MAX_LENGTH))
      .optional(),
    description: z.string().trim().max(DESCRIPTION_MAX_LENGTH, MESSAGES.descriptionTooLong).optional(),
    is_group: z.boolean().optional(),
    show_on_seed: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    // The kind is known when given or when creating; an edit that leaves it out is checked by the
    // server against the stored kind.
    const isGroup = body.is_group ?? (body.id === undefined ? false : undefined);
    const url = body.action_url ?? '';
    const message =
      isGroup === undefined
        ? validateMenuActionUrl(url)
        : body.action_url === undefined && body.id !== undefined && !isGroup
          ? null
          : menuActionUrlMessage(url, isGroup);
    if (message) ctx.addIssue({ code: 'custom', path: ['action_url'], message });
  });
export type SaveMenuBody = z.input<typeof saveMenuBodySchema>;
export type SaveMenuCommand = z.output<typeof saveMenuBodySchema>;

export const menuIdParamsSchema = z.object({ id: z.string().max(64) });

/** One entry's place in an arrangement. */
export const menuPlacementSchema = z.object({
  id: z.string().max(64),
  parent_id: z.string().max(64).nullable(),
  order_index: z.number().int().min(0),
});
export type MenuPlacement = z.infer<typeof menuPlacementSchema>;

/** PUT order: every menu of the tenant exactly once, with its parent and its place among its siblings. */
export const orderMenusBodySchema = z.object({
  items: z
    .array(menuPlacementSchema, { error: MESSAGES.required })
    .max(MENU_ORDER_MAX_ITEMS)
    .refine(
      (items) => new Set(items.map((item) => item.id)).size === items.length,
      MENU_MESSAGES.orderDuplicate,
    ),
});
export type OrderMenusBody = z.infer<typeof orderMenusBodySchema>;
