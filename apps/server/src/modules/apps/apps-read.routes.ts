import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPS_PATHS,
  appDataTableRequestSchema,
  appDataTableResponseSchema,
  appDetailResponseSchema,
  appListResponseSchema,
  dataEntryLookupQuerySchema,
  dataEntryLookupResponseSchema,
  favouriteBodySchema,
  favouriteChangeResponseSchema,
  favouriteListResponseSchema,
  getFormQuerySchema,
  listFormsQuerySchema,
  mostUsedResponseSchema,
  usageBodySchema,
  usageResponseSchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createAppReadService } from './apps-read.service.ts';

const tags = ['apps'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404);

const WHO_SEES =
  'Builders (full users and consultants) may use every published app; other users the published apps a role ' +
  'grants view on (resource app:{id}).';
const DATA_TABLE =
  'Spec §3 data table request: page (from 1), length 10/20/50/100, search (display name or description, ignoring ' +
  'case), orders [{column: display_name|modified_on|created_on|status|category_name, dir}], filters ' +
  '[{field: status, value: Draft|Published} | {field: application_module_category_id, value: id or "" for none}]. ' +
  'Answers { data, recordsTotal, recordsFiltered }.';

/** Reading apps: the builder's lists, one app, and each user's own app lists (spec §7). */
export const appReadRoutes = (deps: {
  service: ReturnType<typeof createAppReadService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;
    const buildersOnly = deps.guard.only(canUseBuilder);

    app.get(
      APPS_PATHS.listForms,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Every app of the tenant, by name (spec §7 ListForms)',
          description:
            'searchTerm matches display name or description anywhere, ignoring case; special characters are refused ' +
            '(400 "Search value cannot contain special characters").',
          querystring: listFormsQuerySchema,
          response: { 200: appListResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.listForms(callContext(request), request.auth!, request.query.searchTerm)),
    );

    app.get(
      APPS_PATHS.getForm,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'One app with its draft and published forms (spec §7 GetForm)',
          description:
            'Draft and published definitions side by side, the workflows, e-mail templates and every published ' +
            'version (newest first). Builders may read any app of the tenant; other users only published apps a ' +
            'role grants view on (403 otherwise). Unknown or another tenant’s id: 404.',
          querystring: getFormQuerySchema,
          response: { 200: appDetailResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.getForm(callContext(request), request.auth!, request.query.id)),
    );

    app.get(
      APPS_PATHS.listApplications,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The published apps the caller may use, by name (spec §7 ListApplications)',
          description: `${WHO_SEES} Quick-launch apps are those with add_to_quick_launch.`,
          response: { 200: appListResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.listApplications(callContext(request), request.auth!)),
    );

    app.get(
      APPS_PATHS.dataEntryLookup,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The apps the caller may enter data into (spec §7 dataentrylookup)',
          description:
            'For pickers of an app to create entries in (the task scheduler). Published apps only, by name: every one ' +
            'for builders (full users and consultants), for other users those a role grants create on (resource ' +
            'app:{id}); none is an empty list. search matches the name or description anywhere, ignoring case; ' +
            'special characters are refused (400 "Search value cannot contain special characters"), at most 100 characters.',
          querystring: dataEntryLookupQuerySchema,
          response: { 200: dataEntryLookupResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.dataEntryLookup(callContext(request), request.auth!, request.query.search)),
    );

    app.post(
      APPS_PATHS.applicationsDatatables,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A page of the apps the caller may use',
          description: `${WHO_SEES} ${DATA_TABLE}`,
          body: appDataTableRequestSchema,
          response: { 200: appDataTableResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.applicationsTable(callContext(request), request.auth!, request.body)),
    );

    app.post(
      APPS_PATHS.modulesDatatables,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'A page of every app of the tenant (builders)',
          description: DATA_TABLE,
          body: appDataTableRequestSchema,
          response: { 200: appDataTableResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.modulesTable(callContext(request), request.auth!, request.body)),
    );

    app.get(
      APPS_PATHS.favouriteList,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The caller’s favourite apps in the order added (spec §7 Favourite list)',
          description:
            'Spec §3 favourite modules: id, display_name, title (= display_name), category_icon (the app’s icon, ' +
            'else its group’s). Apps the caller can no longer see are left out.',
          response: { 200: favouriteListResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.favourites(callContext(request), request.auth!)),
    );

    for (const [path, isAdd] of [
      [APPS_PATHS.favouriteAdd, true],
      [APPS_PATHS.favouriteRemove, false],
    ] as const) {
      app.post(
        path,
        {
          ...signedIn,
          schema: {
            tags,
            security,
            summary: isAdd
              ? 'Add an app to the caller’s favourites'
              : 'Remove an app from the caller’s favourites',
            description:
              'Body { moduleId, isAdd }; the path decides (add adds, remove removes). Idempotent. An app the caller ' +
              'may not see is a 404.',
            body: favouriteBodySchema,
            response: { 200: favouriteChangeResponseSchema, ...errors },
          },
        },
        async (request) =>
          ok(
            await deps.service.setFavourite(
              callContext(request),
              request.auth!,
              request.body.moduleId,
              isAdd,
            ),
          ),
      );
    }

    app.get(
      APPS_PATHS.mostUsed,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The caller’s ten most used apps (spec §7 ListMostUsed)',
          description: 'By number of uses, then most recent use; only apps the caller may still see.',
          response: { 200: mostUsedResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.mostUsed(callContext(request), request.auth!)),
    );

    app.post(
      APPS_PATHS.usage,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Record that the caller opened an app (feeds ListMostUsed)',
          description: 'Counts one more use by the caller; an app the caller may not see is a 404.',
          body: usageBodySchema,
          response: { 200: usageResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.recordUsage(callContext(request), request.auth!, request.body.moduleId)),
    );
  }) satisfies FastifyPluginAsyncZod;
