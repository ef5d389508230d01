import path from 'node:path';
import pg from 'pg';
import { APP_ROLE, ensureAppRole, runMigrations } from '@formloop/db';
import type { Config } from '../config/config.ts';
import type { Secrets } from '../config/secrets.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';
import { READER_SESSION_OPTIONS } from './tenant-db.ts';

export interface DatabaseHandles {
  /** Owner/superuser connection: migrations, seeding, provisioning. Never used to serve requests. */
  owner: pg.Pool;
  /** The non-superuser app role: every request goes through this pool, so RLS applies. */
  app: pg.Pool;
  /**
   * The app role again, its connections in pipeline mode: a whole one-statement transaction is
   * written at once (TenantDb.statementInTenant). Never for cursors or COPY, which pipelining refuses.
   */
  pipelined: pg.Pool;
  /** Pipelined again, every transaction read only: tenant reads without a transaction (TenantDb.readInTenant). */
  reader: pg.Pool;
  close: () => Promise<void>;
}

const DATABASE_NAME = 'formloop';

// Timestamps, dates and bigints come back as strings; the services decide what they mean.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

function withCredentials(url: string, user: string, password: string): string {
  const parsed = new URL(url);
  parsed.username = encodeURIComponent(user);
  parsed.password = encodeURIComponent(password);
  return parsed.toString();
}

export async function bootstrapDatabase(
  config: Config,
  secrets: Secrets,
  log: (message: string) => void,
): Promise<DatabaseHandles> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let ownerUrl = config.DATABASE_URL;
  if (!ownerUrl) {
    const embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.dataDir, 'pg'),
      port: config.EMBEDDED_PG_PORT,
      superuserPassword: secrets.embeddedSuperuserPassword,
      log: (message) => {
        if (/FATAL|PANIC|ERROR/.test(message)) log(`postgres: ${message}`);
      },
    });
    stopEmbedded = embedded.stop;
    const admin = new pg.Pool({ connectionString: embedded.url('postgres'), max: 1 });
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
      if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE_NAME}`);
    } finally {
      await admin.end();
    }
    ownerUrl = embedded.url(DATABASE_NAME);
  }
  // Migrations, list index builds and the job queue's polling and maintenance (pg-boss).
  const owner = new pg.Pool({ connectionString: ownerUrl, max: 4 });
  // An idle connection dropped by the server (restart, Ctrl+C reaching PostgreSQL first) must not crash us.
  owner.on('error', (error) => log(`database (owner): ${error.message}`));
  try {
    const appUrl =
      config.DATABASE_APP_URL ??
      (await (async () => {
        await ensureAppRole(owner, secrets.appRolePassword);
        return withCredentials(ownerUrl, APP_ROLE, secrets.appRolePassword);
      })());
    await runMigrations(owner, {
      // The first start after the per-app record layout (ADR 0013) moves the records: say how far.
      onRecordMove: ({ moduleId, moved, total }) => {
        if (moved % 50_000 < 5_000 || moved >= total) {
          log(`moving records into the per-app layout: app ${moduleId}, ${moved} of ${total}`);
        }
      },
    });
    const app = new pg.Pool({ connectionString: appUrl, max: config.DATABASE_POOL_SIZE });
    app.on('error', (error) => log(`database: ${error.message}`));
    await assertNotSuperuser(app);
    const pipelined = new pg.Pool({
      connectionString: appUrl,
      max: config.DATABASE_POOL_SIZE,
      pipeline: true,
    });
    pipelined.on('error', (error) => log(`database (pipelined): ${error.message}`));
    const reader = new pg.Pool({
      connectionString: appUrl,
      max: config.DATABASE_POOL_SIZE,
      pipeline: true,
      options: READER_SESSION_OPTIONS,
    });
    reader.on('error', (error) => log(`database (reader): ${error.message}`));
    return {
      owner,
      app,
      pipelined,
      reader,
      close: async () => {
        await reader.end().catch(() => undefined);
        await pipelined.end().catch(() => undefined);
        await app.end().catch(() => undefined);
        await owner.end().catch(() => undefined);
        await stopEmbedded?.();
      },
    };
  } catch (error) {
    await owner.end().catch(() => undefined);
    await stopEmbedded?.();
    throw error;
  }
}

/** Row-level security means nothing to a superuser or a BYPASSRLS role: refuse to serve as one. */
async function assertNotSuperuser(app: pg.Pool): Promise<void> {
  const { rows } = await app.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
    'SELECT rolsuper, rolbypassrls FROM pg_roles WHERE rolname = current_user',
  );
  if (rows[0]?.rolsuper || rows[0]?.rolbypassrls) {
    throw new Error(
      'DATABASE_APP_URL must name a role without SUPERUSER or BYPASSRLS, or row-level security is void',
    );
  }
}
