import type PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Config } from '../../platform/config/config.ts';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import { createFileStorage } from './files.module.ts';

// Uploads that never became part of a saved entry. A form uploads its files as soon as they are
// picked (stored_files row with record_id NULL); saving the entry links them (records-write.service).
// When the user abandons the form nothing ever links them: this sweep removes them, row and bytes.

/** Unlinked uploads younger than this stay: a user may keep a form open for a working day. */
export const ORPHAN_FILE_HOURS = 24;
/** Rows deleted per statement: short locks, bounded memory, and progress that survives a crash. */
export const ORPHAN_SWEEP_BATCH = 500;
export const ORPHAN_SWEEP_QUEUE = 'files-orphan-sweep';
/** Hourly, at minute 0 (UTC). pg-boss sends one job per cron instant for the whole installation. */
export const ORPHAN_SWEEP_CRON = '0 * * * *';

interface SweepLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

// Across tenants (the owner pool bypasses row-level security). SKIP LOCKED: a row an entry's save is
// linking right now is left alone, and two nodes sweeping at once never wait on each other. Only
// rows whose bytes live in this storage: deleting the others would lose track of their bytes.
const DELETE_BATCH = `
  DELETE FROM stored_files
  WHERE id IN (
    SELECT id FROM stored_files
    WHERE record_id IS NULL AND created_on < $1 AND storage = $2
    LIMIT $3
    FOR UPDATE SKIP LOCKED
  )
  RETURNING tenant_id, file_key, storage`;

/**
 * Deletes the stored_files rows of uploads no entry links (record_id NULL) made before olderThan,
 * in every tenant, batch by batch; each batch's bytes are removed once its rows are gone (a missing
 * file is fine, a storage error is logged and the sweep goes on). Answers how many files went.
 */
export async function sweepOrphanFiles(options: {
  owner: pg.Pool;
  storage: FileStorage;
  olderThan: Date;
  batchSize?: number;
  log?: Pick<SweepLog, 'warn'>;
}): Promise<number> {
  const { owner, storage, olderThan } = options;
  const batchSize = options.batchSize ?? ORPHAN_SWEEP_BATCH;
  let removed = 0;
  for (;;) {
    const { rows } = await owner.query<{ tenant_id: string; file_key: string; storage: string }>(
      DELETE_BATCH,
      [olderThan, storage.kind, batchSize],
    );
    // The rows are committed as gone, so nobody can reach these bytes any more; a file whose
    // removal fails stays on disk, unreferenced, rather than stopping the sweep.
    for (const row of rows) {
      await storage.remove(row.tenant_id, row.file_key).catch((error: unknown) => {
        options.log?.warn(
          { err: error, tenantId: row.tenant_id, fileKey: row.file_key, storage: row.storage },
          'orphan files: could not remove the bytes of an abandoned upload',
        );
      });
    }
    removed += rows.length;
    if (rows.length < batchSize) return removed;
  }
}

/**
 * Creates the sweep's queue and its hourly schedule, and works the queue (every node does; the
 * schedule still yields one run per hour for the whole installation).
 */
export async function startOrphanFileSweeper(options: {
  boss: PgBoss;
  owner: pg.Pool;
  config: Config;
  log: SweepLog;
}): Promise<void> {
  const { boss, owner, log } = options;
  const storage = createFileStorage(options.config);
  await boss.createQueue(ORPHAN_SWEEP_QUEUE);
  await boss.schedule(ORPHAN_SWEEP_QUEUE, ORPHAN_SWEEP_CRON, undefined, { tz: 'UTC' });
  // One job an hour: polling every half minute is plenty.
  await boss.work(ORPHAN_SWEEP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
    const olderThan = new Date(Date.now() - ORPHAN_FILE_HOURS * 60 * 60 * 1000);
    const removed = await sweepOrphanFiles({ owner, storage, olderThan, log });
    if (removed > 0) log.info({ removed }, 'orphan files: removed abandoned uploads');
  });
}
