import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMENT_PAGE_SIZE,
  RECORDS_PATHS,
  commentListResponseSchema,
  commentPageResponseSchema,
  commentResponseSchema,
  loadCommentQuerySchema,
  sendCommentBodySchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import type { createRecordCommentsService } from './record-comments.service.ts';

const tags = ['records'];
const security = [{ bearer: [] }];
const errors = errorResponses(400, 401, 404);
const recordIdParams = z.object({ recordId: z.string().max(64) });
const WHO =
  'Whoever may see the entry (view grant on its app; a draft only its author) reads and writes its comments; ' +
  'anything else is a 404.';

/** Comments on an entry (spec §7 sendComment, {recordId}/comments, loadcomment). */
export const recordCommentRoutes = (deps: {
  comments: ReturnType<typeof createRecordCommentsService>;
  guard: ReturnType<typeof createAuthenticate>;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;

    app.post(
      RECORDS_PATHS.sendComment,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Comment on an entry',
          description: `${WHO} message: required, at most 4000 characters, kept as plain text.`,
          body: sendCommentBodySchema,
          response: { 200: commentResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.comments.send(callContext(request), request.auth!, request.body)),
    );

    app.get(
      RECORDS_PATHS.comments,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'The comments of an entry, newest first (at most 500; loadcomment pages through all)',
          description: WHO,
          params: recordIdParams,
          response: { 200: commentListResponseSchema, ...errors },
        },
      },
      async (request) =>
        ok(await deps.comments.all(callContext(request), request.auth!, request.params.recordId)),
    );

    app.get(
      RECORDS_PATHS.loadComment,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: `One page of an entry’s comments, newest first, ${COMMENT_PAGE_SIZE} a page`,
          description: `${WHO} Answers the page, the total and whether more pages follow.`,
          querystring: loadCommentQuerySchema,
          response: { 200: commentPageResponseSchema, ...errors },
        },
      },
      async (request) => ok(await deps.comments.page(callContext(request), request.auth!, request.query)),
    );
  }) satisfies FastifyPluginAsyncZod;
