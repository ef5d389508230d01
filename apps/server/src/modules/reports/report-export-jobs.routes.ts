import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  REPORT_PATHS,
  reportExportJobParamsSchema,
  reportExportJobResponseSchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { ReportExportJobs } from './report-export-jobs.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['reports'];
const security = [{ bearer: [] }];

/** A caller's background exports (issue 24 item 4): progress, then the file. Builders only. */
export const reportExportJobRoutes = (deps: {
  jobs: ReportExportJobs;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const builders = deps.guard.only(canUseBuilder);
    const { jobs } = deps;
    app.get(
      REPORT_PATHS.exportJob,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'A background export of the caller: status and progress',
          description:
            'status queued, running, completed or failed; rowsDone of rowsTotal. Another user’s: 404.',
          params: reportExportJobParamsSchema,
          response: { 200: reportExportJobResponseSchema, ...errors },
        },
      },
      async (request) => ok(await jobs.status(callContext(request), request.auth!, request.params.exportId)),
    );

    app.get(
      REPORT_PATHS.exportJobFile,
      {
        ...builders,
        schema: {
          tags,
          security,
          summary: 'The file of a completed background export of the caller',
          description: '409 while it is still being made; 404 for another user’s or an expired one.',
          params: reportExportJobParamsSchema,
          response: { 200: z.any().describe('The CSV or XLSX file'), ...errors },
        },
      },
      async (request, reply) => {
        const file = await jobs.file(callContext(request), request.auth!, request.params.exportId);
        return reply
          .header('content-type', file.type)
          .header('content-disposition', file.disposition)
          .header('cache-control', 'no-store')
          .send(file.stream);
      },
    );
  }) satisfies FastifyPluginAsyncZod;
