// Seeding a benchmark's app and capturing what the API sends PostgreSQL, shared by bench/records and
// bench/dashboards: the CSV import through the HTTP endpoint (timed until completed), the app's list
// indexes as publishing makes them, and a second server in the benchmark's process whose statements
// can be captured.
import { openAsBlob } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { RECORD_IMPORT_PATHS, importStatusPath, type ImportStatus } from '@formloop/contracts';
import { loadConfig, type Config } from '../apps/server/src/platform/config/config.ts';
import { startServer } from '../apps/server/src/server.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import {
  appPool,
  ownerPool,
  poolUrl,
  publishBenchApp,
  signIn,
  waitForIndexBuilds,
  type Api,
} from './records-setup.ts';

/** The seed CSV's columns (records-setup.ts writeSeedCsv) mapped to the bench app's fields. */
export const SEED_MAPPING = { Title: 'title', Amount: 'amount', Due: 'due', Colour: 'colour', Paid: 'paid' };

const seconds = (since: number) => (performance.now() - since) / 1000;

/** Uploads the CSV through the import endpoint and waits for it: seconds from request to completion. */
export async function importCsv(api: Api, moduleId: string, file: string, rows: number) {
  const form = new FormData();
  form.append('mapping', JSON.stringify(SEED_MAPPING));
  form.append('file', await openAsBlob(file, { type: 'text/csv' }), 'seed.csv');
  const started = performance.now();
  const res = await fetch(`${api.base}${RECORD_IMPORT_PATHS.start}?moduleId=${moduleId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`import: ${res.status} ${await res.text()}`);
  const { importId } = ((await res.json()) as { data: { importId: string } }).data;
  const answered = seconds(started);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const status = await api.get<ImportStatus>(importStatusPath(importId));
    if (status.status === 'running') continue;
    if (status.status !== 'completed' || status.importedRows !== rows) {
      throw new Error(
        `import did not complete: ${JSON.stringify({ ...status, rejected: status.rejected.slice(0, 3) })}`,
      );
    }
    return { seconds: seconds(started), answered };
  }
}

/** The app's list indexes as publishing makes them, awaited so the import pays for maintaining them. */
export async function ensureListIndexes(owner: pg.Pool, moduleId: string): Promise<void> {
  const { rows } = await owner.query<{ module_published: unknown }>(
    'SELECT module_published FROM modules WHERE id = $1',
    [moduleId],
  );
  const { ensureRecordIndexes } = await import('../apps/server/src/modules/record-lists/index.ts');
  // Publishing started the same build in the server process: building beside it deadlocks, so wait
  // for it to finish, then make sure every index is there (the call is idempotent).
  for (let attempt = 1; ; attempt += 1) {
    await waitForIndexBuilds(owner);
    try {
      await ensureRecordIndexes(owner, moduleId, rows[0]!.module_published as never);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt === 5) throw error;
    }
  }
  const { rows: indexes } = await owner.query<{ indexname: string }>(
    `SELECT indexname FROM pg_indexes WHERE tablename = 'records' ORDER BY indexname`,
  );
  console.log(`  indexes on records: ${indexes.map((row) => row.indexname).join(', ')}`);
}

/**
 * A second server in this process on the same database (DATABASE_URL, no embedded start), used only
 * to capture the statements a request sends; stopped before anything is measured.
 */
export async function withCaptureServer<T>(config: Config, work: (capture: Api) => Promise<T>): Promise<T> {
  const captureConfig = loadConfig({
    DATA_DIR: config.dataDir,
    PORT: String(await freePort()),
    DATABASE_URL: await poolUrl(config, 'owner'),
    ADMIN_PASSWORD: 'bench-password',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  });
  const server = await startServer(captureConfig, () => {});
  try {
    const capture = await signIn(`http://127.0.0.1:${captureConfig.PORT}`, 'admin', 'bench-password');
    return await work(capture);
  } finally {
    await server.stop();
  }
}

/**
 * The benchmark app and its pools: the admin signed in, the bench app published, the owner pool and
 * an app-role pool of `appPoolSize` clients with the default tenant set (both added to `pools`).
 */
export async function arrangeBenchApp(config: Config, pools: pg.Pool[], appPoolSize: number) {
  const api = await signIn(`http://127.0.0.1:${config.PORT}`, 'admin', 'bench-password');
  const moduleId = await publishBenchApp(api);
  const owner = await ownerPool(config);
  pools.push(owner);
  const { rows } = await owner.query<{ id: string }>('SELECT id FROM tenants WHERE label = $1', [
    config.DEFAULT_TENANT,
  ]);
  const tenantId = rows[0]!.id;
  const app = await appPool(config, tenantId, appPoolSize);
  pools.push(app);
  return { api, moduleId, owner, tenantId, app };
}
