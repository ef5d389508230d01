import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RECORD_PRINT_PATHS, recordPdfParamsSchema, recordPdfQuerySchema } from '@formloop/contracts';
import { DEFAULT_LANGUAGE, languageOrNull, type Language } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createRecordPrintService } from './record-print.service.ts';

const tags = ['records'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 404);

/**
 * The language of the PDF's own words (headings, "Printed by"): the `lang` query parameter, which
 * the route's schema has checked against the six languages (default en). The one place to change
 * when users keep a language of their own (then: the parameter when given, else the stored one).
 */
export function printLanguage(request: FastifyRequest): Language {
  const { lang } = (request.query ?? {}) as { lang?: unknown };
  return languageOrNull(typeof lang === 'string' ? lang : null) ?? DEFAULT_LANGUAGE;
}

/** An entry as PDF (issue 25 item 6), beside its detail under /api/EntryModule/. */
export const recordPrintRoutes = (deps: {
  service: ReturnType<typeof createRecordPrintService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;

    app.get(
      RECORD_PRINT_PATHS.pdf,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'One entry as a PDF: its fields, workflow history and comments',
          description:
            'Read exactly as the entry’s detail: another tenant’s entry, a malformed id, an app the caller may not ' +
            'see and someone else’s draft are 404; fields hidden at the entry’s activity (with taskId of a task of the ' +
            'caller, the task’s activity) are left out, passwords never print. lang (en, de, es, fr, ja, zh; default ' +
            'en) is the language of the headings; dates print in the organization’s formats and time zone. ' +
            'Content-Disposition: attachment; filename="<app name> - <record id>.pdf".',
          params: recordPdfParamsSchema,
          querystring: recordPdfQuerySchema,
          response: { 200: z.any().describe('The PDF file'), ...errors },
        },
      },
      async (request, reply) => {
        const file = await deps.service.pdf(callContext(request), request.auth!, {
          recordId: request.params.recordId,
          taskId: request.query.taskId,
          language: printLanguage(request),
        });
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', file.disposition)
          .header('cache-control', 'no-store')
          .send(file.buffer);
      },
    );
  }) satisfies FastifyPluginAsyncZod;
