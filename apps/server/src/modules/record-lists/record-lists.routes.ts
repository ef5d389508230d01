import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECORDS_PATHS,
  recordDataTableRequestSchema,
  recordDataTableResponseSchema,
  recordExportRequestSchema,
  recordSummaryQuerySchema,
  recordSummaryResponseSchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { compiledSerializer } from '../../platform/http/compiled-serializer.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import { EXACT_COUNT_LIMIT } from './record-query/list-query.ts';
import { EXACT_COUNT_TIMEOUT } from './record-lists.repository.ts';
import type { createRecordListService } from './record-lists.service.ts';
import {
  EXPORT_CONTENT_TYPES,
  contentDisposition,
  type createRecordExportService,
} from './record-export.service.ts';

const tags = ['records'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 404);

const LIMIT = EXACT_COUNT_LIMIT.toLocaleString('en-US');
const TIMEOUT_S = EXACT_COUNT_TIMEOUT.ms / 1000;

const REQUEST_RULES =
  'page is 1-based; length one of 10, 20, 50, 100 (else 400 "Page size must be 10, 20, 50 or 100."). ' +
  'filters and query are merged: {field, operator, value, ignoreCase, matchesAll}, field a field name, a system ' +
  'column or "status" (the derived status), operator one of the 19 of spec §3. Unknown fields or sort columns and ' +
  'values that do not suit the field are a 400 (RECORDS_MESSAGES.unknownField / badFilterValue). search: contains, ' +
  'ignoring case, over the text fields. orders sort by any column, id breaking ties. columns limits the data ' +
  'keys of each row (unknown names are ignored); password values are never listed. Counts are exact up to ' +
  `${LIMIT}, beyond that the planner’s estimate with countIsEstimate true (shown as “about N”). exactCount: true ` +
  `counts exactly however many match; a count that takes more than ${TIMEOUT_S} s answers the estimate, still ` +
  'flagged. Another tenant’s app, an app the caller may not view, or one never published: 404.';

const moduleParamsSchema = z.object({ moduleId: z.string().trim().min(1).max(64) });

/** Record lists (spec §7 datatables, draftdatatables, summary; our export). */
export const recordListRoutes = (deps: {
  lists: ReturnType<typeof createRecordListService>;
  exports: ReturnType<typeof createRecordExportService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;

    app.post(
      RECORDS_PATHS.datatables,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A page of an app’s submitted records',
          description: REQUEST_RULES,
          body: recordDataTableRequestSchema,
          response: { 200: recordDataTableResponseSchema, ...errors },
        },
        // Pages of rows built field by field (listRow): compiled, not encoded through zod.
        serializerCompiler: compiledSerializer,
      },
      async (request) => ok(await deps.lists.datatables(callContext(request), request.auth!, request.body)),
    );

    app.post(
      RECORDS_PATHS.draftDatatables,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A page of the caller’s own drafts of an app',
          description: `Drafts are saved but never submitted; each user sees only their own. ${REQUEST_RULES}`,
          body: recordDataTableRequestSchema,
          response: { 200: recordDataTableResponseSchema, ...errors },
        },
        // Pages of rows built field by field (listRow): compiled, not encoded through zod.
        serializerCompiler: compiledSerializer,
      },
      async (request) =>
        ok(await deps.lists.draftDatatables(callContext(request), request.auth!, request.body)),
    );

    app.get(
      RECORDS_PATHS.summary,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'An app’s submitted entries by status, and the caller’s drafts',
          description:
            'total and byStatus count submitted entries by their derived status (spec §4); drafts counts the ' +
            `caller’s own. Above ${LIMIT} entries a figure is the planner’s estimate: estimates names those, ` +
            'countIsEstimate says there is one. ?exactCount=true counts every figure exactly; a count that takes ' +
            `more than ${TIMEOUT_S} s stays the estimate, still named.`,
          params: moduleParamsSchema,
          querystring: recordSummaryQuerySchema,
          response: { 200: recordSummaryResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.lists.summary(
            callContext(request),
            request.auth!,
            request.params.moduleId,
            request.query.exactCount === 'true',
          ),
        ),
    );

    app.post(
      RECORDS_PATHS.export,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The filtered list as a CSV or XLSX file',
          description:
            'The datatables request plus format (csv or xlsx): every matching submitted record, sorted, in the ' +
            'request’s columns (all fields and the usual system columns when none are given), streamed as an ' +
            'attachment named after the app. Users, lookups, files and lists are shown as text; password fields ' +
            'never. page and length are ignored.',
          body: recordExportRequestSchema,
          // A file, not an envelope (text/csv or the XLSX type); errors are the usual envelopes.
          response: { 200: z.any().describe('The CSV or XLSX file'), ...errors },
        },
      },
      async (request, reply) => {
        const prepared = await deps.exports.prepare(callContext(request), request.auth!, request.body);
        const out = new PassThrough();
        deps.exports.stream(prepared, out).catch((err: unknown) => {
          request.log.error({ err }, 'record export failed');
          out.destroy(err instanceof Error ? err : new Error(String(err)));
        });
        return reply
          .header('content-type', EXPORT_CONTENT_TYPES[prepared.format])
          .header('content-disposition', contentDisposition(prepared.appName, prepared.format))
          .header('cache-control', 'no-store')
          .send(out);
      },
    );
  }) satisfies FastifyPluginAsyncZod;
