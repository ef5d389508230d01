import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MENU_MAX_DEPTH,
  MENU_MESSAGES,
  MENU_PATHS,
  deleteMenuResponseSchema,
  menuIdParamsSchema,
  menuItemResponseSchema,
  menuTreeResponseSchema,
  orderMenusBodySchema,
  saveMenuBodySchema,
  sidebarMenuResponseSchema,
} from '@formloop/contracts';
import { canUseSettings } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { MenuService } from './menus.service.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['menus'];
const security = [{ bearer: [] }];

/** Stored application menus (spec §2 /settings/menu and the sidebar tree, §3, §7 "Menu and categories"). */
export const menuRoutes = (deps: { service: MenuService; guard: ReturnType<typeof createAuthenticate> }) =>
  (async (app) => {
    // Every signed-in user reads their own menu; managing menus is for settings roles (§6). The role
    // check runs before body validation, so a caller without the role learns nothing from a 400.
    const { signedIn } = deps.guard;
    const settingsOnly = deps.guard.only(canUseSettings);

    app.get(
      MENU_PATHS.sidebar,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "The caller's application menu list",
          description:
            'Spec §3 entries (id, title, href, icon, items, disabled): the built-in entries (Home, Apps, and ' +
            'Settings for settings roles), then the stored menus the caller may see, nested and in order. ' +
            'Settings roles see every stored menu (an empty group comes disabled); everybody else sees ' +
            'entries with show_on_seed and those one of their roles grants view on (menu:{id}), and a group ' +
            'only when something below it is shown. Read per request: a role change applies at once. ' +
            'The session token carries the same list in config.appMenu.',
          response: { 200: sidebarMenuResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.sidebar(callContext(request), request.auth!)),
    );

    app.get(
      MENU_PATHS.tree,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Every stored menu as a tree (for /settings/menu)',
          description:
            'Spec §3 menu tree nodes (id, text, type "Module" for a link or "group", icon, description, ' +
            'children) with the stored fields action_url, show_on_seed, is_group, parent_id, order_index.',
          response: { 200: menuTreeResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.tree(callContext(request))),
    );

    app.put(
      MENU_PATHS.order,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Rearrange the stored menus',
          description:
            'items: every menu of the tenant exactly once, each with its parent_id (null: top level) and ' +
            'order_index among its siblings. An id that is not one of this tenant’s menus is a 404; a ' +
            `missing or repeated menu, a parent that is not a group, a cycle or nesting deeper than ${MENU_MAX_DEPTH} ` +
            'levels is a 400. Written in one transaction; siblings are renumbered 0..n-1. Answers the new tree.',
          body: orderMenusBodySchema,
          response: { 200: menuTreeResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.order(callContext(request), request.auth!, request.body),
          MENU_MESSAGES.orderSaved,
        ),
    );

    app.post(
      MENU_PATHS.save,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Create a menu entry (no id) or edit one (id)',
          description:
            'menu_name: required, the spec §5 name rules (40 characters). A link (is_group false) needs ' +
            'action_url: an app path starting with "/" (not "//") or an http(s) URL; a group has none. ' +
            'parent_id: a group of this tenant (404 otherwise) or null for the top level; left out when ' +
            'editing, the entry stays where it is. A new or moved entry goes last among its siblings. A ' +
            'group that still has entries cannot become a link.',
          body: saveMenuBodySchema,
          response: { 200: menuItemResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.save(callContext(request), request.auth!, request.body), MENU_MESSAGES.saved),
    );

    app.post(
      MENU_PATHS.delete,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Delete a menu entry and everything below it',
          description: 'Answers the id and every deleted id (the entry first, then the entries below it).',
          params: menuIdParamsSchema,
          response: { 200: deleteMenuResponseSchema, ...errors },
        },
      },
      async (request) => {
        const deleted = await deps.service.remove(callContext(request), request.auth!, request.params.id);
        return ok({ id: request.params.id, deleted }, MENU_MESSAGES.deleted);
      },
    );
  }) satisfies FastifyPluginAsyncZod;
