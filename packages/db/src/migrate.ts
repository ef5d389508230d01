import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { upgradeRecordStorage, type RecordStorageProgress } from './record-storage.ts';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/** The login role the app runs as: never a superuser, never BYPASSRLS, so row-level policies hold. */
export const APP_ROLE = 'formloop_app';

/**
 * Makes sure the app role exists and can log in with `password`. Runs as the owner connection
 * before migrations, because migrations grant to that role.
 */
export async function ensureAppRole(owner: pg.Pool, password: string): Promise<void> {
  const { rows } = await owner.query<{ exists: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS exists',
    [APP_ROLE],
  );
  // Role names and passwords cannot be bound parameters in DDL; quote them with the server's own functions.
  const { rows: quoted } = await owner.query<{ role: string; pw: string }>(
    'SELECT quote_ident($1) AS role, quote_literal($2) AS pw',
    [APP_ROLE, password],
  );
  const { role, pw } = quoted[0]!;
  const verb = rows[0]?.exists ? 'ALTER' : 'CREATE';
  await owner.query(
    `${verb} ROLE ${role} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE PASSWORD ${pw}`,
  );
}

export interface RunMigrationsOptions {
  /** Another folder of migrations (the upgrade test stops at an earlier one). */
  migrationsFolder?: string;
  /** Progress of moving records into the per-app layout (ADR 0013), on the first start after 0014. */
  onRecordMove?: (progress: RecordStorageProgress) => void;
}

/**
 * Applies the generated SQL migrations in order, then finishes moving records into their apps'
 * partitions if an upgrade left some behind; safe to call on every start.
 */
export async function runMigrations(owner: pg.Pool, options: RunMigrationsOptions = {}): Promise<void> {
  // Concurrent starts (several web nodes) must not race each other through the migrations.
  const client = await owner.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7216001)');
    await migrate(drizzle({ client }), { migrationsFolder: options.migrationsFolder ?? MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(7216001)').catch(() => undefined);
    client.release();
  }
  await upgradeRecordStorage(owner, { onProgress: options.onRecordMove });
}
