import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { TenantTx } from '../database/tenant-db.ts';
import { connectionSettingsOf, startHubListener } from './hub-listener.ts';

// Which apps' records changed (issue 24 item 12: card caches, live dashboards). The record writes
// that are not on the create hot path (saves, submits of drafts, deletes, workflow transitions,
// import batches) NOTIFY the app's id on APP_WRITES_CHANNEL in their transaction: it is delivered on
// commit, never for a rollback, and repeated ids in one transaction collapse into one. Every server
// node LISTENs and counts the writes per app; new records are seen by the cache through the app's
// newest creation time instead (a NOTIFY on every create would serialise commits).

export const APP_WRITES_CHANNEL = 'formloop_app_writes';

/** The statement that announces, on commit, that the app's records changed. */
export const appWrittenSql = (moduleId: string): SQL =>
  sql`SELECT pg_notify(${APP_WRITES_CHANNEL}, ${moduleId}::text)`;

/**
 * Writes this process made, counted at once (the NOTIFY reaches even this process a moment after
 * the commit): the next read here after a write is fresh. Counted before the commit, so a read in
 * between may cache the old figures under the new count; the NOTIFY then moves the stamp again.
 */
const localTicks = new Map<string, number>();
export function noteAppWritten(moduleId: string): void {
  localTicks.set(moduleId, (localTicks.get(moduleId) ?? 0) + 1);
}

/** Announces in the caller's transaction that the app's records changed (see the file's comment). */
export async function markAppWritten(tx: TenantTx, moduleId: string): Promise<void> {
  noteAppWritten(moduleId);
  await tx.execute(appWrittenSql(moduleId));
}

export interface AppWriteClock {
  /** Changes when the app's records changed (or the listener reconnected and may have missed some). */
  stampOf(moduleId: string): string;
  stop(): Promise<void>;
}

export async function startAppWriteClock(
  pool: pg.Pool,
  log: { warn(message: string, error?: unknown): void; info(message: string): void },
): Promise<AppWriteClock> {
  const ticks = new Map<string, number>();
  const listener = await startHubListener({
    connection: connectionSettingsOf(pool),
    channel: APP_WRITES_CHANNEL,
    applicationName: 'formloop-app-writes',
    onNotification: (payload) => ticks.set(payload, (ticks.get(payload) ?? 0) + 1),
    log,
  });
  return {
    stampOf: (moduleId) =>
      `${listener.generation()}.${ticks.get(moduleId) ?? 0}.${localTicks.get(moduleId) ?? 0}`,
    stop: () => listener.stop(),
  };
}
