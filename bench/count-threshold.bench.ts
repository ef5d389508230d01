// Issue 23 item 3: what an exact count of one app's list costs, by the app's size, to choose where
// lists stop counting exactly (EXACT_COUNT_LIMIT, record-query/list-query.ts) and answer the
// planner's estimate instead. The server runs in its own process on its embedded PostgreSQL (as in
// bench/records.bench.ts); one published app grows to each size in turn (rows inserted directly,
// then VACUUM ANALYZE, as autovacuum leaves a table at rest). At each size, in alternating rounds:
//   count     — the list's exact count statement, raw on the app role in the tenant (row-level
//               security as for the API): wall time per statement and PostgreSQL CPU per statement;
//   estimate  — what a list asks instead above the limit: EXPLAIN of the same scope (planning only);
//   api exact — POST datatables with exactCount: true (first page, every count exact);
//   api plain — POST datatables without it (exact up to the limit, the estimate above).
// Run: npm run bench:count   (about four minutes). BENCH_ROUNDS (default 3) rounds
// of BENCH_RUNS (default 50) statements or requests per figure; the figure is the median of the
// rounds' medians. BENCH_SIZES (comma-separated) or fewer rounds/runs make a trial run, which leaves
// bench/RESULTS.md alone.
import { startBenchServer } from './bench-server.ts';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { RECORDS_PATHS } from '@formloop/contracts';
import { EXACT_COUNT_LIMIT } from '../apps/server/src/modules/record-lists/index.ts';
import { cpuSnapshot, type CpuParts } from './cpu-accounting.ts';
import { percentile } from './records-measure.ts';
import { arrangeBenchApp } from './records-seed.ts';
import { waitForIndexBuilds, type Api } from './records-setup.ts';
import { recordResult } from './results.ts';

const FULL_SIZES = [1_000, 10_000, 25_000, 50_000, 100_000, 200_000];
/** "A few milliseconds": what an exact count may cost on every request of a list. */
const COUNT_BUDGET_MS = 3;
const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : FULL_SIZES;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const TRIAL = 'BENCH_SIZES' in process.env || ROUNDS < 3 || RUNS < 50;

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** PostgreSQL backends' CPU seconds between two snapshots (its background processes left out). */
function backendSeconds(before: CpuParts | null, after: CpuParts | null): number {
  if (!before || !after) return Number.NaN;
  let used = 0;
  for (const [pid, { seconds, background }] of after.postgres)
    if (!background) used += seconds - (before.postgres.get(pid)?.seconds ?? 0);
  return used;
}

interface Figure {
  wall: number;
  /** PostgreSQL CPU per statement or request, ms (NaN when not measured). */
  cpu: number;
}

/** `runs` times `work`, one after the other: the median wall time and the mean PostgreSQL CPU, ms. */
async function timed(runs: number, work: () => Promise<unknown>): Promise<Figure> {
  await work(); // warm: plans and pages cached
  const times: number[] = [];
  const before = cpuSnapshot();
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  const after = cpuSnapshot();
  return { wall: median(times), cpu: (backendSeconds(before, after) * 1000) / runs };
}

type Kind = 'count' | 'estimate' | 'api exact' | 'api plain';
const KINDS: Kind[] = ['count', 'estimate', 'api exact', 'api plain'];

async function measureSize(
  app: pg.Pool,
  api: Api,
  moduleId: string,
  tenantId: string,
): Promise<Record<Kind, Figure>> {
  // The scope exactly as the list writes it (scopeSql): the view, the tenant, the app, submitted.
  const scope = `FROM record_list_source r WHERE r.tenant_id = $1::uuid AND r.module_id = $2::uuid AND r.is_draft = false`;
  const values = [tenantId, moduleId];
  const work: Record<Kind, () => Promise<unknown>> = {
    count: () => app.query(`SELECT count(*) AS n ${scope}`, values),
    estimate: () => app.query(`EXPLAIN (FORMAT JSON) SELECT 1 ${scope}`, values),
    'api exact': () => api.post(RECORDS_PATHS.datatables, { moduleId, exactCount: true }),
    'api plain': () => api.post(RECORDS_PATHS.datatables, { moduleId }),
  };
  const rounds: Record<Kind, Figure[]> = { count: [], estimate: [], 'api exact': [], 'api plain': [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const kind of round % 2 === 0 ? KINDS : [...KINDS].reverse())
      rounds[kind].push(await timed(RUNS, work[kind]));
  }
  const pick = (kind: Kind): Figure => ({
    wall: median(rounds[kind].map((figure) => figure.wall)),
    cpu: median(rounds[kind].map((figure) => figure.cpu)),
  });
  return {
    count: pick('count'),
    estimate: pick('estimate'),
    'api exact': pick('api exact'),
    'api plain': pick('api plain'),
  };
}

