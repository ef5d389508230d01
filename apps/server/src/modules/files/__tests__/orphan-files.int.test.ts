import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { field, section, tenantId } from '../../apps/__tests__/app-fixtures.ts';
import { publishApp, saveRecord, saved } from '../../records/__tests__/record-fixtures.ts';
import type { FileStorage } from '../../../platform/files/file-storage.ts';
import { createLocalFileStorage } from '../../../platform/files/local-file-storage.ts';
import { JOB_SCHEMA } from '../../../platform/jobs/job-queue.ts';
import {
  ORPHAN_FILE_HOURS,
  ORPHAN_SWEEP_CRON,
  ORPHAN_SWEEP_QUEUE,
  sweepOrphanFiles,
} from '../orphan-files.ts';
import { PDF, PNG, getFile, uploadOne } from './file-fixtures.ts';

// Uploads no saved entry took: after ORPHAN_FILE_HOURS the sweep removes row and bytes, in every
// tenant; files of entries and fresh uploads stay. The hourly sweep is scheduled on pg-boss.

let server: TestServer;
let filesDir: string;
let storage: FileStorage;
let fred: TestClient; // acme builder
let gus: TestClient; // globex
let appId: string;

const HOUR = 60 * 60 * 1000;
const cutOff = () => new Date(Date.now() - ORPHAN_FILE_HOURS * HOUR);

/**
 * The real server works the hourly sweep too: its job is only sent in the first minute of an hour
 * and done within seconds. Keep clear of that window so the sweeps below are the only ones.
 */
async function clearOfTheHourlyRun(): Promise<void> {
  const now = new Date();
  const intoHour = now.getUTCMinutes() * 60 + now.getUTCSeconds();
  if (intoHour >= 59 * 60 + 30) await sleep((3600 - intoHour + 75) * 1000);
  else if (intoHour < 75) await sleep((75 - intoHour) * 1000);
}

const stored = async (tenant: string, key: string) =>
  access(path.join(filesDir, tenant, key.slice(0, 2), key)).then(
    () => true,
    () => false,
  );
const rowOf = async (key: string) =>
  (await server.owner.query('SELECT record_id FROM stored_files WHERE file_key = $1', [key])).rows[0] as
    { record_id: string | null } | undefined;
