import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RECORD_LOOKUP_PATHS,
  aggregateLookupBodySchema,
  aggregateLookupResponseSchema,
  govHeadersResponseSchema,
  lookupValuesResponseSchema,
  recordModuleLookup2QuerySchema,
  recordModuleLookupBodySchema,
  recordModuleLookupResponseSchema,
  remoteUrlBodySchema,
  remoteUrlResponseSchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import { serverGovHeaders } from './gov-headers.ts';
import type { RecordLookupsService } from './record-lookups.service.ts';
import type { RemoteUrlService } from './remote-url.service.ts';

const tags = ['record-lookups'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 404);

/** Lookups to other apps' records (spec §7 RecordModuleLookup, recordModuleLookup2, AggregateLookup), RemoteUrl, govheaders. */
export const recordLookupsRoutes = (deps: {
  lookups: RecordLookupsService;
  remote: RemoteUrlService;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;
    const originOf = (request: FastifyRequest) =>
      deps.remote.origin(request.auth!, {
        ip: request.ip,
        port: request.socket?.remotePort,
        userAgent: request.headers['user-agent'],
      });

    app.post(
      RECORD_LOOKUP_PATHS.recordModuleLookup,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'A page of another app’s submitted records (only the fields asked for)',
          description:
            'The caller must be able to see the app (404 otherwise). fields: the fields to return (all the ' +
            'caller may see when empty); filters: the spec §3 operators; search: contains, ignoring case, in ' +
            'searchField or every text field; sortValuesBy/sortType; page/length. hasMore says whether a next ' +
            'page exists. An unknown field is a 400; fields hidden once submitted and passwords are unknown.',
          body: recordModuleLookupBodySchema,
          response: { 200: recordModuleLookupResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.lookups.page(callContext(request), request.auth!, request.body)),
    );

    app.get(
      RECORD_LOOKUP_PATHS.recordModuleLookup2,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The distinct values of one field of another app (first 50, in label order)',
          description:
            'Each element of a multi-value field counts on its own; recordId is the latest record holding it.',
          querystring: recordModuleLookup2QuerySchema,
          response: { 200: lookupValuesResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.lookups.distinct(callContext(request), request.auth!, request.query)),
    );

    app.post(
      RECORD_LOOKUP_PATHS.aggregateLookup,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'count, sum, avg, min or max over another app’s filtered submitted records',
          description:
            'count without a field counts records, with one the records where it has a value; the others ' +
            'need a number field (400 otherwise). sum of nothing is 0; avg, min and max of nothing are null.',
          body: aggregateLookupBodySchema,
          response: { 200: aggregateLookupResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.lookups.aggregate(callContext(request), request.auth!, request.body)),
    );

    app.post(
      RECORD_LOOKUP_PATHS.remoteUrl,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Call an external URL from the server (remote lookups, external inputs, buttons)',
          description:
            'Runtime: moduleId + fieldName (+ groupName for table cells) + values: the settings come from the ' +
            'published field, {field} placeholders are filled from values. Raw settings in the body are for ' +
            'builders only (403). Only public http(s) addresses (400 otherwise); at most 3 redirects, each ' +
            're-checked; answers over 5 MB, timeouts and failures of the service are 502. addGovHeaders adds ' +
            'the HMRC fraud-prevention headers (govClient carries the browser’s part).',
          body: remoteUrlBodySchema,
          response: { 200: remoteUrlResponseSchema, ...errorResponses(400, 401, 403, 404, 502) },
        },
      },
      async (request) =>
        ok(await deps.remote.call(callContext(request), request.auth!, request.body, originOf(request))),
    );

    app.get(
      RECORD_LOOKUP_PATHS.govHeaders,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The fraud-prevention headers the server adds (client IP and port, user, vendor)',
          response: { 200: govHeadersResponseSchema, ...errorResponses(401) },
        },
      },
      async (request) => ok(serverGovHeaders(originOf(request))),
    );
  }) satisfies FastifyPluginAsyncZod;
