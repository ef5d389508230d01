import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Multipart } from '@fastify/multipart';
import { msg, FILE_MAX_FILES_PER_UPLOAD, fileUrl, type UploadedFile } from '@formloop/contracts';
import { canUseBuilder, payloadFields } from '@formloop/domain';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import { AppError, badRequest, forbidden } from '../../platform/http/errors.ts';
import { refuseNul } from '../../platform/http/nul-guard.ts';
import { appOr404, visibleAppOr404, asDefinition } from '../apps/index.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { fillsThroughTask, mayDo } from '../records/index.ts';
import { mayRemove, missingFile, readableFileOr404 } from './file-access.ts';
import {
  bufferFile,
  decodeBase64,
  decodedSizeOf,
  spoolStream,
  TooLargeError,
  type ReceivedFile,
} from './file-spool.ts';
import { acceptsKind, classify, cleanFileName, type FileKind } from './file-types.ts';
import { deleteById, insertFiles, type StoredFileRow } from './files.repository.ts';

const audit = auditorFor('file');
const FILE_FIELD_TYPES: ReadonlySet<string> = new Set(['image', 'file', 'multi-file', 'signature']);
const IMAGE_FIELD_TYPES: ReadonlySet<string> = new Set(['image', 'signature']);

export const tooLarge = (maxMb: number) =>
  new AppError(413, 'VALIDATION_FAILED', msg('files.tooLarge', { maxMb }));
const noFile = () => badRequest(msg('files.noFile'));

export interface FilesServiceDeps {
  db: TenantDb;
  storage: FileStorage;
  /** FILE_MAX_MB. */
  maxMb: number;
  /** Where uploads wait while their kind is decided. */
  spoolDir: string;
  log: { warn(details: object, message: string): void };
}

/** Where an upload goes and the limits that apply there. */
interface UploadTarget {
  moduleId: string | null;
  fieldName: string | null;
  maxMb: number;
  accept: string | undefined;
  imagesOnly: boolean;
}

export const toUploadedFile = (row: StoredFileRow): UploadedFile => ({
  uid: row.id,
  url: fileUrl(row.fileKey),
  name: row.fileName,
  status: 'done',
  fileKey: row.fileKey,
  type: row.contentType,
  size: Number(row.sizeBytes),
});

const snapshot = (row: StoredFileRow) => ({
  fileKey: row.fileKey,
  name: row.fileName,
  type: row.contentType,
  size: Number(row.sizeBytes),
  moduleId: row.moduleId,
  recordId: row.recordId,
  fieldName: row.fieldName,
});

