import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECORD_IMPORT_PATHS,
  importStartQuerySchema,
  importStartResponseSchema,
  importStatusResponseSchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createRecordImportService } from './record-import.service.ts';

const tags = ['records'];
const security = [{ bearer: [] }];

/** CSV import of records (issue 6): start one (multipart), then follow its progress. */
export const recordImportRoutes = (deps: {
  service: ReturnType<typeof createRecordImportService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;

    app.post(
      RECORD_IMPORT_PATHS.start,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Import records from a CSV file',
          description:
            'multipart/form-data: a `mapping` field (JSON {csvColumn: fieldName}) and then the `file` part. ' +
            'Needs the app’s create grant on a published app. The mapping, the file’s header and its kind are ' +
            'checked first (400: unknown field or column, a field a CSV cannot fill, not a CSV file); then the ' +
            'answer gives the import id at once and the rows are written in the background as submitted ' +
            'records, each checked like a submit. Follow it with GET import/{importId}.',
          querystring: importStartQuerySchema,
          response: { 200: importStartResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        ok(await deps.service.start(callContext(request), request.auth!, request.query.moduleId, request)),
    );

    app.get(
      RECORD_IMPORT_PATHS.status,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Progress of a CSV import',
          description:
            'Rows processed, imported and rejected so far; the first rejected rows with their line and ' +
            'problems; status running, completed or failed (with the reason). 404 for another tenant’s import.',
          params: z.object({ importId: z.string().max(64) }),
          response: { 200: importStatusResponseSchema, ...errorResponses(401, 404) },
        },
      },
      async (request) =>
        ok(await deps.service.status(callContext(request), request.auth!, request.params.importId)),
    );
  }) satisfies FastifyPluginAsyncZod;
