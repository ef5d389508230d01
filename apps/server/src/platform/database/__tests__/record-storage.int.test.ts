import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { APP_ROLE, MIGRATIONS_DIR, runMigrations, upgradeRecordStorage } from '@formloop/db';

// Issue 23 / ADR 0013: an installation made before the per-app layout moves its records into their
// apps' partitions on upgrade, resumably and losing nothing. The database here is made by the
// migrations as they were before 0014 (the same files, the journal cut there) and filled in the
// shapes the app wrote then: two tenants, drafts and submitted records, comments, a workflow
// instance with its task and history.

const { port, superuserPassword, appPassword } = inject('pg');
const url = (db: string, user = 'postgres', password = superuserPassword) =>
  `postgres://${user}:${password}@127.0.0.1:${port}/${db}`;
const dbName = `up_${randomBytes(6).toString('hex')}`;
let owner: pg.Pool;
let folder: string;

const ACME = '0a000000-0000-4000-8000-000000000001';
const GLOBEX = '0a000000-0000-4000-8000-000000000002';
const WIDE = '0b000000-0000-4000-8000-000000000001';
const SMALL = '0b000000-0000-4000-8000-000000000002';
const OTHER = '0b000000-0000-4000-8000-000000000003';

/** Every record as JSON, in id order: what must come out of the upgrade unchanged. */
async function allRecords(): Promise<unknown[]> {
  const { rows } = await owner.query(`SELECT to_jsonb(r) AS row FROM records r ORDER BY id`);
  return rows.map((row: { row: unknown }) => row.row);
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'formloop-mig-'));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === '0014_records_by_app');
  expect(cut).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, cut);
  await writeFile(journalPath, JSON.stringify(journal));

  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  owner = new pg.Pool({ connectionString: url(dbName), max: 6 });
  await runMigrations(owner, { migrationsFolder: folder });

  await owner.query(
    `INSERT INTO tenants (id, name, label) VALUES ($1, 'Acme', 'acme'), ($2, 'Globex', 'globex')`,
    [ACME, GLOBEX],
  );
  await owner.query(
    `INSERT INTO modules (id, tenant_id, display_name, module_draft) VALUES
       ($1, $4, 'Wide', '{}'), ($2, $4, 'Small', '{}'), ($3, $5, 'Other', '{}')`,
    [WIDE, SMALL, OTHER, ACME, GLOBEX],
  );
  await owner.query(
    `INSERT INTO records (tenant_id, module_id, module_version, data, is_draft, submitted_on, created_on)
     SELECT $1, $2, 1, jsonb_build_object('n', g, 'title', 'Record ' || g), g % 7 = 0,
            CASE WHEN g % 7 = 0 THEN NULL ELSE now() END, now() - g * interval '1 minute'
       FROM generate_series(1, 12345) g`,
    [ACME, WIDE],
  );
  await owner.query(
    `INSERT INTO records (tenant_id, module_id, module_version, data) SELECT $1, $2, 2, '{"a":1}' FROM generate_series(1, 30)`,
    [ACME, SMALL],
  );
  await owner.query(
    `INSERT INTO records (tenant_id, module_id, module_version, data) SELECT $1, $2, 1, '{"b":2}' FROM generate_series(1, 40)`,
    [GLOBEX, OTHER],
  );
  await owner.query(
    `INSERT INTO record_comments (tenant_id, module_id, record_id, message)
     SELECT tenant_id, module_id, id, 'Looks right' FROM records WHERE module_id = $1 ORDER BY id LIMIT 3`,
    [WIDE],
  );
  const { rows: instance } = await owner.query<{ id: string; record_id: string }>(
    `INSERT INTO workflow_instances (tenant_id, module_id, record_id, module_version, status, state)
     SELECT tenant_id, module_id, id, 1, 'Suspended', '{}' FROM records WHERE module_id = $1 ORDER BY id DESC LIMIT 1
     RETURNING id, record_id`,
    [WIDE],
  );
  await owner.query(
    `INSERT INTO workflow_tasks (tenant_id, module_id, record_id, instance_id, activity_id, activity_title, task_type)
     VALUES ($1, $2, $3, $4, 'approve', 'Approve', 'Approval')`,
    [ACME, WIDE, instance[0]!.record_id, instance[0]!.id],
  );
  await owner.query(
    `INSERT INTO workflow_history (tenant_id, module_id, record_id, instance_id, activity_id, activity_type, activity_name, action_type)
     VALUES ($1, $2, $3, $4, 'start', 'Start', 'Start', 'Started')`,
    [ACME, WIDE, instance[0]!.record_id, instance[0]!.id],
  );
});

