import { sql } from 'drizzle-orm';
import { readRows, type TenantTx } from '../../platform/database/tenant-db.ts';

// Background exports (report_exports, migration 0019): each statement names the tenant; a user
// reads only the exports they asked for.

export interface ExportRow {
  id: string;
  tenant_id: string;
  user_id: string;
  name: string;
  format: string;
  request: Record<string, unknown>;
  status: string;
  rows_done: number;
  rows_total: number;
  file_key: string | null;
  error: string | null;
  created_on: string;
  finished_on: string | null;
}

const COLUMNS = sql.raw(`id, tenant_id, user_id, name, format, request, status, rows_done, rows_total,
  file_key, error, created_on::text AS created_on, finished_on::text AS finished_on`);

export async function insertExport(
  tx: TenantTx,
  row: { tenantId: string; userId: string; name: string; format: string; request: object; rowsTotal: number },
): Promise<ExportRow> {
  const [inserted] = await readRows<ExportRow>(
    tx,
    sql`INSERT INTO report_exports (tenant_id, user_id, name, format, request, rows_total)
        VALUES (${row.tenantId}, ${row.userId}, ${row.name}, ${row.format}, ${JSON.stringify(row.request)}::jsonb,
                ${row.rowsTotal})
        RETURNING ${COLUMNS}`,
  );
  return inserted!;
}

/** One export of the user's (null: none, or someone else's). */
export async function findOwnExport(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  id: string,
): Promise<ExportRow | null> {
  const [row] = await readRows<ExportRow>(
    tx,
    sql`SELECT ${COLUMNS} FROM report_exports WHERE tenant_id = ${tenantId} AND user_id = ${userId} AND id = ${id}`,
  );
  return row ?? null;
}

/** Takes a queued export to running (null when it is not queued: done, failed or taken already). */
export async function startExport(tx: TenantTx, tenantId: string, id: string): Promise<ExportRow | null> {
  const [row] = await readRows<ExportRow>(
    tx,
    sql`UPDATE report_exports SET status = 'running', rows_done = 0
        WHERE tenant_id = ${tenantId} AND id = ${id} AND status IN ('queued', 'running')
        RETURNING ${COLUMNS}`,
  );
  return row ?? null;
}

export async function setExportProgress(tx: TenantTx, tenantId: string, id: string, rowsDone: number) {
  await tx.execute(
    sql`UPDATE report_exports SET rows_done = ${rowsDone} WHERE tenant_id = ${tenantId} AND id = ${id}`,
  );
}

/** Ends an export (completed with its file, or failed); who asked and its name, null when gone. */
export async function finishExport(
  tx: TenantTx,
  tenantId: string,
  id: string,
  outcome: { fileKey: string; rowsDone: number } | { error: string },
): Promise<{ user_id: string; name: string } | null> {
  const [row] = await readRows<{ user_id: string; name: string }>(
    tx,
    'fileKey' in outcome
      ? sql`UPDATE report_exports SET status = 'completed', file_key = ${outcome.fileKey},
              rows_done = ${outcome.rowsDone}, finished_on = now()
            WHERE tenant_id = ${tenantId} AND id = ${id} RETURNING user_id, name`
      : sql`UPDATE report_exports SET status = 'failed', error = ${outcome.error}, finished_on = now()
            WHERE tenant_id = ${tenantId} AND id = ${id} AND status <> 'completed' RETURNING user_id, name`,
  );
  return row ?? null;
}

/** The tenant's exports finished before `before` (their files are removed with them). */
export async function deleteFinishedBefore(
  tx: TenantTx,
  tenantId: string,
  before: Date,
): Promise<Array<{ file_key: string | null }>> {
  return readRows<{ file_key: string | null }>(
    tx,
    sql`DELETE FROM report_exports WHERE tenant_id = ${tenantId} AND finished_on < ${before.toISOString()}::timestamptz
        RETURNING file_key`,
  );
}

/** The kind and state of the user an export runs for (a job re-reads them: they may have changed). */
export async function exportUser(
  tx: TenantTx,
  tenantId: string,
  userId: string,
): Promise<{ user_kind: string; is_active: boolean } | null> {
  const [row] = await readRows<{ user_kind: string; is_active: boolean }>(
    tx,
    sql`SELECT user_kind, is_active FROM users WHERE tenant_id = ${tenantId} AND id = ${userId}`,
  );
  return row ?? null;
}
