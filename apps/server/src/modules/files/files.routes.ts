import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FILES_PATHS,
  FILE_MAX_FILES_PER_UPLOAD,
  fileInfoResponseSchema,
  getFileQuerySchema,
  removeFileBodySchema,
  uploadBase64BodySchema,
  uploadBase64ResponseSchema,
  uploadQuerySchema,
  uploadResponseSchema,
} from '@formloop/contracts';
import type { createAuthenticate } from '../../platform/auth/request-auth.ts';
import { callContext } from '../../platform/http/call-context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { errorResponses } from '../../platform/http/error-responses.ts';
import { fileResponseHeaders } from './file-headers.ts';
import { tooLarge, type FilesService } from './files.service.ts';

const tags = ['files'];
const security = [{ bearer: [] }];
const removedSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({ key: z.string() }),
});

/**
 * GetFile is opened by <img src> and plain links, which cannot send a header: the token may come as
 * ?x-token=, and is then checked exactly like the bearer header (same verification, tenant and
 * live session), for this route only.
 */
async function tokenFromQuery(request: FastifyRequest) {
  if (request.headers.authorization) return;
  const token = (request.query as Record<string, unknown> | undefined)?.['x-token'];
  if (typeof token === 'string' && token) request.headers.authorization = `Bearer ${token}`;
}

/** File storage (spec §7 GetFile, Upload, UploadBase64, RemoveFileByKey; §2 /permalink/file). */
export const filesRoutes = (deps: {
  service: FilesService;
  guard: ReturnType<typeof createAuthenticate>;
  maxMb: number;
}) =>
  (async (app) => {
    const { signedIn } = deps.guard;
    const maxBytes = deps.maxMb * 1024 * 1024;

    // Multipart only here (the plugin is scoped to this module). busboy stops a part at the size
    // limit and discards the rest of it; the spool turns that into a 413 and removes its temp file.
    await app.register(multipart, {
      limits: {
        fileSize: maxBytes,
        files: FILE_MAX_FILES_PER_UPLOAD,
        fields: 10,
        fieldSize: 1000,
        parts: FILE_MAX_FILES_PER_UPLOAD + 10,
      },
    });
    // A JSON body over the route's limit (UploadBase64) is a file that is too large.
    // Thrown on, both go to the app's error handler, which answers the envelope.
    app.setErrorHandler((error) => {
      if ((error as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw tooLarge(deps.maxMb);
      throw error;
    });

    app.post(
      FILES_PATHS.upload,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          summary: 'Upload files (multipart)',
          description:
            'One or more file parts (at most 20), each at most FILE_MAX_MB (413 otherwise); optional fields ' +
            'moduleId and fieldName (as parts or in the query) apply that field’s size limit and accepted ' +
            'types. The kind is sniffed from the bytes: images, pdf, Office documents, zip and UTF-8 ' +
            'text (txt, csv, json); anything else is refused (400), as is a name whose extension ' +
            'contradicts the bytes. Answers the spec §3 uploaded file objects.',
          querystring: uploadQuerySchema,
          response: { 200: uploadResponseSchema, ...errorResponses(400, 401, 403, 404, 413) },
        },
      },
      async (request) => {
        const length = Number(request.headers['content-length'] ?? 0);
        // More than every file at its largest cannot be a valid upload: refused before reading it.
        if (length > FILE_MAX_FILES_PER_UPLOAD * maxBytes + 1024 * 1024) throw tooLarge(deps.maxMb);
        const files = await deps.service.upload(
          callContext(request),
          request.auth!,
          request.parts(),
          request.query,
        );
        return ok(files);
      },
    );

    app.post(
      FILES_PATHS.uploadBase64,
      {
        ...signedIn,
        // Base64 is 4/3 of the bytes; a data URL prefix and the JSON around it are small.
        bodyLimit: Math.ceil((maxBytes * 4) / 3) + 64 * 1024,
        schema: {
          tags,
          security,
          summary: 'Upload one file as base64 text or a data URL',
          description:
            'base64: base64 text or a data URL (data:image/png;base64,…) as a signature canvas gives it; ' +
            'the declared media type is ignored and the bytes are sniffed like Upload.',
          body: uploadBase64BodySchema,
          response: { 200: uploadBase64ResponseSchema, ...errorResponses(400, 401, 403, 404, 413) },
        },
      },
      async (request) =>
        ok(await deps.service.uploadBase64(callContext(request), request.auth!, request.body)),
    );

    app.get(
      FILES_PATHS.getFile,
      {
        preValidation: [tokenFromQuery, deps.guard.authenticate],
        schema: {
          tags,
          security,
          summary: 'The bytes of a stored file',
          description:
            'The token may be sent as ?x-token= (for <img src> and links). Served with the type sniffed at ' +
            'upload, nosniff and a sandbox CSP; inline for images and pdf, otherwise (or with download=1) ' +
            'as an attachment. 404 for a file the caller may not read.',
          querystring: getFileQuerySchema,
          response: {
            200: z.any().describe('The file’s bytes'),
            304: z.null().describe('Not modified (If-None-Match)'),
            ...errorResponses(400, 401, 404),
          },
        },
      },
      async (request, reply) => {
        const { row, stream } = await deps.service.open(
          callContext(request),
          request.auth!,
          request.query.key,
        );
        const etag = `"${row.fileKey}"`;
        const headers = fileResponseHeaders(row, request.query.download === '1');
        if (request.headers['if-none-match'] === etag) {
          stream.destroy();
          return reply.status(304).headers({ etag, 'cache-control': headers['cache-control']! }).send(null);
        }
        return reply.headers({ ...headers, etag }).send(stream);
      },
    );

    app.get(
      FILES_PATHS.fileInfo,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Name, type and size of a stored file (the /permalink/file page)',
          querystring: z.object({ key: z.string().trim().min(1).max(200) }),
          response: { 200: fileInfoResponseSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => ok(await deps.service.info(callContext(request), request.auth!, request.query.key)),
    );

    app.post(
      FILES_PATHS.removeFileByKey,
      {
        ...signedIn,
        schema: {
          tags,
          security,
          summary: 'Remove a stored file',
          description:
            'Its uploader may remove it until it is attached to an entry; afterwards whoever may edit the ' +
            'app’s entries (403 otherwise). 404 for a file the caller may not read.',
          body: removeFileBodySchema,
          response: { 200: removedSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await deps.service.remove(callContext(request), request.auth!, request.body.key);
        return ok({ key: request.body.key });
      },
    );
  }) satisfies FastifyPluginAsyncZod;
