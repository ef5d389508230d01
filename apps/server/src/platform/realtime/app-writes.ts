import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { TenantTx } from '../database/tenant-db.ts';
import { connectionSettingsOf, startHubListener } from './hub-listener.ts';

// Which apps' records changed (issue 24 item 12: card caches, live dashboards). The record writes
// that are not on the create hot path (saves, submits of drafts, deletes, workflow transitions,
// import batches) NOTIFY `tenant:app` on APP_WRITES_CHANNEL in their transaction: it is delivered on
// commit, never for a rollback, and repeated payloads in one transaction collapse into one. Every
// server node LISTENs, counts the writes per app and tells its subscribers (the hub, which pushes
// AppsChanged to the tenant's open connections).
//
// New records are seen by the card cache through the app's newest creation time instead (a NOTIFY
// in every create's transaction would serialise commits): a create notes its app after it committed
// (noteAppCreated), and each node sends the apps created on it since its last send in one NOTIFY
// statement at most once a second (CREATED_FLUSH_MS), so live dashboards hear of creates too.

export const APP_WRITES_CHANNEL = 'formloop_app_writes';

/** How often a node announces the apps that got new records on it (at most one statement each time). */
export const CREATED_FLUSH_MS = 1_000;

/** The payload of an app write: the tenant and the app (ids hold no colon). */
export const appWritePayload = (tenantId: string, moduleId: string): string => `${tenantId}:${moduleId}`;

/** Reads a payload back; null for anything else on the channel. */
export function parseAppWrite(payload: string): { tenantId: string; moduleId: string } | null {
  const at = payload.indexOf(':');
  if (at <= 0 || at === payload.length - 1) return null;
  return { tenantId: payload.slice(0, at), moduleId: payload.slice(at + 1) };
}

/** The statement that announces, on commit, that the app's records changed (tenant from the session). */
export const appWrittenSql = (moduleId: string): SQL =>
  sql`SELECT pg_notify(${APP_WRITES_CHANNEL}, current_setting('app.tenant_id') || ':' || ${moduleId}::text)`;

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

/** Apps that got new records on this node since the last announcement (payloads). */
const created = new Set<string>();

/** A record of the app was created and committed: announced with the next flush (see above). */
export function noteAppCreated(tenantId: string, moduleId: string): void {
  created.add(appWritePayload(tenantId, moduleId));
}

export type AppWriteListener = (tenantId: string, moduleId: string) => void;

export interface AppWriteClock {
  /** Changes when the app's records changed (or the listener reconnected and may have missed some). */
  stampOf(moduleId: string): string;
  /** Calls `listener` for every app write any node announces; returns the unsubscribe. */
  subscribe(listener: AppWriteListener): () => void;
  stop(): Promise<void>;
}

export async function startAppWriteClock(
  pool: pg.Pool,
  log: { warn(message: string, error?: unknown): void; info(message: string): void },
): Promise<AppWriteClock> {
  const ticks = new Map<string, number>();
  const listeners = new Set<AppWriteListener>();
  const listener = await startHubListener({
    connection: connectionSettingsOf(pool),
    channel: APP_WRITES_CHANNEL,
    applicationName: 'formloop-app-writes',
    onNotification: (payload) => {
      const write = parseAppWrite(payload);
      if (!write) return;
      ticks.set(write.moduleId, (ticks.get(write.moduleId) ?? 0) + 1);
      for (const each of listeners) each(write.tenantId, write.moduleId);
    },
    log,
  });

  let flushing: Promise<void> | null = null;
  const flush = async () => {
    if (created.size === 0) return;
    const payloads = [...created];
    created.clear();
    await pool
      .query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
        APP_WRITES_CHANNEL,
        payloads,
      ])
      .catch((error: unknown) => log.warn('app writes: could not announce created records', error));
  };
  const timer = setInterval(() => {
    flushing ??= flush().finally(() => (flushing = null));
  }, CREATED_FLUSH_MS);
  timer.unref();

  return {
    stampOf: (moduleId) =>
      `${listener.generation()}.${ticks.get(moduleId) ?? 0}.${localTicks.get(moduleId) ?? 0}`,
    subscribe(each) {
      listeners.add(each);
      return () => listeners.delete(each);
    },
    async stop() {
      clearInterval(timer);
      await flushing;
      await listener.stop();
    },
  };
}
