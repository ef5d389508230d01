import { and, eq } from 'drizzle-orm';
import { storedFiles } from '@formloop/db';
import type { TenantTx } from '../../platform/database/tenant-db.ts';

// Tenant first, and filtered on it, like every repository (RLS is the second wall: another
// tenant's key finds nothing, which the service answers as 404).

export type StoredFileRow = typeof storedFiles.$inferSelect;
export type NewStoredFile = Omit<typeof storedFiles.$inferInsert, 'id' | 'tenantId' | 'createdOn'>;

export async function insertFiles(
  tx: TenantTx,
  tenantId: string,
  rows: NewStoredFile[],
): Promise<StoredFileRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(storedFiles)
    .values(rows.map((row) => ({ ...row, tenantId })))
    .returning();
}

export async function findByKey(
  tx: TenantTx,
  tenantId: string,
  fileKey: string,
  lock = false,
): Promise<StoredFileRow | null> {
  const query = tx
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.tenantId, tenantId), eq(storedFiles.fileKey, fileKey)))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0] ?? null;
}

export async function deleteById(tx: TenantTx, tenantId: string, id: string): Promise<void> {
  await tx.delete(storedFiles).where(and(eq(storedFiles.tenantId, tenantId), eq(storedFiles.id, id)));
}
