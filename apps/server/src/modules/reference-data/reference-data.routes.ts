import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REFERENCE_DATA_MESSAGES,
  REFERENCE_DATA_PATHS,
  addReferenceCategoryBodySchema,
  addReferenceCategoryResponseSchema,
  deleteReferenceListBodySchema,
  deleteReferenceListResponseSchema,
  importReferenceCsvBodySchema,
  importReferenceCsvResponseSchema,
  recordIdResponseSchema,
  referenceCategoriesResponseSchema,
  referenceIdQuerySchema,
  referenceListDetailResponseSchema,
  referenceListQuerySchema,
  referenceListSummariesResponseSchema,
  referenceMessage,
  saveReferenceListBodySchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createReferenceDataService } from './reference-data.service.ts';
import type { createReferenceImportService } from './reference-import.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['reference-data'];
const security = [{ bearer: [] }];

/**
 * Bodies of up to 10 000 values (and a 2 MB CSV, escaped as JSON) outgrow Fastify's 1 MB default;
 * the schemas hold the real limits and answer them with their own messages.
 */
export const LARGE_BODY_LIMIT = 16 * 1024 * 1024;

/** Reference data lists and categories (spec §2 /referencedata, §3, §7 /api/form/ListKeyValue). */
export const referenceDataRoutes = (deps: {
  service: ReturnType<typeof createReferenceDataService>;
  importer: ReturnType<typeof createReferenceImportService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    // Reading is for everyone signed in (dropdown fields show these values to every user); changing is
    // for full users and consultants (§6). Checked before the body is validated, so a caller without
    // the role learns nothing from a 400.
    const { signedIn } = deps.guard;
    const buildersOnly = deps.guard.only(canUseBuilder);

    app.get(
      REFERENCE_DATA_PATHS.list,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The reference data lists (getList)',
          description:
            'Each list with its categories comma-joined, description, value count and last change, by key name. ' +
            'search matches key_name or description ignoring case (special characters are refused); ' +
            'category keeps the lists filed under that category.',
          querystring: referenceListQuerySchema,
          response: { 200: referenceListSummariesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.list(callContext(request), request.query)),
    );

    app.get(
      REFERENCE_DATA_PATHS.detail,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'One list with its items in data.values, in order (detail)',
          querystring: referenceIdQuerySchema,
          response: { 200: referenceListDetailResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.detail(callContext(request), request.query.id)),
    );

    app.post(
      REFERENCE_DATA_PATHS.save,
      {
        ...buildersOnly,
        bodyLimit: LARGE_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: 'Create (no id) or update a list with its ordered values (save)',
          description:
            'One transaction. key_name: required, the spec §5 name rules, unique per tenant ignoring case (409). ' +
            'categories: comma-joined or an array; names that are not categories yet are created. ' +
            'values: in order (order_index follows), each non-empty, at most 500 characters, none repeated ' +
            '(ignoring case; 400 naming the value), at most 10 000. A value with row_id keeps that row; rows ' +
            'left out are deleted. data holds the cells of the extra columns (columns; left out, kept). ' +
            'Answers data.record_id.',
          body: saveReferenceListBodySchema,
          response: { 200: recordIdResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.save(callContext(request), request.auth!, request.body),
          REFERENCE_DATA_MESSAGES.listSaved,
        ),
    );

    app.post(
      REFERENCE_DATA_PATHS.delete,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Delete a list and its values',
          body: deleteReferenceListBodySchema,
          response: { 200: deleteReferenceListResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deps.service.remove(callContext(request), request.auth!, request.body.id);
        return ok({ id: request.body.id }, REFERENCE_DATA_MESSAGES.listDeleted);
      },
    );

    app.get(
      REFERENCE_DATA_PATHS.categoryList,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The reference data categories (category list)',
          response: { 200: referenceCategoriesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.service.categories(callContext(request))),
    );

    app.post(
      REFERENCE_DATA_PATHS.categoryAdd,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Add a category (category add)',
          description:
            'category_name: required, the spec §5 name rules, unique per tenant ignoring case (409). Answers data.record_id.',
          body: addReferenceCategoryBodySchema,
          response: { 200: addReferenceCategoryResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.service.addCategory(callContext(request), request.auth!, request.body),
          REFERENCE_DATA_MESSAGES.categoryAdded,
        ),
    );

    app.post(
      REFERENCE_DATA_PATHS.import,
      {
        ...buildersOnly,
        bodyLimit: LARGE_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: 'Import values from CSV text',
          description:
            'csv: at most 2 MB and 10 000 rows. The first column is the value; further columns become the ' +
            "list's extra columns (named by the header when hasHeader, else column2, column3…). mode create " +
            'makes a new list (key_name, categories, description); append adds to listId (repeated values are ' +
            'skipped and counted); replace swaps listId’s values for the file’s. One transaction: a bad row ' +
            'imports nothing (400 naming its line).',
          body: importReferenceCsvBodySchema,
          response: { 200: importReferenceCsvResponseSchema, ...errors },
        },
      },
      async (request) => {
        const result = await deps.importer.importCsv(callContext(request), request.auth!, request.body);
        return ok(result, referenceMessage.imported(result.imported, result.skipped));
      },
    );
  }) satisfies FastifyPluginAsyncZod;
