import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ORGANIZATION_MESSAGES,
  ORGANIZATION_PATHS,
  currentOrganizationResponseSchema,
  organizationPreferenceResponseSchema,
  setOrganizationPreferenceBodySchema,
  setOrganizationTimeZoneBodySchema,
} from '@formloop/contracts';
import { canUseSettings } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { requireTenant } from '../../platform/tenancy/tenant-resolver.ts';
import type { createOrganizationService } from './organization.service.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['organization'];
const security = [{ bearer: [] }];

/** /api/sys/organization (spec §7): the organization preference. */
export const organizationRoutes = (deps: {
  service: ReturnType<typeof createOrganizationService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // Every signed-in user reads it (dates everywhere use its formats); settings roles change it (spec §6).
    const signedIn = { preHandler: deps.guard.authenticate };
    const settingsOnly = { preHandler: [deps.guard.authenticate, deps.guard.requireRole(canUseSettings)] };

    app.get(
      ORGANIZATION_PATHS.current,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The organization preference (time zone, date/time formats) and support contact',
          description: 'Without a stored preference the spec defaults apply (UTC, YYYY-MM-DD, …).',
          response: { 200: currentOrganizationResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.current(callContext(request), requireTenant(request.tenant))),
    );

    app.post(
      ORGANIZATION_PATHS.setTimeZone,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Set the organization’s IANA time zone (“GMT Standard Time” is stored as UTC)',
          body: setOrganizationTimeZoneBodySchema,
          response: { 200: organizationPreferenceResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.setTimeZone(callContext(request), request.auth!, request.body),
          ORGANIZATION_MESSAGES.timeZoneSaved,
        ),
    );

    app.post(
      ORGANIZATION_PATHS.preference,
      {
        ...settingsOnly,
        schema: {
          tags,
          security,
          summary: 'Set the organization’s date, date-time and time display formats',
          body: setOrganizationPreferenceBodySchema,
          response: { 200: organizationPreferenceResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.setPreference(callContext(request), request.auth!, request.body),
          ORGANIZATION_MESSAGES.preferenceSaved,
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