afterAll(async () => {
  await owner?.end();
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('upgrading to records partitioned by app', () => {
  it('moves every record into its app’s partition, resuming after an interruption, and loses nothing', async () => {
    const before = await allRecords();
    expect(before).toHaveLength(12415);
    const { rows: kind } = await owner.query(`SELECT relkind FROM pg_class WHERE relname = 'records'`);
    expect(kind[0].relkind).toBe('r');

    // 0014 itself: the new layout, the old table aside, every app's partition made.
    await runMigrations(owner, {
      onRecordMove: () => {
        throw new Error('stop after the first batch');
      },
    }).catch((error: Error) => expect(error.message).toBe('stop after the first batch'));
    const { rows: layout } = await owner.query(
      `SELECT (SELECT relkind FROM pg_class WHERE relname = 'records') AS kind,
              to_regclass('records_unpartitioned') IS NOT NULL AS legacy,
              (SELECT array_agg(app_record_partition(id) ORDER BY id) FROM modules) AS wanted,
              (SELECT array_agg(c.relname::text ORDER BY c.relname) FROM pg_inherits i
                 JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'records'::regclass) AS partitions`,
    );
    expect(layout[0]).toMatchObject({ kind: 'p', legacy: true });
    expect(layout[0].partitions).toEqual([...layout[0].wanted].sort());

    // Interrupted part-way, again with small batches: some rows moved, the rest still in the old
    // table, none in both, none lost.
    let batches = 0;
    await expect(
      upgradeRecordStorage(owner, {
        batchRows: 100,
        onProgress: () => {
          if (++batches === 4) throw new Error('power cut');
        },
      }),
    ).rejects.toThrow('power cut');
    const { rows: split } = await owner.query(
      `SELECT (SELECT count(*)::int FROM records) AS moved, (SELECT count(*)::int FROM records_unpartitioned) AS left,
              (SELECT count(*)::int FROM records r JOIN records_unpartitioned u USING (id)) AS both`,
    );
    expect(split[0].moved).toBeGreaterThan(0);
    expect(split[0].left).toBeGreaterThan(0);
    expect(split[0]).toMatchObject({ both: 0 });
    expect(split[0].moved + split[0].left).toBe(12415);

    // The next start goes on from there and finishes.
    await runMigrations(owner);
    expect(await allRecords()).toEqual(before);
    const { rows: after } = await owner.query(
      `SELECT to_regclass('records_unpartitioned') IS NULL AS dropped,
              (SELECT bool_and(convalidated) FROM pg_constraint WHERE conname LIKE '%\\_record\\_fk') AS validated,
              (SELECT count(*)::int FROM records_0b000000000040008000000000000001) AS wide,
              (SELECT count(*)::int FROM record_comments) AS comments,
              (SELECT count(*)::int FROM workflow_tasks) AS tasks,
              (SELECT count(*)::int FROM workflow_history) AS history`,
    );
    expect(after[0]).toEqual({
      dropped: true,
      validated: true,
      wide: 12345,
      comments: 3,
      tasks: 1,
      history: 1,
    });
    // A finished upgrade is not done twice.
    expect(await upgradeRecordStorage(owner)).toEqual({ moved: 0 });
  });

  it('after the upgrade, the app role reads its tenant’s records only, and a record’s rows go with it', async () => {
    const app = new pg.Client({ connectionString: url(dbName, APP_ROLE, appPassword) });
    await app.connect();
    try {
      await app.query('BEGIN');
      await app.query(`SELECT set_config('app.tenant_id', $1, true)`, [ACME]);
      const { rows: listed } = await app.query(
        `SELECT count(*)::int AS n FROM record_list_source WHERE module_id = $1 AND NOT is_draft`,
        [WIDE],
      );
      expect(listed[0].n).toBe(12345 - Math.floor(12345 / 7));
      const { rows: foreign } = await app.query(
        `SELECT count(*)::int AS n FROM records WHERE module_id = $1`,
        [OTHER],
      );
      expect(foreign[0].n).toBe(0);
      // Deleting a record deletes its workflow and comments (the (module_id, record_id) keys).
      await app.query(
        `DELETE FROM records WHERE module_id = $1 AND id IN (SELECT record_id FROM workflow_instances WHERE module_id = $1)`,
        [WIDE],
      );
      const { rows: gone } = await app.query(
        `SELECT (SELECT count(*)::int FROM workflow_tasks) AS tasks, (SELECT count(*)::int FROM workflow_history) AS history`,
      );
      expect(gone[0]).toEqual({ tasks: 0, history: 0 });
      await app.query('ROLLBACK');
    } finally {
      await app.end();
    }
  });

  it('deleting an app or a tenant drops its storage in the same statement', async () => {
    const storage = async (moduleId: string) => {
      const { rows } = await owner.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_class WHERE relname LIKE app_record_partition($1) || '%'`,
        [moduleId],
      );
      return rows[0]!.n;
    };
    expect(await storage(SMALL)).toBeGreaterThan(0);
    expect(await storage(OTHER)).toBeGreaterThan(0);
    await owner.query(`DELETE FROM modules WHERE id = $1`, [SMALL]);
    await owner.query(`DELETE FROM tenants WHERE id = $1`, [GLOBEX]);
    // The partition, its key, its list index and any field index are gone with it.
    expect([await storage(SMALL), await storage(OTHER)]).toEqual([0, 0]);
    const { rows } = await owner.query(
      `SELECT (SELECT count(*)::int FROM records) AS records,
              (SELECT count(*)::int FROM pg_inherits WHERE inhparent = 'records'::regclass) AS partitions`,
    );
    expect(rows[0]).toEqual({ records: 12345, partitions: 1 });
  });

  it('deleting an app whose index is being built stops the build instead of deadlocking with it', async () => {
    // Publishing builds indexes CONCURRENTLY; such a build waits for every older transaction while
    // holding a lock on the partition, and the app's delete needs that partition: without the
    // trigger stopping the build first, the delete and the build wait for each other.
    const reader = await owner.connect();
    const builder = await owner.connect();
    const deleter = await owner.connect();
    try {
      await reader.query('BEGIN');
      await reader.query('SELECT count(*) FROM records WHERE module_id = $1', [WIDE]);
      const { rows: named } = await owner.query<{ name: string }>('SELECT app_record_partition($1) AS name', [
        WIDE,
      ]);
      const partition = named[0]!.name;
      const build = builder
        .query(`CREATE INDEX CONCURRENTLY storage_test_idx ON ${partition} ((data->>'title'))`)
        .then(
          () => 'built',
          (error: Error) => error.message,
        );
      for (let i = 0; i < 100; i++) {
        const { rows } = await owner.query(
          'SELECT 1 FROM pg_stat_progress_create_index WHERE relid = to_regclass($1)',
          [partition],
        );
        if (rows.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const removal = deleter.query('DELETE FROM modules WHERE id = $1', [WIDE]).then(
        () => 'deleted',
        (error: Error) => error.message,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await reader.query('COMMIT');
      expect(await removal).toBe('deleted');
      expect(await build).toMatch(/cancel/i);
      const { rows } = await owner.query('SELECT to_regclass($1) AS partition', [partition]);
      expect(rows[0].partition).toBeNull();
    } finally {
      await reader.query('ROLLBACK').catch(() => undefined);
      reader.release();
      builder.release();
      deleter.release();
    }
  });
});
