import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DASHBOARD_MESSAGES,
  DASHBOARD_PATHS,
  dashboardCardBodySchema,
  dashboardCardParamsSchema,
  dashboardCardResponseSchema,
  dashboardDataTableRequestSchema,
  dashboardDataTableResponseSchema,
  dashboardIdParamsSchema,
  dashboardResponseSchema,
  dashboardStateBodySchema,
  defaultDashboardResponseSchema,
  deletedDashboardResponseSchema,
  saveDashboardBodySchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { DashboardService } from './dashboards.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const cardErrors = errorResponses(400, 401, 403, 404, 503);
const tags = ['dashboards'];
const security = [{ bearer: [] }];

/** Dashboards (spec §2 /dashboard, /dashboard-landing, /list-dashboard; §6 full users and consultants). */
export const dashboardRoutes = (deps: {
  service: DashboardService;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const builders = deps.guard.only(canUseBuilder);

    app.post(
      DASHBOARD_PATHS.datatables,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'A page of the dashboards the caller may open (their default first)',
          description:
            'length 10, 20, 50 or 100; search matches name and description; scope all, mine or shared.',
          body: dashboardDataTableRequestSchema,
          response: { 200: dashboardDataTableResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request), request.auth!, request.body)),
    );

    app.get(
      DASHBOARD_PATHS.byDefault,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'The id of the caller’s default dashboard (null when none is set or it is gone)',
          response: { 200: defaultDashboardResponseSchema, ...errors },
        },
      },
      async (request) => ok({ id: await deps.service.defaultId(callContext(request), request.auth!) }),
    );

    app.post(
      DASHBOARD_PATHS.save,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Creates a dashboard (no id) or changes one of the caller’s own (id)',
          description:
            'cards: chart, number and table cards carry a report definition (checked against the app as the caller ' +
            'sees it), report cards a reportId, text cards plain text, workflow cards an app and a metric; ids unique. ' +
            'filters: dateRange, field, user or status, each wired by field name to every card whose app has that ' +
            'field (a card may map it elsewhere or to none in filterFields). 409 for a name the caller already uses.',
          body: saveDashboardBodySchema,
          response: { 200: dashboardResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.save(callContext(request), request.auth!, request.body),
          DASHBOARD_MESSAGES.saved,
        ),
    );

    app.get(
      DASHBOARD_PATHS.detail,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'One dashboard the caller may open, with their filter values and default flag',
          params: dashboardIdParamsSchema,
          response: { 200: dashboardResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.detail(callContext(request), request.auth!, request.params.id)),
    );

    app.post(
      DASHBOARD_PATHS.delete,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Deletes one of the caller’s own dashboards',
          params: dashboardIdParamsSchema,
          response: { 200: deletedDashboardResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.remove(callContext(request), request.auth!, request.params.id),
          DASHBOARD_MESSAGES.deleted,
        ),
    );

    app.put(
      DASHBOARD_PATHS.state,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Saves the caller’s filter values of a dashboard and/or makes it their default',
          description: 'Only one dashboard is a user’s default: setting one clears the others.',
          params: dashboardIdParamsSchema,
          body: dashboardStateBodySchema,
          response: { 200: dashboardResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.saveState(callContext(request), request.auth!, request.params.id, request.body),
        ),
    );

    app.post(
      DASHBOARD_PATHS.card,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'One card’s data, read as the caller with the dashboard’s filters wired in',
          description:
            'filterValues: the dashboard filter values to apply (the caller’s saved ones when absent). The answer is ' +
            'the report run (and for number cards with compare, the figure of the period before the date filter’s), ' +
            'the record list filters it applied (drill to /module/{moduleId}), and whether it came from the card ' +
            'cache: a result is reused until the app’s records change (refresh: true computes it again).',
          params: dashboardCardParamsSchema,
          body: dashboardCardBodySchema,
          response: { 200: dashboardCardResponseSchema, ...cardErrors },
        },
      },
      async (request) =>
        ok(
          await deps.service.card(
            callContext(request),
            request.auth!,
            request.params.id,
            request.params.cardId,
            request.body.filterValues,
            request.body.refresh === true,
          ),
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
