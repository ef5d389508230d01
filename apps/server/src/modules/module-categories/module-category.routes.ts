import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MODULE_CATEGORY_PATHS,
  deleteModuleCategoryResponseSchema,
  moduleCategoryIdParamsSchema,
  moduleCategoryListResponseSchema,
  moduleCategoryResponseSchema,
  orderModuleCategoriesBodySchema,
  saveModuleCategoryBodySchema,
} from '@formloop/contracts';
import { MESSAGES, canUseSettings } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { createModuleCategoryService } from './module-category.service.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['module-categories'];
const security = [{ bearer: [] }];

/** App groups (spec §2 /module-categories, §7 category save and delete, §8 group messages). */
export const moduleCategoryRoutes = (deps: {
  service: ReturnType<typeof createModuleCategoryService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // Reading is for everyone signed in (apps are grouped by these); changing is for settings roles (§6).
    // Checked before the body is validated, so a caller without the role learns nothing from a 400.
    const { signedIn } = deps.guard;
    const settingsOnly = deps.guard.only(canUseSettings);

    app.get(
      MODULE_CATEGORY_PATHS.list,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The app groups in their display order',
          response: { 200: moduleCategoryListResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request))),
    );

    app.post(
      MODULE_CATEGORY_PATHS.save,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Create an app group (no id) or rename one (id)',
          description:
            'Name: required, the spec §5 name rules (40 characters), unique per tenant ignoring case (409). ' +
            'A new group goes last. Leaving category_icon out keeps the icon; null or "" clears it.',
          body: saveModuleCategoryBodySchema,
          response: { 200: moduleCategoryResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.save(callContext(request), request.auth!, request.body), MESSAGES.groupSaved),
    );

    app.post(
      MODULE_CATEGORY_PATHS.delete,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Delete an app group',
          params: moduleCategoryIdParamsSchema,
          response: { 200: deleteModuleCategoryResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deps.service.remove(callContext(request), request.auth!, request.params.id);
        return ok({ id: request.params.id }, MESSAGES.groupDeleted);
      },
    );

    app.put(
      MODULE_CATEGORY_PATHS.order,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Set the app groups’ order',
          description:
            'ids in their new order; every id must be one of this tenant’s groups (else 404), each once (else 400). ' +
            'Groups left out follow in their current order. Answers the whole list in the new order.',
          body: orderModuleCategoriesBodySchema,
          response: { 200: moduleCategoryListResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.order(callContext(request), request.auth!, request.body),
          MESSAGES.groupOrderSaved,
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
