import { and, eq, sql } from 'drizzle-orm';
import type { ImportStatus } from '@formloop/contracts';
import { schema } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { isoTimestampOrNull } from '../../platform/database/timestamps.ts';

// record_imports rows (tenant first). The progress of a running import is written by the batch
// writer in each batch's own transaction (import-writer.ts); here: start, read, fail.

const { recordImports } = schema;
type ImportRow = typeof recordImports.$inferSelect;

export async function insertImport(
  tx: TenantTx,
  tenantId: string,
  values: { moduleId: string; fileName: string; createdBy: string },
): Promise<ImportRow> {
  const rows = await tx
    .insert(recordImports)
    .values({ tenantId, moduleId: values.moduleId, fileName: values.fileName, createdBy: values.createdBy })
    .returning();
  return rows[0]!;
}

export async function findImport(tx: TenantTx, tenantId: string, id: string): Promise<ImportRow | null> {
  const rows = await tx
    .select()
    .from(recordImports)
    .where(and(eq(recordImports.tenantId, tenantId), eq(recordImports.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

/** A running import stopped: the reason kept, the rows written so far stay. */
export async function failImport(tx: TenantTx, tenantId: string, id: string, reason: string): Promise<void> {
  await tx
    .update(recordImports)
    .set({ status: 'failed', error: reason, finishedOn: sql`now()` })
    .where(
      and(
        eq(recordImports.tenantId, tenantId),
        eq(recordImports.id, id),
        eq(recordImports.status, 'running'),
      ),
    );
}

const iso = isoTimestampOrNull;

export function toImportStatus(row: ImportRow): ImportStatus {
  return {
    id: row.id,
    module_id: row.moduleId,
    file_name: row.fileName,
    status: row.status,
    processedRows: row.processedRows,
    importedRows: row.importedRows,
    rejectedRows: row.rejectedRows,
    // Batches commit in any order; the report lists rows as the file has them.
    rejected: [...(row.rejected as ImportStatus['rejected'])].sort((a, b) => a.line - b.line),
    error: row.error,
    created_on: iso(row.createdOn) ?? '',
    finished_on: iso(row.finishedOn),
  };
}
