import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportReportBodySchema,
  exportSavedReportBodySchema,
  reportExportJobResponseSchema,
  REPORT_MESSAGES,
  REPORT_PATHS,
  deletedReportResponseSchema,
  reportDeliveriesResponseSchema,
  reportDeliveryParamsSchema,
  reportDeliveryResponseSchema,
  saveReportDeliveryBodySchema,
  drillReportBodySchema,
  workflowMetricsBodySchema,
  workflowMetricsResponseSchema,
  reportDrillResponseSchema,
  favouriteReportBodySchema,
  reportDataTableRequestSchema,
  reportDataTableResponseSchema,
  reportIdParamsSchema,
  reportResponseSchema,
  reportResultResponseSchema,
  runReportBodySchema,
  runSavedReportBodySchema,
  saveReportBodySchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { ReportService } from './reports.service.ts';
import type { ExportInput, ReportExportService } from './report-export.service.ts';
import type { ReportExportJobs } from './report-export-jobs.ts';
import { reportExportJobRoutes } from './report-export-jobs.routes.ts';
import type { createReportDeliveryService } from './report-deliveries.service.ts';

type ReportDeliveryService = ReturnType<typeof createReportDeliveryService>;

const errors = errorResponses(400, 401, 403, 404, 409);
const runErrors = errorResponses(400, 401, 403, 404, 503);
const tags = ['reports'];
const security = [{ bearer: [] }];

