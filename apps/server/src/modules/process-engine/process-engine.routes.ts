import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROCESS_ENGINE_PATHS,
  dashboardQuerySchema,
  emailLogRequestSchema,
  emailLogResponseSchema,
  instanceListRequestSchema,
  instanceListResponseSchema,
  instanceParamsSchema,
  instanceRetryResponseSchema,
  processDashboardResponseSchema,
  processDefinitionsResponseSchema,
  processInstanceDetailResponseSchema,
} from '@formloop/contracts';
import { isSystemAdminOnly } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import { retryMessage, type createInstanceRetryService } from './instance-retry.service.ts';
import type { createProcessEngineService } from './process-engine.service.ts';

const tags = ['process-engine'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404);
const COUNTS =
  'Counts are exact up to 100,000 rows; past that the database’s estimate stands in and `estimated` says so.';

/** Spec §2 /process-engine and /process/dashboard, §6: system administrators only (others 403). */
export const processEngineRoutes = (deps: {
  service: ReturnType<typeof createProcessEngineService>;
  retry: ReturnType<typeof createInstanceRetryService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // The role is checked before the input is validated: a caller without it learns nothing from a 400.
    const sysAdmin = deps.guard.only(isSystemAdminOnly);

    app.get(
      PROCESS_ENGINE_PATHS.definitions,
      {
        ...sysAdmin,
        schema: {
          tags,
          security,
          summary: 'Apps with a published workflow: version, activity count and instances by status',
          response: { 200: processDefinitionsResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.definitions(callContext(request))),
    );

    app.post(
      PROCESS_ENGINE_PATHS.instances,
      {
        ...sysAdmin,
        schema: {
          tags,
          security,
          summary: 'A page of workflow instances, newest first',
          description:
            'status and moduleId filter; search matches the record’s id from its start, or any of its values ' +
            '(ignoring case). statusCounts counts each status under the same app and search (the status tabs). ' +
            COUNTS,
          body: instanceListRequestSchema,
          response: { 200: instanceListResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.instances(callContext(request), request.body)),
    );

    app.get(
      PROCESS_ENGINE_PATHS.instance,
      {
        ...sysAdmin,
        schema: {
          tags,
          security,
          summary: 'One workflow instance: where it is, its open tasks, its fault and its history',
          description: 'Unknown, malformed and other tenants’ ids: 404.',
          params: instanceParamsSchema,
          response: { 200: processInstanceDetailResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.instance(callContext(request), request.params.id)),
    );

    app.post(
      PROCESS_ENGINE_PATHS.retry,
      {
        ...sysAdmin,
        schema: {
          tags,
          security,
          summary: 'Retries a faulted instance from the activity that failed',
          description:
            'Locks the instance and runs the engine’s retry in one transaction (audited as workflow-instance ' +
            'retried). status Suspended or Running: it runs on (waiting at its next step); Faulted: the cause is ' +
            'still there and fault_message says ' +
            'why (the attempt stays in its history). An instance that is not faulted: 409.',
          params: instanceParamsSchema,
          response: { 200: instanceRetryResponseSchema, ...errorResponses(401, 403, 404, 409) },
        },
      },
      async (request) => {
        const result = await deps.retry.retry(callContext(request), request.auth!, request.params.id);
        return ok(result, retryMessage(result));
      },
    );

    app.get(
      PROCESS_ENGINE_PATHS.dashboard,
      {
        ...sysAdmin,
        schema: {
          tags,
          security,
          summary: 'Instances by status and per-day throughput (started, completed, faulted)',
          description:
            'days (1–90, default 14) ending today, cut in the organization’s time zone; every day is listed. ' +
            COUNTS,
          querystring: dashboardQuerySchema,
          response: { 200: processDashboardResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.dashboard(callContext(request), request.query.days)),
    );

    app.post(
      PROCESS_ENGINE_PATHS.emailLog,
      {
        ...sysAdmin,
        schema: {
          tags,
          security,
          summary: 'A page of the event e-mails’ send log, newest first',
          description: `status filters (queued, sent, failed); search matches subject, event, recipients or error. ${COUNTS}`,
          body: emailLogRequestSchema,
          response: { 200: emailLogResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.emailLog(callContext(request), request.body)),
    );
  }) satisfies FastifyPluginAsyncZod;
