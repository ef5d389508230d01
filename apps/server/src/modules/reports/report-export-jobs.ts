import { PassThrough, type Readable } from 'node:stream';
import type PgBoss from 'pg-boss';
import {
  msg,
  renderMessage,
  REPORT_EXPORT_BACKGROUND_ROWS,
  REPORT_EXPORT_KEEP_DAYS,
  reportDefinitionSchema,
  type ReportExportJob,
  type ReportExportFormat,
} from '@formloop/contracts';
import {
  flagsForKind,
  NOTIFICATION_TYPES,
  notificationContent,
  type Language,
  type UserKind,
} from '@formloop/domain';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import { connectionOf, type TenantDb, type TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { AppError, conflict, notFound } from '../../platform/http/errors.ts';
import { executorOf } from '../../platform/jobs/job-queue.ts';
import { contentDisposition, EXPORT_CONTENT_TYPES } from '../record-lists/index.ts';
import { notifyUsers } from '../notifications/index.ts';
import type { ExportInput, ReportExportService } from './report-export.service.ts';
import * as repo from './report-exports.repository.ts';
import type { ReportService } from './reports.service.ts';

// Large exports in the background (issue 24 item 4). A plain report's CSV or XLSX whose rows are
// more than REPORT_EXPORT_BACKGROUND_ROWS is not streamed in the answer: a report_exports row and a
// pg-boss job are written in one transaction (the job exists exactly when the row does), the request
// answers 202 with the export, and a worker on any node makes the file as the user who asked (their
// permissions when it runs), writes its progress every batch, stores it in the file storage and
// notifies the user, whose notification leads to the download. Finished exports and their files
// are removed REPORT_EXPORT_KEEP_DAYS days later.

export const REPORT_EXPORT_QUEUE = 'report-export';
const RETRY_LIMIT = 2;
/** Progress is written at most this often (each write is a small transaction). */
const PROGRESS_EVERY_MS = 1000;
const DAY_MS = 86_400_000;

interface ExportJobData {
  tenantId: string;
  exportId: string;
}

/** What a background export was asked with: kept in the row, run again by the worker. */
interface StoredRequest {
  definition: unknown;
  filters: ExportInput['filters'];
  search: string;
  language: Language;
}

export function toExportJob(row: repo.ExportRow): ReportExportJob {
  return {
    id: row.id,
    name: row.name,
    format: row.format as ReportExportFormat,
    status: row.status as ReportExportJob['status'],
    rowsDone: Number(row.rows_done),
    rowsTotal: Number(row.rows_total),
    createdOn: new Date(row.created_on).toISOString(),
    finishedOn: row.finished_on ? new Date(row.finished_on).toISOString() : null,
    error: row.error,
  };
}

const missingExport = () => notFound(msg('reports.exportNotFound'));

export function createReportExportJobs(deps: {
  db: TenantDb;
  boss: PgBoss;
  storage: FileStorage;
  reports: ReportService;
  exports: ReportExportService;
}) {
  const { db, boss, storage } = deps;

  async function ownExport(ctx: CallContext, auth: RequestAuth, id: string): Promise<repo.ExportRow> {
    if (!isUuid(id)) throw missingExport();
    const row = await db.readInTenant(ctx.tenantId, (tx) =>
      repo.findOwnExport(tx, ctx.tenantId, auth.userId, id.toLowerCase()),
    );
    if (!row) throw missingExport();
    return row;
  }

  return {
    /**
     * The rows a plain CSV or XLSX export would write when there are more than the background
     * threshold (the viewer's list count, an estimate when large); null when it streams at once.
     */
    async backgroundRows(ctx: CallContext, auth: RequestAuth, input: ExportInput): Promise<number | null> {
      const { definition } = input;
      const plain = definition.groupBy.length === 0 && definition.measures.length === 0 && !definition.pivot;
      if (!plain || input.format === 'pdf') return null;
      const first = await deps.reports.run(ctx, auth, { ...input, page: 1, length: 10 });
      if (first.kind !== 'table' || first.recordsFiltered <= REPORT_EXPORT_BACKGROUND_ROWS) return null;
      return first.recordsFiltered;
    },

    /** Writes the export and its job in one transaction; the answer the request gets (202). */
    async enqueue(ctx: CallContext, auth: RequestAuth, input: ExportInput, rowsTotal: number) {
      const request: StoredRequest = {
        definition: input.definition,
        filters: input.filters,
        search: input.search,
        language: input.language,
      };
      const row = await db.inTenant(ctx.tenantId, async (tx) => {
        const inserted = await repo.insertExport(tx, {
          tenantId: ctx.tenantId,
          userId: auth.userId,
          name:
            input.name || (await deps.reports.exportContext(ctx, auth, input.definition.moduleId)).appName,
          format: input.format,
          request,
          rowsTotal,
        });
        const job: ExportJobData = { tenantId: ctx.tenantId, exportId: inserted.id };
        await boss.send(REPORT_EXPORT_QUEUE, job, {
          retryLimit: RETRY_LIMIT,
          retryBackoff: true,
          retryDelay: 5,
          db: executorOf(connectionOf(tx)),
        });
        return inserted;
      });
      return toExportJob(row);
    },

    /** The caller's export, with its progress (another user's: 404). */
    async status(ctx: CallContext, auth: RequestAuth, id: string): Promise<ReportExportJob> {
      return toExportJob(await ownExport(ctx, auth, id));
    },

    /** The caller's finished export's file (409 while it is still being made). */
    async file(
      ctx: CallContext,
      auth: RequestAuth,
      id: string,
    ): Promise<{ stream: Readable; type: string; disposition: string }> {
      const row = await ownExport(ctx, auth, id);
      if (row.status !== 'completed' || !row.file_key) throw conflict(msg('reports.exportNotReady'));
      const stream = await storage.open(ctx.tenantId, row.file_key);
      if (!stream) throw missingExport();
      return {
        stream,
        type: EXPORT_CONTENT_TYPES[row.format as 'csv' | 'xlsx'],
        disposition: contentDisposition(row.name, row.format),
      };
    },

    /** Works the queue (every node does). */
    async startWorker(log: (message: string, error?: unknown) => void): Promise<void> {
      await boss.createQueue(REPORT_EXPORT_QUEUE);
      await boss.work<ExportJobData>(REPORT_EXPORT_QUEUE, { includeMetadata: true }, async ([job]) => {
        if (!job) return;
        const { tenantId, exportId } = job.data;
        try {
          await runExport(tenantId, exportId);
        } catch (error) {
          const final = job.retryCount >= job.retryLimit;
          if (!final) throw error; // pg-boss tries again, with backoff
          if (!(error instanceof AppError)) log(`report export ${exportId} failed for good`, error);
          await failExport(tenantId, exportId, error).catch((failure: unknown) =>
            log(`report export ${exportId}: the failure could not be recorded`, failure),
          );
        }
      });
    },

    sweep,
  };

  /**
   * Removes the tenant's exports that finished more than REPORT_EXPORT_KEEP_DAYS ago, files too
   * (after each export of the tenant: an indexed delete, usually of nothing).
   */
  async function sweep(tenantId: string, now = new Date()): Promise<number> {
    const gone = await db.inTenant(tenantId, (tx) =>
      repo.deleteFinishedBefore(tx, tenantId, new Date(now.getTime() - REPORT_EXPORT_KEEP_DAYS * DAY_MS)),
    );
    for (const row of gone) if (row.file_key) await storage.remove(tenantId, row.file_key);
    return gone.length;
  }

  /** Makes the file as the user who asked, then notifies them. */
  async function runExport(tenantId: string, exportId: string): Promise<void> {
    const started = await db.inTenant(tenantId, (tx) => repo.startExport(tx, tenantId, exportId));
    if (!started) return;
    const user = await db.readInTenant(tenantId, (tx) => repo.exportUser(tx, tenantId, started.user_id));
    if (!user?.is_active) throw missingExport();
    const auth: RequestAuth = {
      userId: started.user_id,
      tenantId,
      // No session: the server acts for the user; only the user id, kind and flags are read.
      sessionId: `report-export:${exportId}`,
      userKind: user.user_kind as UserKind,
      flags: flagsForKind(user.user_kind as UserKind),
      expiresAt: new Date(),
    };
    const ctx: CallContext = {
      tenantId,
      requestId: `report-export:${exportId}`,
      userAgent: null,
      ipAddress: null,
    };
    const stored = started.request as unknown as StoredRequest;
    const file = await deps.exports.prepare(ctx, auth, {
      name: started.name,
      definition: reportDefinitionSchema.parse(stored.definition),
      filters: stored.filters ?? [],
      search: stored.search ?? '',
      format: started.format as ReportExportFormat,
      language: stored.language ?? 'en',
      landscape: false,
    });
    // Only CSV and XLSX go to the background: the format is the file's extension.
    const fileKey = `${exportId}.${started.format}`;
    let rowsDone = 0;
    let writtenAt = Date.now();
    let progress: Promise<unknown> = Promise.resolve();
    const onRows = (rows: number) => {
      rowsDone = rows;
      if (Date.now() - writtenAt < PROGRESS_EVERY_MS) return;
      writtenAt = Date.now();
      progress = progress.then(() =>
        db
          .inTenant(tenantId, (tx) => repo.setExportProgress(tx, tenantId, exportId, rows))
          .catch(() => undefined),
      );
    };
    if ('buffer' in file) await storage.put(tenantId, fileKey, file.buffer);
    else {
      const out = new PassThrough();
      const storing = storage.put(tenantId, fileKey, out);
      await Promise.all([deps.exports.stream(file.prepared, out, onRows), storing]);
    }
    await progress;
    await db.inTenant(tenantId, async (tx) => {
      const finished = await repo.finishExport(tx, tenantId, exportId, { fileKey, rowsDone });
      if (finished) await notifyExport(tx, tenantId, exportId, finished, 'exportready');
    });
    await sweep(tenantId);
  }

  async function failExport(tenantId: string, exportId: string, error: unknown): Promise<void> {
    const reason = error instanceof AppError ? error.message : renderMessage(msg('reports.exportFailed'));
    await db.inTenant(tenantId, async (tx) => {
      const failed = await repo.finishExport(tx, tenantId, exportId, { error: reason });
      if (failed) await notifyExport(tx, tenantId, exportId, failed, 'exportfailed');
    });
  }
}

/** Tells the user who asked that their export is ready, or could not be made. */
function notifyExport(
  tx: TenantTx,
  tenantId: string,
  exportId: string,
  row: { user_id: string; name: string },
  type: 'exportready' | 'exportfailed',
) {
  return notifyUsers(tx, [
    {
      tenantId,
      userId: row.user_id,
      typeName: NOTIFICATION_TYPES[type],
      content: notificationContent(type, { app: row.name }),
      params: { app: row.name, exportId },
    },
  ]);
}

export type ReportExportJobs = ReturnType<typeof createReportExportJobs>;
