import { z } from 'zod';
import {
  DESCRIPTION_MAX_LENGTH,
  MESSAGES,
  NAME_MAX_LENGTH,
  PERMISSION_ACTIONS,
  RESOURCE_KINDS,
  validateDescription,
  validateName,
} from '@formloop/domain';
import { envelope, refineWith } from './envelope.ts';

// Roles and their permission matrix (/settings/roles-permissions, spec §1 "roles", §6). The spec
// names none of these calls; the paths sit beside its /api/sys/permissions/menu calls. Only settings
// roles (system administrators, administrators, consultants) may read or change them. A role grants
// actions on resources (packages/domain/src/access/permissions.ts); users receive roles elsewhere
// (PUT /api/sys/users/:id/roles).

export const ROLE_PATHS = {
  list: '/api/sys/permissions/roles',
  catalogue: '/api/sys/permissions/roles/catalogue',
  save: '/api/sys/permissions/roles/save',
  /** Route patterns; build concrete paths with rolePath(id), roleDeletePath(id), roleMatrixPath(id). */
  detail: '/api/sys/permissions/roles/:id',
  delete: '/api/sys/permissions/roles/:id/delete',
  matrix: '/api/sys/permissions/roles/:id/matrix',
} as const;

const roleBase = (id: string) => `/api/sys/permissions/roles/${encodeURIComponent(id)}`;
export const rolePath = (id: string) => roleBase(id);
export const roleDeletePath = (id: string) => `${roleBase(id)}/delete`;
export const roleMatrixPath = (id: string) => `${roleBase(id)}/matrix`;

/** Texts the spec does not quote; the web app translates them by key (roles:messages.<key>). */
export const ROLE_MESSAGES = {
  roleSaved: 'Role has been saved',
  roleDeleted: 'Role has been deleted',
  permissionsSaved: 'Permissions have been saved',
  duplicateName: 'A role with this name already exists.',
  notFound: 'This role does not exist.',
  invalidGrants: 'Some permissions could not be granted.',
  unknownResource: 'This menu or app does not exist.',
  appsNotAvailable: 'App permissions cannot be granted yet.',
  actionNotAllowed: 'This action cannot be granted on this kind of entry.',
} as const;
export type RoleMessageKey = keyof typeof ROLE_MESSAGES;

/** Most cells one matrix may hold: far above any real menu tree, low enough to bound one request. */
export const MAX_GRANTS = 5000;
/** Longest resource name accepted (`menu:` or `app:` and an id). */
export const RESOURCE_MAX_LENGTH = 100;

const actionSchema = z.enum(PERMISSION_ACTIONS);

/** One row of the roles list. */
export const roleSummarySchema = z.object({
  id: z.string(),
  role_name: z.string(),
  description: z.string(),
  /** Users holding the role. */
  user_count: z.number().int(),
  /** Granted cells of the matrix. */
  grant_count: z.number().int(),
});
export type RoleSummary = z.infer<typeof roleSummarySchema>;

/**
 * One row of the matrix. Menus come first, in their tree order (depth first, by order_index); app
 * rows (kind 'app', actions view/create/edit/delete) follow once apps exist. `parent` is the
 * resource of the group row above it, so a client can indent and toggle a group's rows together.
 */
export const catalogueRowSchema = z.object({
  resource: z.string(),
  kind: z.enum(RESOURCE_KINDS),
  id: z.string(),
  label: z.string(),
  parent: z.string().nullable(),
  depth: z.number().int(),
  is_group: z.boolean(),
  /** The actions this row offers: one checkbox column each. */
  actions: z.array(actionSchema),
});
export type CatalogueRow = z.infer<typeof catalogueRowSchema>;

export const grantSchema = z.object({ resource: z.string(), action: z.string() });
export type Grant = z.infer<typeof grantSchema>;

export const roleMemberSchema = z.object({ id: z.string(), username: z.string(), fullname: z.string() });
export type RoleMember = z.infer<typeof roleMemberSchema>;

export const roleDetailSchema = z.object({
  id: z.string(),
  role_name: z.string(),
  description: z.string(),
  /** Sorted by resource, then action. */
  grants: z.array(grantSchema),
  /** Users holding the role, by username. */
  members: z.array(roleMemberSchema),
});
export type RoleDetail = z.infer<typeof roleDetailSchema>;

export const roleListResponseSchema = envelope(z.array(roleSummarySchema));
export const roleCatalogueResponseSchema = envelope(z.array(catalogueRowSchema));
export const roleDetailResponseSchema = envelope(roleDetailSchema);
export const roleSummaryResponseSchema = envelope(roleSummarySchema);
export const deleteRoleResponseSchema = envelope(z.object({ id: z.string() }));

/** Role name: required, then the spec §5 name rules (40 characters); stored without trailing spaces. */
export const roleNameRule = z
  .string({ error: MESSAGES.required })
  // A cheap bound before the code-point count; anything this long fails the 40 rule anyway.
  .max(NAME_MAX_LENGTH * 4, MESSAGES.nameTooLong)
  .refine((value) => value.trim() !== '', { message: MESSAGES.required, abort: true })
  .check(refineWith((value) => validateName(value)))
  .transform((value) => value.trimEnd());

/** Description: optional; the Create App description rules (no leading space, valid characters, 250). */
export const roleDescriptionRule = z
  .string()
  .max(DESCRIPTION_MAX_LENGTH * 4, MESSAGES.descriptionTooLong)
  .check(refineWith((value) => validateDescription(value)))
  .transform((value) => value.trimEnd());

/** POST save: without id it creates a role, with id it renames (and re-describes) that role. */
export const saveRoleBodySchema = z.object({
  // Any string: an id that is not one of this tenant's roles is a 404, whatever its shape.
  id: z.string().max(64).optional(),
  role_name: roleNameRule,
  /** Left out: '' for a new role, unchanged for an existing one. */
  description: roleDescriptionRule.optional(),
});
export type SaveRoleBody = z.input<typeof saveRoleBodySchema>;
export type SaveRoleCommand = z.output<typeof saveRoleBodySchema>;

export const roleIdParamsSchema = z.object({ id: z.string().max(64) });

/**
 * PUT matrix: every granted cell; what is left out is refused. Whether a resource exists in the
 * tenant and allows the action is the server's check (400 naming each bad entry as grants.<index>).
 */
export const roleMatrixBodySchema = z.object({
  grants: z
    .array(
      z.object({
        resource: z.string().min(1).max(RESOURCE_MAX_LENGTH),
        action: z.string().min(1).max(32),
      }),
      { error: MESSAGES.required },
    )
    .max(MAX_GRANTS),
});
export type RoleMatrixBody = z.infer<typeof roleMatrixBodySchema>;