/** @fastify/multipart's limit errors, as the messages people read. */
function multipartProblem(error: unknown, maxMb: number): unknown {
  if (error instanceof TooLargeError) return tooLarge(maxMb);
  switch ((error as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(maxMb);
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return badRequest(msg('files.tooManyFiles', { max: FILE_MAX_FILES_PER_UPLOAD }));
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return noFile();
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(msg('server.badRequest'));
    default:
      return error;
  }
}

export function createFilesService(deps: FilesServiceDeps) {
  const { db, storage } = deps;
  const maxBytes = deps.maxMb * 1024 * 1024;

  /** An upload for an app's field takes that field's limits (size, accept, images only). */
  async function uploadTarget(
    tx: TenantTx,
    tenantId: string,
    auth: RequestAuth,
    moduleId: string | undefined,
    fieldName: string | undefined,
  ): Promise<UploadTarget> {
    const plain = { moduleId: null, fieldName: fieldName ?? null, maxMb: deps.maxMb, accept: undefined };
    if (!moduleId) return { ...plain, imagesOnly: false };
    // An assignee of an open task of the app fills its form at the task without any grant on it.
    const throughTask = async () => fillsThroughTask(tx, tenantId, auth, moduleId);
    let app: Awaited<ReturnType<typeof visibleAppOr404>>;
    try {
      app = await visibleAppOr404(tx, tenantId, auth, moduleId);
    } catch (error) {
      if (!(await throughTask())) throw error;
      app = await appOr404(tx, tenantId, moduleId);
    }
    const may =
      (await mayDo(tx, tenantId, auth, app.id, 'create')) ||
      (await mayDo(tx, tenantId, auth, app.id, 'edit')) ||
      (await throughTask());
    if (!may) throw forbidden(msg('files.notAllowedUpload'));
    const definition =
      asDefinition(app.modulePublished) ?? (canUseBuilder(auth.flags) ? asDefinition(app.moduleDraft) : null);
    const field = definition
      ? payloadFields(definition).find(
          ({ field: f }) => f.name === fieldName && FILE_FIELD_TYPES.has(f.fieldType),
        )?.field
      : undefined;
    return {
      moduleId: app.id,
      fieldName: fieldName ?? null,
      maxMb: field?.maxSizeMb ? Math.min(field.maxSizeMb, deps.maxMb) : deps.maxMb,
      accept: field?.accept,
      imagesOnly: field ? IMAGE_FIELD_TYPES.has(field.fieldType) : false,
    };
  }

  /** Decides each file's kind against the target's limits, before any byte is stored. */
  async function admit(files: ReceivedFile[], target: UploadTarget) {
    const admitted: Array<{ file: ReceivedFile; kind: FileKind; name: string; key: string }> = [];
    for (const file of files) {
      if (file.size === 0) throw noFile();
      if (file.size > target.maxMb * 1024 * 1024) throw tooLarge(target.maxMb);
      const given = cleanFileName(file.name);
      const kind = await classify(file, given);
      if ((target.imagesOnly && !kind.mime.startsWith('image/')) || !acceptsKind(target.accept, kind)) {
        throw badRequest(msg('files.typeNotAllowed'));
      }
      admitted.push({ file, kind, name: cleanFileName(given, kind), key: `${randomUUID()}.${kind.ext}` });
    }
    return admitted;
  }

  /** Stores the admitted files' bytes, then their rows and audit in one transaction; all or nothing. */
  async function store(
    ctx: CallContext,
    auth: RequestAuth,
    files: ReceivedFile[],
    target: { moduleId?: string | undefined; fieldName?: string | undefined },
  ): Promise<UploadedFile[]> {
    if (files.length === 0) throw noFile();
    if (files.length > FILE_MAX_FILES_PER_UPLOAD)
      throw badRequest(msg('files.tooManyFiles', { max: FILE_MAX_FILES_PER_UPLOAD }));
    const limits = await db.inTenant(ctx.tenantId, (tx) =>
      uploadTarget(tx, ctx.tenantId, auth, target.moduleId, target.fieldName),
    );
    const admitted = await admit(files, limits);
    const stored: string[] = [];
    try {
      for (const entry of admitted) {
        await storage.put(ctx.tenantId, entry.key, entry.file.open());
        stored.push(entry.key);
      }
      return await db.inTenant(ctx.tenantId, async (tx) => {
        const rows = await insertFiles(
          tx,
          ctx.tenantId,
          admitted.map((entry) => ({
            fileKey: entry.key,
            fileName: entry.name,
            contentType: entry.kind.mime,
            sizeBytes: entry.file.size,
            storage: storage.kind,
            moduleId: limits.moduleId,
            fieldName: limits.fieldName,
            uploadedBy: auth.userId,
          })),
        );
        for (const row of rows) {
          await audit(tx, ctx, auth, {
            entityId: row.id,
            action: 'uploaded',
            before: null,
            after: snapshot(row),
          });
        }
        return rows.map(toUploadedFile);
      });
    } catch (error) {
      await Promise.all(stored.map((key) => storage.remove(ctx.tenantId, key).catch(() => undefined)));
      throw error;
    }
  }

  return {
    maxBytes,
    store,

    /**
     * Upload: reads the multipart parts (files spooled to disk, at most FILE_MAX_MB each; the
     * moduleId and fieldName fields may come as parts or in the query), then stores them.
     */
    async upload(
      ctx: CallContext,
      auth: RequestAuth,
      parts: AsyncIterable<Multipart>,
      query: { moduleId?: string | undefined; fieldName?: string | undefined },
    ): Promise<UploadedFile[]> {
      const received: ReceivedFile[] = [];
      const target = { ...query };
      try {
        try {
          for await (const part of parts) {
            if (part.type === 'field') {
              const value = typeof part.value === 'string' ? part.value.slice(0, 200) : undefined;
              refuseNul(value, part.fieldname);
              if (part.fieldname === 'moduleId' && value) target.moduleId = value;
              if (part.fieldname === 'fieldName' && value) target.fieldName = value;
              continue;
            }
            if (received.length >= FILE_MAX_FILES_PER_UPLOAD)
              throw badRequest(msg('files.tooManyFiles', { max: FILE_MAX_FILES_PER_UPLOAD }));
            received.push(await spoolStream(part.file, deps.spoolDir, part.filename, maxBytes));
          }
        } catch (error) {
          throw multipartProblem(error, deps.maxMb);
        }
        return await store(ctx, auth, received, target);
      } finally {
        await Promise.all(received.map((file) => file.dispose()));
      }
    },

    /** UploadBase64: base64 text or a data URL (a signature canvas), stored like an upload. */
    async uploadBase64(
      ctx: CallContext,
      auth: RequestAuth,
      body: {
        fileName: string;
        base64: string;
        moduleId?: string | undefined;
        fieldName?: string | undefined;
      },
    ): Promise<UploadedFile> {
      // Refused before decoding, so an oversized text costs no second copy in memory.
      if (decodedSizeOf(body.base64) > maxBytes + 4 * 1024) throw tooLarge(deps.maxMb);
      const bytes = decodeBase64(body.base64);
      if (!bytes) throw badRequest(msg('files.badBase64'));
      if (bytes.length > maxBytes) throw tooLarge(deps.maxMb);
      const [uploaded] = await store(ctx, auth, [bufferFile(bytes, body.fileName)], body);
      return uploaded!;
    },

    /** The bytes of a file the caller may read, with its row (for the response headers). */
    async open(
      ctx: CallContext,
      auth: RequestAuth,
      key: string,
    ): Promise<{ row: StoredFileRow; stream: Readable }> {
      const row = await db.inTenant(ctx.tenantId, (tx) => readableFileOr404(tx, ctx.tenantId, auth, key));
      const stream = await storage.open(ctx.tenantId, row.fileKey);
      if (!stream) {
        deps.log.warn({ fileKey: row.fileKey }, 'stored file has no bytes in the file storage');
        throw missingFile();
      }
      return { row, stream };
    },

    async info(ctx: CallContext, auth: RequestAuth, key: string) {
      const row = await db.inTenant(ctx.tenantId, (tx) => readableFileOr404(tx, ctx.tenantId, auth, key));
      return {
        fileKey: row.fileKey,
        name: row.fileName,
        type: row.contentType,
        size: Number(row.sizeBytes),
        created_on: row.createdOn.toISOString(),
      };
    },

    /** Removes the row (and audits it), then the bytes once that has committed. */
    async remove(ctx: CallContext, auth: RequestAuth, key: string): Promise<void> {
      const row = await db.inTenant(ctx.tenantId, async (tx) => {
        const current = await readableFileOr404(tx, ctx.tenantId, auth, key, true);
        if (!(await mayRemove(tx, ctx.tenantId, auth, current)))
          throw forbidden(msg('files.notAllowedRemove'));
        await deleteById(tx, ctx.tenantId, current.id);
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'removed',
          before: snapshot(current),
          after: null,
        });
        return current;
      });
      // The row is gone, so nobody can reach the bytes any more; a failure here only leaves an
      // orphan on disk, which must not turn a done removal into an error.
      await storage.remove(ctx.tenantId, row.fileKey).catch((error: unknown) => {
        deps.log.warn({ err: error, fileKey: row.fileKey }, 'could not remove the bytes of a removed file');
      });
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
