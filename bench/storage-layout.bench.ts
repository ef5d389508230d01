// Issue 23's choice of record storage, measured (ADR 0013). One embedded PostgreSQL, two layouts of
// the same data side by side, in alternating rounds:
//   shared      — the old layout: one `records` table for every app, each app's list indexes partial
//                 (WHERE module_id = <app>) on it, as record-indexes.ts built them before;
//   partitioned — `records` LIST-partitioned by module_id, one partition per app, each app's indexes
//                 plain indexes on its own partition.
// A narrow app (5 fields, BENCH_NARROW rows) is measured with and without two wide apps (500 and 100
// fields, their btree and trigram indexes: ~900 indexes, the case) present in the same layout:
//   plan     — planning time of the list statement (contains + equality + sort + first page), warm;
//   cold     — the first list statement on a new connection (catalog caches empty), wall time;
//   list     — the list statement's wall time (median and p95 of BENCH_LIST_RUNS);
//   create   — single-row INSERTs per second on one connection (BENCH_SECONDS).
// Run: npm run bench:storage   (about four minutes). BENCH_ROUNDS (default 3) rounds; the
// verdict is each figure's median. Results go to bench/RESULTS.md ("Record storage layout"); BENCH_NARROW,
// BENCH_WIDE_ROWS, BENCH_LIST_RUNS and BENCH_SECONDS shorten a trial run, which leaves RESULTS.md alone.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/platform/database/embedded-postgres.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { percentile } from './records-measure.ts';
import { recordResult } from './results.ts';

