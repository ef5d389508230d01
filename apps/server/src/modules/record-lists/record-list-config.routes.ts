import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RECORDS_PATHS,
  applyConfigAllUserBodySchema,
  getUserConfigQuerySchema,
  setUserConfigBodySchema,
  userConfigResponseSchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createRecordListConfigService } from './record-list-config.service.ts';

const tags = ['records'];
const security = [{ bearer: [] }];

const CONFIG_RULES =
  'data: columns shown in order (field names and system columns), pageSize, orders and filters as in datatables. ' +
  'tabConfig names the list (default "records"). Unknown columns or filter fields: 400. Another tenant’s app or ' +
  'one the caller may not view: 404.';

/** The record list's table configuration (spec §7 setuserconfig, applyconfigalluser; our getuserconfig). */
export const recordListConfigRoutes = (deps: {
  configs: ReturnType<typeof createRecordListConfigService>;
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
  }) satisfies FastifyPluginAsyncZod;
