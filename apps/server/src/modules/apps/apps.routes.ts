import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPS_MESSAGES,
  APPS_PATHS,
  appIdResponseSchema,
  appSummaryResponseSchema,
  copyFromBodySchema,
  createAppBodySchema,
  createAppResponseSchema,
  deleteFormBodySchema,
  formInvalidResponseSchema,
  publishBodySchema,
  publishResponseSchema,
  saveFormBodySchema,
  saveFormResponseSchema,
  updateAppBodySchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createAppService } from './apps.service.ts';
import type { createPublishService } from './apps-publish.service.ts';
import { FormInvalidError, formInvalidBody } from './form-check.ts';

const tags = ['apps'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

const NAME_RULES =
  'Name: required, the spec §5 name rules (40 characters), not a reserved system module name (ReservedModuleNames, ' +
  'ignoring case: 400 "Name: {name} is reserved system name, please use another name" on field name), unique per ' +
  'tenant ignoring case (409).';
const OCR_RULES =
  'categoryId: one of the tenant’s app groups (else 400 on categoryId). ocrProviderId: a provider of ' +
  '/api/ocrprovider/lookup. machineLearningServiceId: JSON text of an id array (or one id): each a service of that ' +
  'provider, licensed for the tenant (AI_{PROVIDER}_{SERVICE}); at most one for a single-service provider; none ' +
  'without a provider (400 on machineLearningServiceId).';
const ISSUES =
  'A form with problems is a 400 with message "' +
  APPS_MESSAGES.invalidForm +
  '" and data { code: "VALIDATION_FAILED", issues: FormIssue[], errors: [{ field: target, message }] }; each ' +
  'issue names its target (field id, group name, or "permission"), kind, code, English message, params, and for ' +
  'formulas start/end (0-based, end exclusive) of the offending span.';

/** The builder's commands of the Editor API (spec §7): full users and consultants only. */
export const appCommandRoutes = (deps: {
  apps: ReturnType<typeof createAppService>;
  publishing: ReturnType<typeof createPublishService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // Checked before the body is validated, so a caller without the role learns nothing from a 400.
    const buildersOnly = deps.guard.only(canUseBuilder);

    app.post(
      APPS_PATHS.create,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Create an app (spec §7 CreateProcessFromScratch)',
          description: `${NAME_RULES} Description: at most 250 characters, valid characters, no leading space. ${OCR_RULES} The new app is a Draft (module_version 0) whose draft holds one empty section (section_1).`,
          body: createAppBodySchema,
          response: { 200: createAppResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.apps.create(callContext(request), request.auth!, request.body), APPS_MESSAGES.appSaved),
    );

    app.post(
      APPS_PATHS.updateModule,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Change an app’s settings (spec §7 UpdateModule)',
          description: `The Create App fields of app id, plus helpFileUrl (http/https). ${NAME_RULES} ${OCR_RULES} Fields left out keep their values; null or "" clears group, icon, provider or help link. Answers the app as ListForms lists it.`,
          body: updateAppBodySchema,
          response: { 200: appSummaryResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.apps.update(callContext(request), request.auth!, request.body), APPS_MESSAGES.appSaved),
    );

    app.post(
      APPS_PATHS.copyFrom,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Copy an app (spec §7 CopyFrom)',
          description: `A new Draft app named name (${NAME_RULES}) with the source’s draft form, draft workflow, description, group, icon, e-mail templates and record templates; module_version 0.`,
          body: copyFromBodySchema,
          response: { 200: appIdResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.apps.copy(callContext(request), request.auth!, request.body), APPS_MESSAGES.appCopied),
    );

    app.post(
      APPS_PATHS.deleteForm,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Delete an app (spec §7 DeleteForm)',
          description:
            'Deletes the app with its versions, templates, favourites and usage, and every role’s grants on it. 404 for an unknown app.',
          body: deleteFormBodySchema,
          response: { 200: appIdResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.apps.remove(callContext(request), request.auth!, request.body.moduleId),
          APPS_MESSAGES.appDeleted,
        ),
    );

    app.post(
      APPS_PATHS.saveForm,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Save the draft form (spec §7 SaveForm)',
          description: `data: the spec §3 form payload; permission: JSON text of ActivityPermission[] (else 400 "${APPS_MESSAGES.invalidPermission}" on field permission); workflow: the draft workflow (left out: kept); defaultConfig. Stores module_draft = { fieldGroups, defaultConfig, permission }; the published version is untouched. ${ISSUES}`,
          body: saveFormBodySchema,
          response: {
            200: saveFormResponseSchema,
            400: formInvalidResponseSchema,
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        try {
          return ok(
            await deps.publishing.save(callContext(request), request.auth!, request.body),
            APPS_MESSAGES.formSaved,
          );
        } catch (error) {
          if (error instanceof FormInvalidError) return reply.status(400).send(formInvalidBody(error));
          throw error;
        }
      },
    );

    app.post(
      APPS_PATHS.publish,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Publish the draft (spec §7 publish)',
          description: `The draft, checked again, becomes the published version: module_version + 1, kept in module_versions; the draft stays as it is. A draft without any field is a 400 "${APPS_MESSAGES.nothingToPublish}". ${ISSUES}`,
          body: publishBodySchema,
          response: {
            200: publishResponseSchema,
            400: formInvalidResponseSchema,
            ...errorResponses(401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        try {
          return ok(
            await deps.publishing.publish(callContext(request), request.auth!, request.body.id),
            APPS_MESSAGES.appPublished,
          );
        } catch (error) {
          if (error instanceof FormInvalidError) return reply.status(400).send(formInvalidBody(error));
          throw error;
        }
      },
    );
  }) satisfies FastifyPluginAsyncZod;
