import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APP_SETTINGS_MESSAGES,
  APP_SETTINGS_PATHS,
  appSettingsModuleQuerySchema,
  createRecordTemplateBodySchema,
  deleteRecordTemplateBodySchema,
  deleteRecordTemplateResponseSchema,
  orderRecordTemplatesBodySchema,
  recordTemplateListResponseSchema,
  recordTemplateResponseSchema,
  renameRecordTemplateBodySchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createRecordTemplateService } from './record-templates.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['record-templates'];
const security = [{ bearer: [] }];

/** Spec §7 recordtemplate create/read/delete/rename/orderindex. */
export const recordTemplateRoutes = (deps: {
  service: ReturnType<typeof createRecordTemplateService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const builders = deps.guard.only(canUseBuilder);
    const { signedIn } = deps.guard;

    app.get(
      APP_SETTINGS_PATHS.recordTemplateRead,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'An app’s record templates in their order',
          description:
            'For everyone who may see the app: builders any app of the tenant, other users published apps ' +
            'their roles grant view on (404 otherwise).',
          querystring: appSettingsModuleQuerySchema,
          response: { 200: recordTemplateListResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.list(callContext(request), request.auth!, request.query.moduleId)),
    );

    app.post(
      APP_SETTINGS_PATHS.recordTemplateCreate,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Create a record template (it goes last)',
          description:
            'templateName: required, the spec §5 name rules (40 characters), unique per app ignoring case ' +
            '(409). data: field values by field machine name; every key must be a field of the draft or ' +
            'published version and each value must fit its field (text, number, boolean, ISO date/time, ' +
            'list), else 400 naming the field.',
          body: createRecordTemplateBodySchema,
          response: { 200: recordTemplateResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.create(callContext(request), request.auth!, request.body),
          APP_SETTINGS_MESSAGES.recordTemplateCreated,
        ),
    );

    app.post(
      APP_SETTINGS_PATHS.recordTemplateRename,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Rename a record template',
          body: renameRecordTemplateBodySchema,
          response: { 200: recordTemplateResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.rename(callContext(request), request.auth!, request.body),
          APP_SETTINGS_MESSAGES.recordTemplateRenamed,
        ),
    );

    app.post(
      APP_SETTINGS_PATHS.recordTemplateDelete,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Delete a record template',
          body: deleteRecordTemplateBodySchema,
          response: { 200: deleteRecordTemplateResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deps.service.remove(callContext(request), request.auth!, request.body.id);
        return ok({ id: request.body.id }, APP_SETTINGS_MESSAGES.recordTemplateDeleted);
      },
    );

    app.post(
      APP_SETTINGS_PATHS.recordTemplateOrder,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Set the order of an app’s record templates',
          description:
            'ids in their new order; each must be one of the app’s templates (else 404), each once (else ' +
            '400). Templates left out follow in their current order. Answers the whole list.',
          body: orderRecordTemplatesBodySchema,
          response: { 200: recordTemplateListResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.order(callContext(request), request.auth!, request.body),
          APP_SETTINGS_MESSAGES.recordTemplatesOrdered,
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
