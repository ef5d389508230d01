import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  APPS_PATHS,
  aiServicesQuerySchema,
  aiServicesResponseSchema,
  appExamplesResponseSchema,
  columnLookupResponseSchema,
  mlProvidersResponseSchema,
  mlServicesQuerySchema,
  mlServicesResponseSchema,
  moduleIdQuerySchema,
  moduleLookupResponseSchema,
  reservedNamesResponseSchema,
} from '@formloop/contracts';
import { RESERVED_FIELD_NAMES, RESERVED_MODULE_NAMES, canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createAppCatalogueService } from './apps-catalogue.service.ts';

const tags = ['apps'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404);

/** Names, lookups and the ML catalogue the editor and the Create App dialog read (spec §7). */
export const appCatalogueRoutes = (deps: {
  service: ReturnType<typeof createAppCatalogueService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;
    const buildersOnly = deps.guard.only(canUseBuilder);

    app.get(
      APPS_PATHS.reservedModuleNames,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Names an app may not take (spec §7 ReservedModuleNames)',
          description: 'Compared ignoring case.',
          response: { 200: reservedNamesResponseSchema, ...errors },
        },
      },
      async () => ok([...RESERVED_MODULE_NAMES]),
    );

    app.get(
      APPS_PATHS.reservedFieldNames,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Machine names a field may not take (spec §7 ReservedFieldNames)',
          description: 'The record’s system columns and default system fields; compared ignoring case.',
          response: { 200: reservedNamesResponseSchema, ...errors },
        },
      },
      async () => ok([...RESERVED_FIELD_NAMES]),
    );

    app.get(
      APPS_PATHS.examples,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Example apps to start a new app from (ours: the Create App gallery)',
          description:
            'The example apps the demo content made that still exist, by name; none in a tenant without ' +
            'it. Starting from one is CopyFrom: a draft copy of its form, workflow, permissions and e-mail ' +
            'templates, without records.',
          response: { 200: appExamplesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.examples(callContext(request))),
    );

    app.get(
      APPS_PATHS.moduleLookup,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Apps a lookup field may look up (spec §7 ModuleLookup)',
          description:
            'Every published app by name (is_table false), each followed by its table groups (is_table true, ' +
            'table_name the group’s name, display_name "App › Table").',
          response: { 200: moduleLookupResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.moduleLookup(callContext(request))),
    );

    app.get(
      APPS_PATHS.columnLookup,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'The fields of an app (spec §7 ColumnLookup)',
          description:
            'The fields of the published version (the draft before the first publish): name, label, fieldType, ' +
            'group (its group’s name) and isTable. Unknown or another tenant’s app: 404.',
          querystring: moduleIdQuerySchema,
          response: { 200: columnLookupResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.columnLookup(callContext(request), request.query.moduleId)),
    );

    app.get(
      APPS_PATHS.mlProviders,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'OCR providers for the Create App dialog',
          description: 'single_service: the provider takes one service (single select).',
          response: { 200: mlProvidersResponseSchema, ...errors },
        },
      },
      async (request) => ok({ items: await deps.service.providers(callContext(request)) }),
    );

    app.get(
      APPS_PATHS.mlServices,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'A provider’s machine-learning services',
          description:
            'licensed: the tenant holds the feature licence AI_{PROVIDER}_{SERVICE} (upper-cased labels joined with ' +
            'underscores); the dialog disables the others. Unknown provider: 404.',
          querystring: mlServicesQuerySchema,
          response: { 200: mlServicesResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok({ items: await deps.service.services(callContext(request), request.query.providerId) }),
    );

    app.get(
      APPS_PATHS.aiServices,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'The AI services of a machine-learning service',
          description: 'Unknown service: 404.',
          querystring: aiServicesQuerySchema,
          response: { 200: aiServicesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.aiServices(callContext(request), request.query.mlServiceId)),
    );
  }) satisfies FastifyPluginAsyncZod;
