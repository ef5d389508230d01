import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  REFERENCE_DATA_MESSAGES,
  REFERENCE_DATA_PATHS,
  addReferenceRowBodySchema,
  addReferenceRowResponseSchema,
  referenceDataByKeyQuerySchema,
  referenceDatasetListResponseSchema,
  referenceDatasetResponseSchema,
  referenceIdQuerySchema,
  referenceListDetailResponseSchema,
  referenceRowBatchBodySchema,
  referenceRowTableRequestSchema,
  referenceRowTableResponseSchema,
  referenceValuesResponseSchema,
} from '@formloop/contracts';
import { canUseBuilder } from '@formloop/domain';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createReferenceDataService } from './reference-data.service.ts';
import { LARGE_BODY_LIMIT } from './reference-data.routes.ts';
import type { createReferenceRowsService } from './reference-rows.service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const tags = ['reference-data'];
const security = [{ bearer: [] }];

/** Datasets and rows (spec §7 "Reference data" calls, and GET /api/permissible-list/dataset). */
export const referenceRowRoutes = (deps: {
  lists: ReturnType<typeof createReferenceDataService>;
  rows: ReturnType<typeof createReferenceRowsService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;
    const buildersOnly = deps.guard.only(canUseBuilder);

    for (const [path, summary] of [
      [REFERENCE_DATA_PATHS.listDataset, 'The lists for pickers: id and key_name (ListDataset)'],
      [REFERENCE_DATA_PATHS.permissibleList, 'The permissible list: id and key_name of every list'],
    ] as const) {
      app.get(
        path,
        {
          ...signedIn,
          schema: {
            tags,
            security,
            summary,
            response: { 200: referenceDatasetListResponseSchema, ...errors },
          },
        },
        async (request) => ok(await deps.lists.entries(callContext(request))),
      );
    }

    app.get(
      REFERENCE_DATA_PATHS.getDataset,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'One list as a dataset: its extra columns and every row in order (getDataset)',
          querystring: referenceIdQuerySchema,
          response: { 200: referenceDatasetResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.rows.dataset(callContext(request), request.query.id)),
    );

    app.get(
      REFERENCE_DATA_PATHS.dataByKey,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The values of a list in order, by key_name or id (GetDataByKey)',
          description: 'What dropdown fields whose listToUse names the list show at runtime.',
          querystring: referenceDataByKeyQuerySchema,
          response: { 200: referenceValuesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.rows.valuesByKey(callContext(request), request.query.key)),
    );

    app.post(
      REFERENCE_DATA_PATHS.datatables,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: "A page of one list's rows (datatables)",
          description:
            'Spec §3 data table request plus id (the list). length 10, 20, 50 or 100; search matches the value ' +
            'or any cell ignoring case; orders by value, order_index or an extra column (else 400).',
          body: referenceRowTableRequestSchema,
          response: { 200: referenceRowTableResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.rows.table(callContext(request), request.body)),
    );

    app.post(
      REFERENCE_DATA_PATHS.addRow,
      {
        ...buildersOnly,
        schema: {
          tags,
          security,
          summary: 'Append one value at the end of a list (ReferenceDataEntry/AddRow)',
          description:
            'The value follows the save rules (non-empty, not already in the list, at most 10 000 rows).',
          body: addReferenceRowBodySchema,
          response: { 200: addReferenceRowResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.rows.addRow(callContext(request), request.auth!, request.body),
          REFERENCE_DATA_MESSAGES.rowAdded,
        ),
    );

    app.post(
      REFERENCE_DATA_PATHS.batch,
      {
        ...buildersOnly,
        bodyLimit: LARGE_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: 'Add, update, delete and reorder rows in one transaction (ReferenceDataEntry/batch)',
          description:
            'Applied in this order: deleted, updated, order (existing row ids; rows left out follow in their ' +
            'current order), added (appended). Row ids not in the list are 404; the result keeps the value ' +
            'rules. Answers the whole list.',
          body: referenceRowBatchBodySchema,
          response: { 200: referenceListDetailResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(
          await deps.rows.batch(callContext(request), request.auth!, request.body),
          REFERENCE_DATA_MESSAGES.rowsSaved,
        ),
    );
  }) satisfies FastifyPluginAsyncZod;