const backdate = (keys: string[], hours = ORPHAN_FILE_HOURS + 1) =>
  server.owner.query(
    `UPDATE stored_files SET created_on = created_on - $2::float8 * interval '1 hour' WHERE file_key = ANY($1)`,
    [keys, hours],
  );

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'formloop-files-'));
  server = await createTestServer({ FILES_DIR: filesDir });
  storage = createLocalFileStorage(filesDir);
  await server.createUser('acme', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' });
  await server.createUser('globex', { username: 'gus', password: 'gus-pass', kind: 'FULL_USER' });
  fred = server.client('acme');
  await fred.signIn('fred', 'fred-pass');
  gus = server.client('globex');
  await gus.signIn('gus', 'gus-pass');
  appId = await publishApp(fred, 'Claims', [
    section('main', [[field('text', 'title'), field('file', 'receipt')]]),
  ]);
  await clearOfTheHourlyRun();
}, 180_000);
afterAll(async () => {
  await server?.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('sweepOrphanFiles', () => {
  it('removes old uploads no entry took, row and bytes, in every tenant; keeps the rest', async () => {
    const acme = await tenantId(server, 'acme');
    const globex = await tenantId(server, 'globex');
    const inForm = `?moduleId=${appId}&fieldName=receipt`;
    const attached = await uploadOne(server, fred, 'kept.pdf', PDF, inForm);
    const abandoned = await uploadOne(server, fred, 'abandoned.pdf', PDF, inForm);
    const fresh = await uploadOne(server, fred, 'fresh.png', PNG, inForm);
    const theirs = await uploadOne(server, gus, 'theirs.png', PNG);

    // The entry saved with one of them links it (record_id set), as the item editor does.
    const record = await saved(saveRecord(fred, appId, { data: { title: 'Taxi', receipt: attached } }));
    expect((await rowOf(attached.fileKey))?.record_id).toBe(record.id);
    expect((await rowOf(abandoned.fileKey))?.record_id).toBeNull();

    await backdate([attached.fileKey, abandoned.fileKey, theirs.fileKey]);
    // Just inside the window: an upload a day old minus a minute is still someone's open form.
    await backdate([fresh.fileKey], ORPHAN_FILE_HOURS - 1 / 60);
    for (const [tenant, key] of [
      [acme, attached.fileKey],
      [acme, abandoned.fileKey],
      [acme, fresh.fileKey],
      [globex, theirs.fileKey],
    ] as const) {
      expect(await stored(tenant, key), key).toBe(true);
    }

    const removed = await sweepOrphanFiles({
      owner: server.owner,
      storage,
      olderThan: cutOff(),
      batchSize: 500,
    });
    expect(removed).toBe(2);

    // Gone: the row (the API answers 404) and the bytes on disk, in acme and in globex.
    expect(await rowOf(abandoned.fileKey)).toBeUndefined();
    expect(await stored(acme, abandoned.fileKey)).toBe(false);
    expect((await getFile(server, fred, abandoned.fileKey)).statusCode).toBe(404);
    expect(await rowOf(theirs.fileKey)).toBeUndefined();
    expect(await stored(globex, theirs.fileKey)).toBe(false);
    expect((await getFile(server, gus, theirs.fileKey)).statusCode).toBe(404);

    // Kept: the old file of the saved entry and the fresh upload, rows and bytes, still served.
    for (const file of [attached, fresh]) {
      expect(await rowOf(file.fileKey), file.name).toBeDefined();
      expect(await stored(acme, file.fileKey), file.name).toBe(true);
      const got = await getFile(server, fred, file.fileKey);
      expect(got.statusCode, file.name).toBe(200);
    }
    expect((await getFile(server, fred, attached.fileKey)).rawPayload.equals(PDF)).toBe(true);

    // Nothing left to do: a second sweep removes nothing.
    expect(await sweepOrphanFiles({ owner: server.owner, storage, olderThan: cutOff() })).toBe(0);
  });

  it('works through batches, takes missing bytes in its stride, and logs a storage error without stopping', async () => {
    const acme = await tenantId(server, 'acme');
    const files = [];
    for (const name of ['a.png', 'b.png', 'c.png', 'd.png'])
      files.push(await uploadOne(server, fred, name, PNG));
    const [missing, failing, ...rest] = files;
    await backdate(files.map((file) => file.fileKey));
    await storage.remove(acme, missing!.fileKey); // bytes already gone (a crash after an earlier removal)

    const warnings: Array<{ details: object; message: string }> = [];
    const flaky: FileStorage = {
      ...storage,
      remove: async (tenant, key) => {
        if (key === failing!.fileKey) throw new Error('disk on fire');
        return storage.remove(tenant, key);
      },
    };
    const removed = await sweepOrphanFiles({
      owner: server.owner,
      storage: flaky,
      olderThan: cutOff(),
      batchSize: 1,
      log: { warn: (details, message) => warnings.push({ details, message }) },
    });

    expect(removed).toBe(4);
    for (const file of files) expect(await rowOf(file.fileKey), file.name).toBeUndefined();
    for (const file of rest) expect(await stored(acme, file.fileKey), file.name).toBe(false);
    // The failed removal is reported (its bytes stay, unreferenced) and the others went on.
    expect(await stored(acme, failing!.fileKey)).toBe(true);
    expect(warnings).toEqual([
      {
        details: expect.objectContaining({ fileKey: failing!.fileKey, tenantId: acme }),
        message: expect.stringContaining('could not remove'),
      },
    ]);
  });
});

describe('the hourly sweep', () => {
  it('has its queue and an hourly pg-boss schedule, stored once for the installation', async () => {
    const { rows: queues } = await server.owner.query(
      `SELECT name FROM ${JOB_SCHEMA}.queue WHERE name = $1`,
      [ORPHAN_SWEEP_QUEUE],
    );
    expect(queues).toHaveLength(1);
    const { rows } = await server.owner.query(
      `SELECT cron, timezone FROM ${JOB_SCHEMA}.schedule WHERE name = $1`,
      [ORPHAN_SWEEP_QUEUE],
    );
    expect(rows).toEqual([{ cron: ORPHAN_SWEEP_CRON, timezone: 'UTC' }]);
    // Minute field fixed, every other field '*': once an hour.
    expect(rows[0].cron).toMatch(/^[0-5]?\d \* \* \* \*$/);
  });
});
