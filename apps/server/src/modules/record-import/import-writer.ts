import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { v7 as uuidv7 } from 'uuid';
import type { ImportStatus } from '@formloop/contracts';
import { formatSequenceNumber, sequenceStep, type PayloadField } from '@formloop/domain';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { APP_WRITES_CHANNEL, appWritePayload, noteAppWritten } from '../../platform/realtime/app-writes.ts';

// The bulk path of an import: one transaction per batch. Good rows are COPYed into a temporary
// table and moved into records with INSERT … SELECT (COPY straight into records is refused under
// row-level security; INSERT checks the policy per row); sequence numbers are reserved for the
// whole batch with one upsert; the import's progress moves in the same transaction, so what the
// status says was imported is exactly what is in the table.

export interface ImportJob {
  importId: string;
  tenantId: string;
  moduleId: string;
  moduleVersion: number;
  userId: string;
  /** Sequence-number fields outside tables (in name order, as submits lock them): numbered in row order. */
  sequences: PayloadField[];
  now: Date;
}

export interface Batch {
  rows: Record<string, unknown>[];
  /** Rejected rows of this batch that are still kept for the report. */
  rejected: ImportStatus['rejected'];
  /** This batch's counts (added to the import's totals). */
  processed: number;
  imported: number;
  rejectedCount: number;
  /** The last batch: the import completes with it. */
  last: boolean;
}

/** The app role's pool behind the tenant database (COPY needs a client of its own). */
export function poolOf(db: TenantDb): pg.Pool {
  const client = (db.global as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool))
    throw new Error('record import needs the pool behind the tenant database');
  return client;
}

/**
 * COPY text format: the id, a tab, the values with backslashes doubled (JSON.stringify already
 * escapes newlines, tabs and returns). Ids are UUIDv7, time-ordered like a submit's: each lands at
 * the right end of the primary key and list index instead of on a random page of them.
 */
const copyLine = (data: Record<string, unknown>) =>
  `${uuidv7()}\t${JSON.stringify(data).replace(/\\/g, '\\\\')}\n`;

function* copyChunks(rows: Record<string, unknown>[]): Generator<string> {
  const CHUNK = 500;
  for (let at = 0; at < rows.length; at += CHUNK) {
    let text = '';
    for (const row of rows.slice(at, at + CHUNK)) text += copyLine(row);
    yield text;
  }
}

/** Numbers the batch's rows, in order, for each sequence field: gap-free, one upsert per field. */
async function numberRows(client: pg.PoolClient, job: ImportJob, rows: Record<string, unknown>[]) {
  for (const field of job.sequences) {
    const { rows: reserved } = await client.query<{ last_value: string }>(
      `INSERT INTO record_sequences (tenant_id, module_id, field_name, last_value) VALUES ($1, $2, $3, $4)
       ON CONFLICT (module_id, field_name) DO UPDATE SET last_value = record_sequences.last_value + EXCLUDED.last_value
       RETURNING last_value`,
      [job.tenantId, job.moduleId, field.name, rows.length],
    );
    const first = Number(reserved[0]!.last_value) - rows.length + 1;
    const step = sequenceStep(field.stepSequence);
    rows.forEach((row, index) => {
      row[field.name] = formatSequenceNumber(field.sequenceFormat ?? '', (first + index) * step, job.now);
    });
  }
}

async function insertRows(client: pg.PoolClient, job: ImportJob, rows: Record<string, unknown>[]) {
  await client.query(
    'CREATE TEMP TABLE record_import_rows (id uuid NOT NULL, data jsonb NOT NULL) ON COMMIT DROP',
  );
  await pipeline(
    Readable.from(copyChunks(rows)),
    client.query(copyFrom('COPY record_import_rows (id, data) FROM STDIN')),
  );
  // A submitted record without a workflow is started and completed at once, as a submit from the
  // item editor (records/record-workflow.ts).
  await client.query(
    `INSERT INTO records (id, tenant_id, module_id, module_version, data, is_draft, submitted_on,
                          workflow_started_on, workflow_completed_on, workflow_initiator_user,
                          workflow_initiator_email, created_by, modified_by)
     SELECT id, $1, $2, $3, data, false, now(), now(), now(), $4,
            (SELECT u.email FROM users u WHERE u.tenant_id = $1 AND u.id = $4), $4, $4
     FROM record_import_rows`,
    [job.tenantId, job.moduleId, job.moduleVersion, job.userId],
  );
}

/** Writes one batch and the import's progress in one transaction. */
export async function writeBatch(pool: pg.Pool, job: ImportJob, batch: Batch): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [job.tenantId]);
    if (batch.rows.length > 0) {
      if (job.sequences.length > 0) await numberRows(client, job, batch.rows);
      await insertRows(client, job, batch.rows);
      // Card caches and live dashboards learn of the batch when it commits (app-writes.ts).
      noteAppWritten(job.moduleId);
      await client.query('SELECT pg_notify($1, $2)', [
        APP_WRITES_CHANNEL,
        appWritePayload(job.tenantId, job.moduleId),
      ]);
    }
    await client.query(
      `UPDATE record_imports
          SET processed_rows = processed_rows + $3, imported_rows = imported_rows + $4,
              rejected_rows = rejected_rows + $5, rejected = rejected || $6::jsonb,
              status = CASE WHEN $7 THEN 'completed' ELSE status END,
              finished_on = CASE WHEN $7 THEN now() ELSE finished_on END
        WHERE tenant_id = $1 AND id = $2`,
      [
        job.tenantId,
        job.importId,
        batch.processed,
        batch.imported,
        batch.rejectedCount,
        JSON.stringify(batch.rejected),
        batch.last,
      ],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
