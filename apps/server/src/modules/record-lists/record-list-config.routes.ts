import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RECORDS_PATHS,
  applyConfigAllUserBodySchema,
  getUserConfigQuerySchema,
  indexProgressQuerySchema,
  indexProgressResponseSchema,
  setUserConfigBodySchema,
  userConfigResponseSchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createRecordListConfigService } from './record-list-config.service.ts';
import type { createIndexProgressService } from './record-index-progress.service.ts';

const tags = ['records'];
const security = [{ bearer: [] }];

const CONFIG_RULES =
  'data: columns shown in order (field names and system columns), pageSize, orders and filters as in datatables. ' +
  'tabConfig names the list (default "records"). Unknown columns or filter fields: 400. Another tenant’s app or ' +
  'one the caller may not view: 404.';

/** The record list's table configuration (spec §7 setuserconfig, applyconfigalluser; our getuserconfig). */
export const recordListConfigRoutes = (deps: {
  configs: ReturnType<typeof createRecordListConfigService>;
  progress: ReturnType<typeof createIndexProgressService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;
    // Checked before the body is validated, so a caller without the role learns nothing from a 400.
    const buildersOnly = deps.guard.only(canUseBuilder);

    app.get(
      RECORDS_PATHS.getUserConfig,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The table configuration the caller’s list starts from',
          description:
            'scope "user": the caller’s own; "all": the one a builder applied to every user; "none": neither.',
          querystring: getUserConfigQuerySchema,
          response: { 200: userConfigResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ok(await deps.configs.get(callContext(request), request.auth!, request.query)),
    );

    app.put(
      RECORDS_PATHS.setUserConfig,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Save the caller’s own table configuration of an app’s list',
          description: CONFIG_RULES,
          body: setUserConfigBodySchema,
          response: { 200: userConfigResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ok(await deps.configs.set(callContext(request), request.auth!, request.body)),
    );

    app.post(
      RECORDS_PATHS.applyConfigAllUser,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Give every user of the app the caller’s table configuration (builders)',
          description:
            'Copies the configuration the caller sees to every user of the app and clears their own ones. ' +
            'Without one: 400 (RECORDS_MESSAGES.noListConfig). Full users and consultants only (403).',
          body: applyConfigAllUserBodySchema,
          response: { 200: userConfigResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ok(await deps.configs.applyToAll(callContext(request), request.auth!, request.body)),
    );

    app.get(
      RECORDS_PATHS.indexProgress,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'How far the background build of an app’s list indexes is (builders)',
          description:
            'Publishing (and saving a list configuration) builds the indexes of the app’s index plan in the ' +
            'background. state: idle (no build since this server started), queued, building (built of ' +
            'planned done; field/fieldLabel: the index being built; phase, blocks and tuples from ' +
            'pg_stat_progress_create_index), done or failed. Per server process. Full users and ' +
            'consultants only (403); another tenant’s app or an unknown one: 404.',
          querystring: indexProgressQuerySchema,
          response: { 200: indexProgressResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ok(await deps.progress.get(callContext(request), request.query.moduleId)),
    );
  }) satisfies FastifyPluginAsyncZod;