/** Reports (spec §2 /reports, /report-designer, /report-viewer; §6 full users and consultants; §7). */
/**
 * Sends a prepared report file: a buffer, or the list export's stream of every row; a plain export
 * too large to hold the request (REPORT_EXPORT_BACKGROUND_ROWS) becomes a background job: 202.
 */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  exports: ReportExportService,
  jobs: ReportExportJobs | undefined,
  input: ExportInput,
) {
  const ctx = callContext(request);
  const file = await exports.prepare(ctx, request.auth!, input);
  const rows = jobs ? await jobs.backgroundRows(ctx, request.auth!, input) : null;
  if (jobs && rows !== null)
    return reply.code(202).send(ok(await jobs.enqueue(ctx, request.auth!, input, rows)));
  reply
    .header('content-type', file.type)
    .header('content-disposition', file.disposition)
    .header('cache-control', 'no-store');
  if ('buffer' in file) return reply.send(file.buffer);
  const out = new PassThrough();
  exports.stream(file.prepared, out).catch((err: unknown) => {
    request.log.error({ err }, 'report export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return reply.send(out);
}

const EXPORT_DESCRIPTION =
  'format csv, xlsx or pdf; language (en, de, es, fr, ja, zh) of the heading and totals; landscape for PDF. ' +
  'Above the data: the report name, its filters with their values (report and runtime) and the time of export ' +
  'in the organization zone. A plain report streams every matching row (CSV, XLSX; a PDF holds the first ' +
  'REPORT_PDF_MAX_ROWS); a grouped report keeps its nesting with subtotal and total rows; a pivot stays pivoted. ' +
  'Read as the caller, like run. A plain CSV or XLSX export of more than REPORT_EXPORT_BACKGROUND_ROWS (50,000) ' +
  'rows answers 202 with a background export instead: follow it at GET exports/{exportId}; its file is at ' +
  'exports/{exportId}/file once completed, and a notification (exportready) tells the caller.';

export const reportRoutes = (deps: {
  service: ReportService;
  exports: ReportExportService;
  deliveries: ReportDeliveryService;
  /** Background exports (absent: every export streams in its answer). */
  jobs?: ReportExportJobs;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // Checked before the body is validated, so a caller without the role learns nothing from a 400.
    const builders = deps.guard.only(canUseBuilder);

    app.post(
      REPORT_PATHS.datatables,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'A page of the reports the caller may open (spec §7 report/datatables)',
          description:
            'Their own reports and those shared with them (everyone, their teams, their roles). length 10, 20, ' +
            '50 or 100; orders over name, category, modified_on, module_name; search matches name, description, ' +
            'category and app name ignoring case; scope all, mine, shared or favourites; category narrows to one.',
          body: reportDataTableRequestSchema,
          response: { 200: reportDataTableResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request), request.auth!, request.body)),
    );

    app.post(
      REPORT_PATHS.run,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Runs a report definition without saving it (designer preview, Quick Report)',
          description:
            'Reads as the caller: the app must be one they can open, every field one their record list shows ' +
            '(a hidden field is refused with records.unknownField), the rows their list rows. Without groups or ' +
            'measures the answer is the record list page itself; with them, PostgreSQL groups and aggregates ' +
            '(ROLLUP for totals, GROUPING SETS for a pivot). 503 reports.timedOut past the time limit.',
          body: runReportBodySchema,
          response: { 200: reportResultResponseSchema, ...runErrors },
        },
      },
      async (request) => ok(await deps.service.run(callContext(request), request.auth!, request.body)),
    );

    app.post(
      REPORT_PATHS.workflowMetrics,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Workflow metrics of one app: time in each activity, waiting work, throughput, rejections',
          description:
            'From the app’s workflow tasks: per activity the completed count, hours from start to completion (p50, ' +
            'p90), open tasks, rejected and sent-back counts and their shares of the completed; open tasks per ' +
            'activity and assignee; tasks completed per week (Monday, organization zone) for the last `weeks` weeks. ' +
            'The app must be one the caller can open (else 404).',
          body: workflowMetricsBodySchema,
          response: { 200: workflowMetricsResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.workflowMetrics(callContext(request), request.auth!, request.body)),
    );

    app.post(
      REPORT_PATHS.drill,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'The record list filters that reproduce one group of a report (drill to records)',
          description:
            'keys: the group keys a run answered, outermost first (a pivot: row keys, then the column key); ' +
            'fewer keys drill into a subtotal, none into the whole report. The answer is the report filters, the ' +
            'runtime filters and one filter per key (eq, isnull, or a period as gte/lt: the organization zone’s ' +
            'midnights for instants), so /module/{moduleId} with them counts exactly what the group counted.',
          body: drillReportBodySchema,
          response: { 200: reportDrillResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.drill(callContext(request), request.auth!, request.body)),
    );

    app.post(
      REPORT_PATHS.export,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Exports a report definition as CSV, XLSX or PDF without saving it',
          description: EXPORT_DESCRIPTION,
          body: exportReportBodySchema,
          response: {
            200: z.any().describe('The CSV, XLSX or PDF file'),
            202: reportExportJobResponseSchema,
            ...runErrors,
          },
        },
      },
      async (request, reply) => sendFile(request, reply, deps.exports, deps.jobs, request.body),
    );

    app.post(
      REPORT_PATHS.exportSaved,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Exports a saved report as the caller sees it, as CSV, XLSX or PDF',
          description: EXPORT_DESCRIPTION,
          params: reportIdParamsSchema,
          body: exportSavedReportBodySchema,
          response: {
            200: z.any().describe('The CSV, XLSX or PDF file'),
            202: reportExportJobResponseSchema,
            ...runErrors,
          },
        },
      },
      async (request, reply) => {
        const saved = await deps.service.opened(callContext(request), request.auth!, request.params.id);
        return sendFile(request, reply, deps.exports, deps.jobs, { ...request.body, ...saved });
      },
    );

    if (deps.jobs) await app.register(reportExportJobRoutes({ jobs: deps.jobs, guard: deps.guard }));

    app.get(
      REPORT_PATHS.deliveries,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'The scheduled deliveries of one of the caller’s own reports',
          params: reportIdParamsSchema,
          response: { 200: reportDeliveriesResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.deliveries.list(callContext(request), request.auth!, request.params.id)),
    );

    app.post(
      REPORT_PATHS.saveDelivery,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Schedules (or changes) the e-mail delivery of one of the caller’s own reports',
          description:
            'cron: five or six fields, read in timeZone (the organization’s when left out); recipients: active full ' +
            'users or consultants of the organization; format pdf, xlsx or csv; language of the heading. Each ' +
            'recipient’s copy is rendered with that recipient’s permissions. Only the latest due run is sent ' +
            'after downtime (the task scheduler’s missed-run rule).',
          body: saveReportDeliveryBodySchema,
          response: { 200: reportDeliveryResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.deliveries.save(callContext(request), request.auth!, request.body),
          REPORT_MESSAGES.deliverySaved,
        ),
    );

    app.post(
      REPORT_PATHS.deleteDelivery,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Deletes a scheduled delivery of one of the caller’s own reports',
          params: reportDeliveryParamsSchema,
          response: { 200: deletedReportResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.deliveries.remove(callContext(request), request.auth!, request.params.deliveryId),
          REPORT_MESSAGES.deliveryDeleted,
        ),
    );

    app.post(
      REPORT_PATHS.save,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Creates a report (no id) or changes one of the caller’s own (id)',
          description:
            'The definition is checked against the app as the caller sees it. 409 for a name the caller already uses.',
          body: saveReportBodySchema,
          response: { 200: reportResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.save(callContext(request), request.auth!, request.body), REPORT_MESSAGES.saved),
    );

    app.get(
      REPORT_PATHS.detail,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'One report the caller may open, with its definition',
          params: reportIdParamsSchema,
          response: { 200: reportResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.service.detail(callContext(request), request.auth!, request.params.id)),
    );

    app.post(
      REPORT_PATHS.runSaved,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Runs a saved report as the caller, with runtime filters and a page',
          params: reportIdParamsSchema,
          body: runSavedReportBodySchema,
          response: { 200: reportResultResponseSchema, ...runErrors },
        },
      },
      async (request) =>
        ok(await deps.service.runSaved(callContext(request), request.auth!, request.params.id, request.body)),
    );

    app.post(
      REPORT_PATHS.copy,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Copies a report the caller may open into a private report of theirs',
          params: reportIdParamsSchema,
          response: { 200: reportResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.copy(callContext(request), request.auth!, request.params.id),
          REPORT_MESSAGES.copied,
        ),
    );

    app.post(
      REPORT_PATHS.delete,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Deletes one of the caller’s own reports',
          params: reportIdParamsSchema,
          response: { 200: deletedReportResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.remove(callContext(request), request.auth!, request.params.id),
          REPORT_MESSAGES.deleted,
        ),
    );

    app.put(
      REPORT_PATHS.favourite,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'Marks a report as one of the caller’s favourites, or not',
          params: reportIdParamsSchema,
          body: favouriteReportBodySchema,
          response: { 200: reportResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.favourite(
            callContext(request),
            request.auth!,
            request.params.id,
            request.body.isFavourite,
          ),
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
