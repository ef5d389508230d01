import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ROLE_MESSAGES,
  ROLE_PATHS,
  deleteRoleResponseSchema,
  roleCatalogueResponseSchema,
  roleDetailResponseSchema,
  roleIdParamsSchema,
  roleListResponseSchema,
  roleMatrixBodySchema,
  roleSummaryResponseSchema,
  saveRoleBodySchema,
} from '@formloop/contracts';
import { canUseSettings } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createRoleService } from './role.service.ts';

const tags = ['roles'];
const security = [{ bearer: [] }];

/** Roles and the permission matrix (/settings/roles-permissions, spec §1, §6): settings roles only. */
export const roleRoutes = (deps: {
  service: ReturnType<typeof createRoleService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // Checked before the body is validated, so a caller without the role learns nothing from a 400.
    const settingsOnly = deps.guard.only(canUseSettings);

    app.get(
      ROLE_PATHS.list,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'The roles, by name, with how many users hold each and how many cells it grants',
          response: { 200: roleListResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request))),
    );

    app.get(
      ROLE_PATHS.catalogue,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'The rows of the permission matrix',
          description:
            'The stored application menus (resource menu:{id}, action view) in their tree order: depth first, ' +
            'siblings by order_index; parent is the resource of the group above, depth its nesting. ' +
            'App rows (resource app:{moduleId}, actions view/create/edit/delete) follow, by app name.',
          response: { 200: roleCatalogueResponseSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => ok(await deps.service.catalogue(callContext(request))),
    );

    app.get(
      ROLE_PATHS.detail,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'One role with its granted cells and the users holding it',
          params: roleIdParamsSchema,
          response: { 200: roleDetailResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => ok(await deps.service.get(callContext(request), request.params.id)),
    );

    app.post(
      ROLE_PATHS.save,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Create a role (no id) or rename / re-describe one (id)',
          description:
            'role_name: required, the spec §5 name rules (40 characters), unique per tenant ignoring case (409). ' +
            'description: optional, at most 250 characters, no leading space, no special characters; ' +
            'left out it is kept (or empty for a new role). A new role grants nothing.',
          body: saveRoleBodySchema,
          response: { 200: roleSummaryResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        ok(
          await deps.service.save(callContext(request), request.auth!, request.body),
          ROLE_MESSAGES.roleSaved,
        ),
    );

    app.post(
      ROLE_PATHS.delete,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Delete a role; the users holding it lose it',
          params: roleIdParamsSchema,
          response: { 200: deleteRoleResponseSchema, ...errorResponses(401, 403, 404) },
        },
      },
      async (request) => {
        await deps.service.remove(callContext(request), request.auth!, request.params.id);
        return ok({ id: request.params.id }, ROLE_MESSAGES.roleDeleted);
      },
    );

    app.put(
      ROLE_PATHS.matrix,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Replace the role’s permission matrix',
          description:
            'grants: every granted cell as {resource, action}; cells left out are refused. Each resource must ' +
            'be a menu (menu:{id}) or an app (app:{id}) of this tenant and the action one its kind offers ' +
            '(menus: view; apps: view, create, edit, delete). Any bad entry is a 400 whose data.errors name it as ' +
            'grants.<index>, and nothing is written. Duplicates are collapsed. Takes effect on the next request ' +
            'of every user holding the role. Answers the role as GET does.',
          params: roleIdParamsSchema,
          body: roleMatrixBodySchema,
          response: { 200: roleDetailResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        ok(
          await deps.service.setMatrix(callContext(request), request.auth!, request.params.id, request.body),
          ROLE_MESSAGES.permissionsSaved,
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
