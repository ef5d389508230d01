import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  RECORDS_MESSAGES,
  RECORDS_PATHS,
  deleteByIdBodySchema,
  deleteByIdsBodySchema,
  deletedResponseSchema,
  recordDetailResponseSchema,
  recordFormResponseSchema,
  saveRecordBodySchema,
  saveRecordQuerySchema,
  savedRecordResponseSchema,
  submitRecordBodySchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createRecordsService } from './records.service.ts';
import type { createRecordWriteService } from './records-write.service.ts';

const tags = ['records'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 403, 404, 409);

const moduleIdParams = z.object({ moduleId: z.string().max(64) });
const recordIdParams = z.object({ recordId: z.string().max(64) });

const ACCESS =
  'Another tenant’s app or record, a malformed id, an app the caller may not see (view grant), an unpublished app ' +
  'and someone else’s draft are 404. Builders may do everything; others need the app’s create/edit/delete grant (403).';
const VALUES =
  'data: values keyed by field name (table groups: arrays of row objects), each in its stored shape (numbers as ' +
  'numbers or numeric text, dates YYYY-MM-DD, date-times ISO instants, times HH:mm:ss, lookups {id,label}, files ' +
  'StoredFile). Unknown keys are dropped; hidden and read-only fields at the activity keep their stored values; ' +
  'calculations are recomputed, rich text sanitised. Broken rules: 400 "' +
  RECORDS_MESSAGES.invalidValues +
  '" with data.errors [{ field (name or group.row.field), message }]. expectedModifiedOn older than the record: 409.';

/** Records of an app (spec §7 /api/EntryModule/): the form, save, submit, detail, delete. */
export const recordRoutes = (deps: {
  records: ReturnType<typeof createRecordsService>;
  writes: ReturnType<typeof createRecordWriteService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;

    app.get(
      RECORDS_PATHS.form,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The published form of an app as its users fill it in, and what the caller may do',
          description: `${ACCESS} Non-builders get external header values and request bodies blanked.`,
          params: moduleIdParams,
          response: { 200: recordFormResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.records.form(callContext(request), request.auth!, request.params.moduleId)),
    );

    app.post(
      RECORDS_PATHS.save,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Save an entry: a new draft (no recordId) or changes to a draft or a submitted entry',
          description:
            `${ACCESS} A new draft needs create; its author continues it with create; other changes need edit. ` +
            `Drafts may be incomplete (no required check). ${VALUES}`,
          querystring: saveRecordQuerySchema,
          body: saveRecordBodySchema,
          response: { 200: savedRecordResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.writes.save(callContext(request), request.auth!, request.query.moduleId, request.body)),
    );

    app.post(
      RECORDS_PATHS.submit,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Save and submit an entry (new, or a draft)',
          description:
            `${ACCESS} Every rule applies, required fields and table row counts included. Empty sequence numbers are ` +
            'given (gap-free per app and field). Without a workflow the entry is Completed at once. An entry already ' +
            `submitted: 409. ${VALUES}`,
          body: submitRecordBodySchema,
          response: { 200: savedRecordResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.writes.submit(callContext(request), request.auth!, request.body)),
    );

    app.get(
      RECORDS_PATHS.detail,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary:
            'One entry, the form of its own version, its activity and whether the caller may change it',
          description: `${ACCESS} Fields hidden at the entry’s activity (fs-start before submission, fs-complete after; with taskId of an open task of the caller, the task’s activity) are left out. Another record’s task: 404. An assignee of the task reaches the entry with its taskId even without a grant on the app (at the task’s activity; can all false); without it, 404.`,
          params: recordIdParams,
          querystring: z.object({ taskId: z.string().max(64).optional() }),
          response: { 200: recordDetailResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.records.detail(
            callContext(request),
            request.auth!,
            request.params.recordId,
            request.query.taskId,
          ),
        ),
    );

    app.post(
      RECORDS_PATHS.deleteById,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Delete one entry',
          description: `${ACCESS} Needs delete (an author discards their own draft with create).`,
          body: deleteByIdBodySchema,
          response: { 200: deletedResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok({ deleted: await deps.records.remove(callContext(request), request.auth!, [request.body.id]) }),
    );

    app.post(
      RECORDS_PATHS.deleteByIds,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Delete entries, all or none',
          description:
            `${ACCESS} One id that is not there (or not the caller’s to see) is a 404 and nothing is deleted; a missing ` +
            'grant on any of their apps is a 403.',
          body: deleteByIdsBodySchema,
          response: { 200: deletedResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok({ deleted: await deps.records.remove(callContext(request), request.auth!, request.body.ids) }),
    );
  }) satisfies FastifyPluginAsyncZod;
