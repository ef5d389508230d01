import { z } from 'zod';
import { MESSAGES, NAME_MAX_LENGTH, validateName } from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';

// App groups (/module-categories, spec §2, §6, §7, §8). The spec names save and {id}/delete; the
// list and order paths are ours. Apps are filed under a group, so every signed-in user may list them;
// only settings roles (system administrators, administrators, consultants) may change them.

export const MODULE_CATEGORY_PATHS = {
  list: '/api/form/Editor/category/list',
  save: '/api/form/Editor/category/save',
  /** Route pattern; build a concrete path with moduleCategoryDeletePath(id). */
  delete: '/api/form/Editor/category/:id/delete',
  order: '/api/form/Editor/category/order',
} as const;

export const moduleCategoryDeletePath = (id: string) =>
  `/api/form/Editor/category/${encodeURIComponent(id)}/delete`;

/** Texts the spec does not quote; the web app translates them by key (moduleCategories:errors.<key>). */
export const MODULE_CATEGORY_MESSAGES = {
  duplicateName: 'An app group with this name already exists.',
  notFound: 'This app group does not exist.',
  duplicateInOrder: 'Each app group may appear only once in the order.',
} as const;
export type ModuleCategoryMessageKey = keyof typeof MODULE_CATEGORY_MESSAGES;

/** Longest icon class name kept (icon picker values are short class names such as 'fa fa-folder'). */
export const CATEGORY_ICON_MAX_LENGTH = 100;

export const moduleCategorySchema = z.object({
  id: z.string(),
  category_name: z.string(),
  category_icon: z.string().nullable(),
  order_index: z.number().int(),
});
export type ModuleCategory = z.infer<typeof moduleCategorySchema>;

export const moduleCategoryListResponseSchema = envelope(z.array(moduleCategorySchema));
export const moduleCategoryResponseSchema = envelope(moduleCategorySchema);

/** Group name: required, then the spec §5 name rules (40 characters); stored without trailing spaces. */
export const categoryNameRule = z
  .string({ error: MESSAGES.required })
  // A cheap bound before the code-point count; anything this long fails the 40 rule anyway.
  .max(NAME_MAX_LENGTH * 4, MESSAGES.nameTooLong)
  .refine((value) => value.trim() !== '', { message: MESSAGES.required, abort: true })
  .check(refineWith((value) => validateName(value)))
  .transform((value) => value.trimEnd());

/** POST save: without id it creates a group, with id it renames (and re-icons) that group. */
export const saveModuleCategoryBodySchema = z.object({
  // Any string: an id that is not one of this tenant's groups is a 404, whatever its shape.
  id: z.string().max(64).optional(),
  category_name: categoryNameRule,
  category_icon: z
    .string()
    .trim()
    .max(CATEGORY_ICON_MAX_LENGTH, MESSAGES.cannotExceed(CATEGORY_ICON_MAX_LENGTH))
    .nullable()
    .optional(),
});
export type SaveModuleCategoryBody = z.input<typeof saveModuleCategoryBodySchema>;
export type SaveModuleCategoryCommand = z.output<typeof saveModuleCategoryBodySchema>;

export const moduleCategoryIdParamsSchema = z.object({ id: z.string().max(64) });

/** PUT order: the groups' ids in their new order; groups left out keep their order after these. */
export const orderModuleCategoriesBodySchema = z.object({
  ids: z
    .array(z.string().max(64), { error: MESSAGES.required })
    .min(1, MESSAGES.required)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, MODULE_CATEGORY_MESSAGES.duplicateInOrder),
});
export type OrderModuleCategoriesBody = z.infer<typeof orderModuleCategoriesBodySchema>;

export const deleteModuleCategoryResponseSchema = envelope(z.object({ id: z.string() }));