const NARROW_ROWS = Number(process.env.BENCH_NARROW ?? 200_000);
const WIDE_ROWS = Number(process.env.BENCH_WIDE_ROWS ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const COLD_RUNS = 5;
/** A shortened run (any size set) prints its figures but leaves bench/RESULTS.md alone. */
const TRIAL = ['BENCH_NARROW', 'BENCH_WIDE_ROWS', 'BENCH_LIST_RUNS', 'BENCH_SECONDS'].some(
  (name) => name in process.env,
);

const TENANT = '00000000-0000-4000-8000-000000000001';
const NARROW = '10000000-0000-4000-8000-000000000001';
const WIDE = [
  { id: '20000000-0000-4000-8000-000000000500', fields: 500 },
  { id: '20000000-0000-4000-8000-000000000100', fields: 100 },
];
type Layout = 'shared' | 'partitioned';
const LAYOUTS: Layout[] = ['shared', 'partitioned'];

const hex = (id: string) => id.replace(/-/g, '');
const partitionOf = (id: string) => `records_${hex(id)}`;

/** A narrow app's and a wide app's list indexes: btree (value, id) per field, trigram per text field. */
function indexStatements(layout: Layout, moduleId: string, fields: string[], textFields: Set<string>) {
  const table = layout === 'shared' ? `${layout}.records` : `${layout}.${partitionOf(moduleId)}`;
  const where = layout === 'shared' ? `WHERE module_id = '${moduleId}'` : '';
  return fields.flatMap((field, i) => {
    const name = `rl_${hex(moduleId).slice(-12)}_${i}`;
    const value = `(data ->> '${field}')`;
    const out = [`CREATE INDEX ${name}_b ON ${table} USING btree (${value}, id) ${where}`];
    if (textFields.has(field))
      out.push(`CREATE INDEX ${name}_t ON ${table} USING gin (${value} gin_trgm_ops) ${where}`);
    return out;
  });
}

async function createLayout(db: pg.Client, layout: Layout) {
  await db.query(`CREATE SCHEMA ${layout}`);
  const columns = `id uuid NOT NULL DEFAULT gen_random_uuid(), tenant_id uuid NOT NULL, module_id uuid NOT NULL,
    data jsonb NOT NULL DEFAULT '{}', created_on timestamptz NOT NULL DEFAULT now()`;
  if (layout === 'shared') {
    await db.query(`CREATE TABLE shared.records (${columns}, PRIMARY KEY (id))`);
  } else {
    await db.query(
      `CREATE TABLE partitioned.records (${columns}, PRIMARY KEY (module_id, id)) PARTITION BY LIST (module_id)`,
    );
  }
}

async function addApp(db: pg.Client, layout: Layout, moduleId: string, fieldCount: number, rows: number) {
  if (layout === 'partitioned') {
    await db.query(
      `CREATE TABLE partitioned.${partitionOf(moduleId)} PARTITION OF partitioned.records FOR VALUES IN ('${moduleId}')`,
    );
  }
  const fields = Array.from({ length: fieldCount }, (_v, i) => `f${i}`);
  // Half the fields are text (btree + trigram), half numbers (btree): about 1.5 indexes a field.
  const textFields = new Set(fields.filter((_f, i) => i % 2 === 0));
  const object = fields
    .map((field, i) =>
      textFields.has(field) ? `'${field}', 'v' || (g % ${97 + i})` : `'${field}', g % ${89 + i}`,
    )
    .join(', ');
  // jsonb_build_object takes at most 100 arguments: build in chunks and concatenate.
  const parts = object.split(/, (?='f)/);
  const chunks: string[] = [];
  for (let i = 0; i < parts.length; i += 40)
    chunks.push(`jsonb_build_object(${parts.slice(i, i + 40).join(', ')})`);
  await db.query(
    `INSERT INTO ${layout}.records (tenant_id, module_id, data)
     SELECT '${TENANT}', '${moduleId}', ${chunks.join(' || ')} FROM generate_series(1, ${rows}) g`,
  );
  for (const statement of indexStatements(layout, moduleId, fields, textFields)) await db.query(statement);
}

async function addNarrow(db: pg.Client, layout: Layout) {
  if (layout === 'partitioned') {
    await db.query(
      `CREATE TABLE partitioned.${partitionOf(NARROW)} PARTITION OF partitioned.records FOR VALUES IN ('${NARROW}')`,
    );
  }
  await db.query(
    `INSERT INTO ${layout}.records (tenant_id, module_id, data, created_on)
     SELECT '${TENANT}', '${NARROW}', jsonb_build_object(
       'title', 'Entry ' || g || ' ' || md5(g::text), 'amount', (g % 10000) / 100.0,
       'due', to_char(date '2026-01-01' + (g % 365), 'YYYY-MM-DD'),
       'colour', (ARRAY['red','green','blue','amber'])[1 + g % 4], 'paid', g % 2 = 0),
       now() - (g || ' seconds')::interval
     FROM generate_series(1, ${NARROW_ROWS}) g`,
  );
  const fields = ['title', 'amount', 'due', 'colour'];
  for (const statement of indexStatements(layout, NARROW, fields, new Set(['title', 'colour']))) {
    await db.query(statement);
  }
}

async function dropWide(db: pg.Client, layout: Layout) {
  for (const app of WIDE) {
    if (layout === 'partitioned') {
      await db.query(`DROP TABLE partitioned.${partitionOf(app.id)}`);
    } else {
      const { rows } = await db.query<{ name: string }>(
        `SELECT indexrelid::regclass::text AS name FROM pg_index WHERE indrelid = 'shared.records'::regclass
           AND indexrelid::regclass::text LIKE $1`,
        [`shared.rl_${hex(app.id).slice(-12)}%`],
      );
      for (const row of rows) await db.query(`DROP INDEX ${row.name}`);
      await db.query(`DELETE FROM shared.records WHERE module_id = $1`, [app.id]);
    }
  }
  await db.query(`VACUUM ANALYZE ${layout}.records`);
}

const LIST = (layout: Layout) => ({
  text: `SELECT id, data FROM ${layout}.records r
          WHERE r.module_id = $1 AND r.tenant_id = $2
            AND (r.data ->> 'title') ILIKE $3 AND (r.data ->> 'colour') = $4
          ORDER BY (r.data ->> 'due') DESC, r.id LIMIT 10`,
  values: [NARROW, TENANT, '%7a%', 'red'],
});

/** The p-th percentile as bench/records takes it (records-measure.ts). */
const at = (values: number[], p: number) =>
  percentile(
    [...values].sort((a, b) => a - b),
    p,
  );
const median = (values: number[]) => at(values, 50);
const p95 = (values: number[]) => at(values, 95);

interface Figures {
  planMs: number;
  coldMs: number;
  listMedianMs: number;
  listP95Ms: number;
  createPerS: number;
}

async function measure(url: string, layout: Layout): Promise<Figures> {
  const cold: number[] = [];
  for (let i = 0; i < COLD_RUNS; i += 1) {
    const fresh = new pg.Client({ connectionString: url });
    await fresh.connect();
    const started = performance.now();
    await fresh.query(LIST(layout));
    cold.push(performance.now() - started);
    await fresh.end();
  }
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const list = LIST(layout);
  for (let i = 0; i < 10; i += 1) await db.query(list);
  const plans: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const { rows } = await db.query<{ 'QUERY PLAN': Array<{ 'Planning Time': number }> }>({
      text: `EXPLAIN (SUMMARY, FORMAT JSON) ${list.text}`,
      values: list.values,
    });
    plans.push(rows[0]!['QUERY PLAN'][0]!['Planning Time']);
  }
  const times: number[] = [];
  for (let i = 0; i < LIST_RUNS; i += 1) {
    const started = performance.now();
    await db.query(list);
    times.push(performance.now() - started);
  }
  let created = 0;
  const until = performance.now() + SECONDS * 1000;
  while (performance.now() < until) {
    await db.query(`INSERT INTO ${layout}.records (tenant_id, module_id, data) VALUES ($1, $2, $3)`, [
      TENANT,
      NARROW,
      { title: `New ${created}`, amount: created % 100, due: '2026-06-01', colour: 'red', paid: false },
    ]);
    created += 1;
  }
  await db.end();
  return {
    planMs: median(plans),
    coldMs: median(cold),
    listMedianMs: median(times),
    listP95Ms: p95(times),
    createPerS: created / SECONDS,
  };
}

const fmt = (value: number, digits = 2) => value.toFixed(digits);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'formloop-storage-'));
  const { chmod } = await import('node:fs/promises');
  await chmod(dataDir, 0o777);
  const pgHandle = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'pg'),
    port: await freePort(),
    superuserPassword: 'bench',
  });
  const url = pgHandle.url('postgres');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const seeded = performance.now();
    for (const layout of LAYOUTS) {
      await createLayout(db, layout);
      await addNarrow(db, layout);
    }
    const results: Record<string, Figures[]> = {};
    const run = async (state: 'present' | 'absent') => {
      for (let round = 0; round < ROUNDS; round += 1) {
        for (const layout of round % 2 === 0 ? LAYOUTS : [...LAYOUTS].reverse()) {
          const figures = await measure(url, layout);
          (results[`${layout} ${state}`] ??= []).push(figures);
          console.log(`${layout} ${state} round ${round + 1}`, figures, `load ${loadavg()[0]!.toFixed(1)}`);
        }
      }
    };
    for (const layout of LAYOUTS) {
      for (const app of WIDE) await addApp(db, layout, app.id, app.fields, WIDE_ROWS);
      await db.query(`VACUUM ANALYZE ${layout}.records`);
    }
    const counts = await db.query<{ layout: string; n: number }>(
      `SELECT n.nspname AS layout, count(*)::int AS n FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname IN ('shared','partitioned') GROUP BY 1`,
    );
    console.log('seeded in', fmt((performance.now() - seeded) / 1000, 0), 's; indexes', counts.rows);
    await run('present');
    for (const layout of LAYOUTS) await dropWide(db, layout);
    await run('absent');

    const summary = (key: string) => {
      const list = results[key]!;
      const pick = (f: (x: Figures) => number) => median(list.map(f));
      return {
        plan: pick((x) => x.planMs),
        cold: pick((x) => x.coldMs),
        median: pick((x) => x.listMedianMs),
        p95: pick((x) => x.listP95Ms),
        create: pick((x) => x.createPerS),
      };
    };
    const rows = LAYOUTS.flatMap((layout) =>
      (['present', 'absent'] as const).map((state) => {
        const s = summary(`${layout} ${state}`);
        return `| ${layout} | ${state} | ${fmt(s.plan)} | ${fmt(s.cold, 1)} | ${fmt(s.median)} | ${fmt(s.p95)} | ${fmt(s.create, 0)} |`;
      }),
    );
    const ratio = (layout: Layout) => {
      const present = summary(`${layout} present`);
      const absent = summary(`${layout} absent`);
      return `${layout}: list p95 ×${fmt(present.p95 / absent.p95)}, plan ×${fmt(present.plan / absent.plan)}, cold ×${fmt(present.cold / absent.cold)}, create ×${fmt(present.create / absent.create)}`;
    };
    const body = [
      `Narrow app of ${NARROW_ROWS.toLocaleString('en-US')} records (5 fields, 6 list indexes); two wide apps (500 and 100 fields, ${WIDE_ROWS.toLocaleString('en-US')} records each, ~${counts.rows.find((r) => r.layout === 'shared')?.n ?? '?'} indexes in all) present, then dropped. Same embedded PostgreSQL, both layouts side by side, ${ROUNDS} alternating rounds; medians of the rounds. Plan: planning time of the list statement (contains + equality + sort + first page); cold: that statement on a new connection; list: ${LIST_RUNS} runs; create: single-row INSERTs on one connection for ${SECONDS} s. Load average at the end: ${loadavg()[0]!.toFixed(1)}.`,
      '',
      '| layout | wide apps | plan ms | cold ms | list median ms | list p95 ms | creates/s |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...rows,
      '',
      `Present ÷ absent — ${ratio('shared')}; ${ratio('partitioned')}.`,
    ].join('\n');
    console.log(body);
    if (!TRIAL) await recordResult('Record storage layout', body);
  } finally {
    await db.end();
    await pgHandle.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
