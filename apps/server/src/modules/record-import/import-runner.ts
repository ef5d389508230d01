import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Parser } from 'csv-parse';
import {
  IMPORT_REJECTED_KEPT,
  RECORD_IMPORT_MESSAGES,
  importMessage,
  type ImportStatus,
} from '@formloop/contracts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { rowValues, type ColumnTarget } from './import-mapping.ts';
import type { RowCheck } from './import-rows.ts';
import { holdImportLease } from './import-lease.ts';
import { failImport } from './record-import.repository.ts';
import { poolOf, writeBatch, type Batch, type ImportJob } from './import-writer.ts';

// The background half of an import: the stored file is parsed as a stream, each row checked like a
// submit, and rows are written in batches while the next batch is parsed. The HTTP answer went out
// before this starts; the status endpoint reports the progress each batch commits.

/** Rows a batch covers (good and rejected together): one transaction each. */
export const IMPORT_BATCH_ROWS = 10_000;

/**
 * Batches written at once. Inserting (indexes, foreign keys, row security) costs the database far
 * more than parsing costs us, so two writers keep both of a small machine's cores busy. Apps with
 * sequence numbers use one: numbers must follow the file's order.
 */
const WRITERS = 2;

export interface RunnableImport extends ImportJob {
  filePath: string;
  targets: ColumnTarget[];
  check: RowCheck;
}

interface NumberedRecord {
  record: string[];
  line: number;
}

/**
 * csv-parse with each record's line number: read from the parser's counters at the moment the
 * record is pushed (what `info: true` reports, without copying every counter into each record).
 */
class NumberedParser extends Parser {
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    return super.push(chunk === null ? null : { record: chunk, line: this.info.lines }, encoding);
  }
}

class ImportStopped extends Error {}

interface Logger {
  error: (details: object, message: string) => void;
}

/** Why an import stopped; a broken record is reported at the line after the last good one (where it starts). */
function failureReason(error: unknown, lastLine: number): string {
  if (error instanceof ImportStopped) return RECORD_IMPORT_MESSAGES.stopped;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('CSV_')) return importMessage.unreadable(lastLine + 1);
  return RECORD_IMPORT_MESSAGES.unexpected;
}

/** Runs imports in the background and stops them (at their next batch) when the server closes. */
export function createImportRunner(db: TenantDb, log: Logger) {
  const running = new Set<Promise<void>>();
  let stopping = false;

  async function run(job: RunnableImport): Promise<void> {
    const pool = poolOf(db);
    const writers = job.sequences.length > 0 ? 1 : WRITERS;
    const parser = createReadStream(job.filePath).pipe(
      new NumberedParser({
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
        skip_records_with_empty_values: true,
      }),
    );
    let batch: Batch = emptyBatch();
    let kept = 0;
    // Writes under way, each settling to its error (or null): a failure is reported when awaited.
    const inFlight = new Set<Promise<unknown>>();
    const awaitWrites = async (atMost: number) => {
      while (inFlight.size > atMost) {
        const error = await Promise.race(inFlight);
        if (error) throw error;
      }
    };
    const flush = async (last: boolean) => {
      // The last batch completes the import: every other batch must have committed before it.
      await awaitWrites(last ? 0 : writers - 1);
      if (stopping) throw new ImportStopped();
      const written = { ...batch, last };
      batch = emptyBatch();
      const write: Promise<unknown> = writeBatch(pool, job, written).then(
        () => inFlight.delete(write) && null,
        (error: unknown) => inFlight.delete(write) && error,
      );
      inFlight.add(write);
      if (last) await awaitWrites(0);
    };

    let header = true;
    let line = 0;
    try {
      for await (const entry of parser as AsyncIterable<NumberedRecord>) {
        line = entry.line;
        if (header) {
          header = false;
          continue;
        }
        batch.processed += 1;
        const checked = job.check(rowValues(entry.record, job.targets));
        const result = checked instanceof Promise ? await checked : checked;
        if (result.errors.length === 0) {
          batch.rows.push(result.values);
          batch.imported += 1;
        } else {
          batch.rejectedCount += 1;
          kept += 1;
          if (kept <= IMPORT_REJECTED_KEPT) batch.rejected.push({ line, errors: result.errors });
        }
        if (batch.processed === IMPORT_BATCH_ROWS) await flush(false);
      }
      await flush(true);
    } catch (error) {
      parser.destroy();
      await Promise.all(inFlight);
      const reason = failureReason(error, line);
      if (reason === RECORD_IMPORT_MESSAGES.unexpected) {
        log.error({ err: error, importId: job.importId }, 'record import failed');
      }
      await db.inTenant(job.tenantId, (tx) => failImport(tx, job.tenantId, job.importId, reason));
    }
  }

  return {
    /**
     * Takes the import's lease (so a status read can tell it is being worked on), then runs it in
     * the background; its outcome lands in its record_imports row.
     */
    async launch(job: RunnableImport): Promise<void> {
      const release = await holdImportLease(poolOf(db), job.importId);
      const task = run(job)
        .catch((error: unknown) => log.error({ err: error, importId: job.importId }, 'record import failed'))
        .finally(async () => {
          await release().catch((error: unknown) =>
            log.error({ err: error, importId: job.importId }, 'record import lease not released'),
          );
          await rm(job.filePath, { force: true });
          running.delete(task);
        });
      running.add(task);
    },
    /** Lets the running imports stop at their next batch and waits for them. */
    async close(): Promise<void> {
      stopping = true;
      await Promise.allSettled([...running]);
    },
  };
}

function emptyBatch(): Batch {
  const rejected: ImportStatus['rejected'] = [];
  return { rows: [], rejected, processed: 0, imported: 0, rejectedCount: 0, last: false };
}

export type ImportRunner = ReturnType<typeof createImportRunner>;