/** Grows the app to `size` submitted records shaped like bench/records' seed rows. */
async function growTo(owner: pg.Pool, moduleId: string, from: number, size: number) {
  await owner.query(
    `INSERT INTO records (tenant_id, module_id, module_version, is_draft, data, created_on)
     SELECT m.tenant_id, m.id, m.module_version, false, jsonb_build_object(
       'title', 'Entry ' || g || ' ' || md5(g::text), 'amount', (g % 10000) / 100.0,
       'due', to_char(date '2026-01-01' + (g % 365), 'YYYY-MM-DD'),
       'colour', (ARRAY['red','green','blue','amber'])[1 + g % 4], 'paid', g % 2 = 0),
       now() - (g || ' seconds')::interval
     FROM modules m, generate_series($2::int + 1, $3::int) g WHERE m.id = $1`,
    [moduleId, from, size],
  );
  await waitForIndexBuilds(owner);
  await owner.query('VACUUM ANALYZE records');
}

const fmt = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : '–');

async function main() {
  const bench = await startBenchServer('count');
  const { config } = bench;
  const pools: pg.Pool[] = [];
  try {
    const { api, moduleId, owner, tenantId, app } = await arrangeBenchApp(config, pools, 1);

    const lines: string[] = [];
    /** The sizes up to the first whose count went over the budget. */
    let withinBudget = 0;
    let overBudget = false;
    let size = 0;
    for (const next of SIZES) {
      await growTo(owner, moduleId, size, next);
      size = next;
      const figures = await measureSize(app, api, moduleId, tenantId);
      const line = `| ${size.toLocaleString('en-US')} | ${fmt(figures.count.wall)} | ${fmt(figures.count.cpu)} | ${fmt(figures.estimate.wall)} | ${fmt(figures['api exact'].wall)} | ${fmt(figures['api plain'].wall)} |`;
      console.log(line, `load ${loadavg()[0]!.toFixed(1)}`);
      lines.push(line);
      if (!overBudget && figures.count.wall <= COUNT_BUDGET_MS) withinBudget = size;
      else overBudget = true;
    }
    const body = [
      `One app's submitted records (5 fields; its list indexes), grown to each size by INSERT and VACUUM ANALYZE; the server in its own process on its embedded PostgreSQL. ${ROUNDS} alternating rounds of ${RUNS} statements or requests per figure, one at a time; each figure is the median of the rounds' medians. count: \`SELECT count(*)\` of the list's scope (record_list_source, tenant, app, submitted) raw on the app role in the tenant; CPU: PostgreSQL backend CPU per count; estimate: EXPLAIN of the same scope (what a list asks above the limit); api: POST datatables, first page of 10, with \`exactCount: true\` and without (EXACT_COUNT_LIMIT ${EXACT_COUNT_LIMIT.toLocaleString('en-US')} when measured). Load average (1 min) at the end: ${loadavg()[0]!.toFixed(1)}.`,
      '',
      '| records | count ms | count CPU ms | estimate ms | api exact ms | api plain ms |',
      '| --- | --- | --- | --- | --- | --- |',
      ...lines,
      '',
      `The largest size whose exact count took at most ${COUNT_BUDGET_MS} ms: ${withinBudget.toLocaleString('en-US')} records. EXACT_COUNT_LIMIT (record-query/list-query.ts) is ${EXACT_COUNT_LIMIT.toLocaleString('en-US')}: lists count exactly up to it and answer the planner's estimate ("about N") above, unless the user asks for the exact figure (exactCount). The API columns show what that saves: without exactCount, lists above the limit no longer pay for the count.`,
    ].join('\n');
    console.log(body);
    if (!TRIAL) await recordResult('Exact counts', body);
  } finally {
    for (const pool of pools) await pool.end();
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
