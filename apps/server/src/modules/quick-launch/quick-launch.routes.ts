import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  QUICK_LAUNCH_MAX,
  QUICK_LAUNCH_MESSAGES,
  QUICK_LAUNCH_PATHS,
  quickLaunchAppsRequestSchema,
  quickLaunchAppsResponseSchema,
  quickLaunchTilesResponseSchema,
  setQuickLaunchBodySchema,
  sortUpdateBodySchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { QuickLaunchService } from './quick-launch.service.ts';

const errors = errorResponses(400, 401);
const tags = ['quick-launch'];
const security = [{ bearer: [] }];

const WHO_SEES =
  'A tile shows while its app is offered for quick launch (add_to_quick_launch) and the caller may see it: ' +
  'builders (full users, consultants) every app, drafts included; other users the published apps a role ' +
  'grants view on.';

/** Quick launch (spec §7 userpreference get/set quicklaunch, quicklaunchapps/datatables, sortupdate). */
export const quickLaunchRoutes = (deps: {
  service: QuickLaunchService;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // Every signed-in user may keep tiles of the apps they may see; the service decides which.
    const { signedIn } = deps.guard;

    app.get(
      QUICK_LAUNCH_PATHS.get,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The caller’s quick-launch tiles, in order',
          description: `${WHO_SEES} A deleted app, or one no longer visible or offered, drops out.`,
          response: { 200: quickLaunchTilesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.tiles(callContext(request), request.auth!)),
    );

    app.put(
      QUICK_LAUNCH_PATHS.set,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Replace the caller’s quick-launch tiles',
          description:
            `moduleIds: the complete new list, in order, at most ${QUICK_LAUNCH_MAX}, no repeats. Each must be an ` +
            'app offered for quick launch that the caller may see; any other id (unknown, another tenant’s, ' +
            'hidden) is a 400 "This app cannot be added to quick launch." Answers the new tiles.',
          body: setQuickLaunchBodySchema,
          response: { 200: quickLaunchTilesResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.set(callContext(request), request.auth!, request.body.moduleIds),
          QUICK_LAUNCH_MESSAGES.saved,
        ),
    );

    app.post(
      QUICK_LAUNCH_PATHS.datatables,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A page of the apps the caller may add to quick launch (spec §3 data table request)',
          description:
            'Published apps with add_to_quick_launch that the caller may see. length 10, 20, 50 or 100; orders ' +
            'over display_name, category_name, modified_on; search matches name or description, ignoring case. ' +
            'in_quick_launch tells the apps already among the caller’s tiles.',
          body: quickLaunchAppsRequestSchema,
          response: { 200: quickLaunchAppsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.apps(callContext(request), request.auth!, request.body)),
    );

    app.patch(
      QUICK_LAUNCH_PATHS.sortUpdate,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Reorder the caller’s quick-launch tiles (later also dashboards)',
          description:
            'kind: what to order. Only quicklaunch today (anything else is a 400); dashboard joins when the ' +
            'user has dashboards. ids: tiles in their new order, first; tiles left out keep their order after ' +
            'them. Each must be one of the caller’s tiles (400 otherwise). Answers the tiles in the new order.',
          body: sortUpdateBodySchema,
          response: { 200: quickLaunchTilesResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.sortUpdate(callContext(request), request.auth!, request.body),
          QUICK_LAUNCH_MESSAGES.orderSaved,
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
