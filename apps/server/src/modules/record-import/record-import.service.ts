import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { msg, RECORD_IMPORT_MESSAGES, type ImportStatus } from '@formloop/contracts';
import type { PayloadField } from '@formloop/domain';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { notFound } from '../../platform/http/errors.ts';
import { appOr404, maySee, type AppCaller } from '../apps/index.ts';
import { recordAppOr404, requireAction, sequenceNumberFields } from '../records/index.ts';
import { checkMappingFields, resolveColumns } from './import-mapping.ts';
import { rowCheckFor } from './import-rows.ts';
import type { ImportRunner } from './import-runner.ts';
import { readCsvHeader, receiveUpload } from './import-upload.ts';
import { importAbandoned } from './import-lease.ts';
import { failImport, findImport, insertImport, toImportStatus } from './record-import.repository.ts';

interface Ctx {
  tenantId: string;
  requestId: string;
}

/**
 * Starting an import does everything that can refuse it (app, grant, mapping, file) before the
 * import exists; then one transaction creates it with its audit row (one per import, never one
 * per record) and the rows are written in the background.
 */
export function createRecordImportService(deps: { db: TenantDb; runner: ImportRunner; tempDir: string }) {
  const { db, runner } = deps;
  return {
    async start(ctx: Ctx, caller: AppCaller, moduleId: string, request: FastifyRequest) {
      const { app, definition } = await db.inTenant(ctx.tenantId, async (tx) => {
        const target = await recordAppOr404(tx, ctx.tenantId, caller, moduleId);
        await requireAction(tx, ctx.tenantId, caller, target.app.id, 'create');
        return target;
      });
      let fields = new Map<string, PayloadField>();
      const upload = await receiveUpload(request, deps.tempDir, (mapping) => {
        fields = checkMappingFields(definition, mapping);
      });
      try {
        const targets = resolveColumns(await readCsvHeader(upload.filePath), fields);
        const row = await db.inTenant(ctx.tenantId, async (tx) => {
          const created = await insertImport(tx, ctx.tenantId, {
            moduleId: app.id,
            fileName: upload.fileName,
            createdBy: caller.userId,
          });
          await appendAudit(tx, {
            tenantId: ctx.tenantId,
            userId: caller.userId,
            entity: 'record_import',
            entityId: created.id,
            action: 'created',
            after: { module_id: app.id, file_name: upload.fileName, mapping: upload.mapping },
            requestId: ctx.requestId,
          });
          return created;
        });
        const now = new Date();
        await runner.launch({
          importId: row.id,
          tenantId: ctx.tenantId,
          moduleId: app.id,
          moduleVersion: app.moduleVersion,
          userId: caller.userId,
          sequences: sequenceNumberFields(definition),
          now,
          filePath: upload.filePath,
          targets,
          check: rowCheckFor(definition, now),
        });
        return { importId: row.id };
      } catch (error) {
        await rm(upload.filePath, { force: true });
        throw error;
      }
    },

    /** An import of the caller's tenant, in an app the caller may see; 404 for anything else. */
    async status(ctx: Ctx, caller: AppCaller, importId: string): Promise<ImportStatus> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const row = isUuid(importId) ? await findImport(tx, ctx.tenantId, importId.toLowerCase()) : null;
        if (!row) throw notFound(msg('recordImport.importNotFound'));
        const app = await appOr404(tx, ctx.tenantId, row.moduleId).catch(() => null);
        if (!app || !(await maySee(tx, ctx.tenantId, caller, app))) {
          throw notFound(msg('recordImport.importNotFound'));
        }
        if (row.status === 'running' && (await importAbandoned(tx, row.id))) {
          // The server running it stopped without a word (a crash): nobody will finish it.
          await failImport(tx, ctx.tenantId, row.id, RECORD_IMPORT_MESSAGES.stopped);
          const failed = await findImport(tx, ctx.tenantId, row.id);
          return toImportStatus(failed!);
        }
        return toImportStatus(row);
      });
    },
  };
}
