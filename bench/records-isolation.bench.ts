// Issue 23's must-show for record storage per app (ADR 0013), measured in one run on this machine:
//   a. growth — the narrow bench app (records-setup.ts, 5 fields) listed at 10k, 100k and 1M records
//      (LIST_REQUEST of records-phases: contains + equality + sort + first page), loaded through the
//      import endpoint between measurements: p95 flat where an index serves the filter;
//   b. isolation — 20 other apps of 10–500 fields (text, number, date, dropdown; published through the
//      Editor API, so their indexes are the product's own) with 50,000 records each over 10 tenants;
//      the narrow app's list p95 and create (submit) rate with them present ÷ absent, ≤ 1.15 both.
//      Absent = their partitions DETACHed from records (invisible to the planner and to inserts),
//      present = re-ATTACHed (their CHECK <partition>_app spares the scan): alternating rounds, in
//      turn present-first and absent-first, nothing else restarted or cleared in between;
//   c. republish — a 100-field app at 1,000,000 records gains three fields and is published again
//      while record creates to it go on at a steady rate: time until its index builds finished, and
//      the writes' successes, failures and p95 during the republish against before it.
// Run: npm run bench:isolation   (own server process and embedded PostgreSQL in a temporary folder;
// about an hour at full scale, mostly loading records). Other tenants are made on the owner pool by
// the demo seed (tenant and system administrator, as the server makes its first) and reached with
// their Host header. The narrow app's records are written through the import endpoint, the product's
// bulk path; the other apps' with SQL (seedWide), as their loading is set-up.
// Knobs (any of them set = a trial run, printed but not written to bench/RESULTS.md):
//   BENCH_NARROW_RECORDS (1000000), BENCH_OTHER_APPS (20), BENCH_OTHER_RECORDS (50000),
//   BENCH_TENANTS (10), BENCH_REPUBLISH_RECORDS (1000000), BENCH_SECONDS (10, one load),
//   BENCH_ROUNDS (5), BENCH_WARMUP_SECONDS (45), BENCH_WRITE_RATE (20 creates/s during c),
//   BENCH_WRITES_BEFORE_SECONDS (30), BENCH_PHASES (growth,isolation,republish).
// BENCH_KEEP_DATA=1 keeps the data folder. Medians are of rounds; p95 is over every request of a load.
import { startBenchServer } from './bench-server.ts';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { RECORDS_PATHS } from '@formloop/contracts';
import { type Config } from '../apps/server/src/platform/config/config.ts';
import { httpLoad, ms, percentile, type Measured } from './records-measure.ts';
import { ACCEPT_ENCODING, LIST_REQUEST, ROUNDS } from './records-phases.ts';
import {
  PASSWORD,
  appIndexes,
  createWideApp,
  dropAppIndexes,
  growthFiles,
  ensureIndexes,
  importFile,
  partitionOf,
  saveAndPublish,
  setPartitions,
  settleIndexBuilds,
  tenantClients,
  wideFields,
  type TenantClient,
  type WideField,
} from './records-isolation-setup.ts';
import { seedWide } from './records-isolation-seed.ts';
import { startWriter, type Write } from './records-isolation-writer.ts';
import { ownerPool, publishBenchApp, signIn, type Api } from './records-setup.ts';
import { recordResult } from './results.ts';

const KNOBS = {
  BENCH_NARROW_RECORDS: 1_000_000,
  BENCH_OTHER_APPS: 20,
  BENCH_OTHER_RECORDS: 50_000,
  BENCH_TENANTS: 10,
  BENCH_REPUBLISH_RECORDS: 1_000_000,
  BENCH_SECONDS: 10,
  BENCH_WARMUP_SECONDS: 45,
  BENCH_WRITE_RATE: 20,
  BENCH_WRITES_BEFORE_SECONDS: 30,
};
const knob = (name: keyof typeof KNOBS) => Number(process.env[name] ?? KNOBS[name]);
const NARROW = knob('BENCH_NARROW_RECORDS');
const OTHER_APPS = knob('BENCH_OTHER_APPS');
const OTHER_RECORDS = knob('BENCH_OTHER_RECORDS');
const TENANTS = knob('BENCH_TENANTS');
const REPUBLISH_RECORDS = knob('BENCH_REPUBLISH_RECORDS');
const SECONDS = knob('BENCH_SECONDS');
const WARM_UP = knob('BENCH_WARMUP_SECONDS');
const WRITE_RATE = knob('BENCH_WRITE_RATE');
const WRITES_BEFORE = knob('BENCH_WRITES_BEFORE_SECONDS');
const PHASES = new Set((process.env.BENCH_PHASES ?? 'growth,isolation,republish').split(','));
const TRIAL = [...Object.keys(KNOBS), 'BENCH_PHASES'].some((name) => name in process.env) || ROUNDS < 3;
const BUDGET = 1.15;
/** Growth counted as flat: the list's p95 at a step within this factor of the first step's. */
const FLAT = 1.5;
/** The issue's spread of field counts; fewer apps take them evenly from it, ends included. */
const FIELD_COUNTS = [
  10, 25, 50, 75, 100, 125, 150, 175, 200, 225, 250, 275, 300, 325, 350, 375, 400, 425, 450, 500,
];
const fieldCounts = (apps: number) =>
  Array.from({ length: apps }, (_u, i) =>
    apps === 1 ? 100 : FIELD_COUNTS[Math.round((i * (FIELD_COUNTS.length - 1)) / (apps - 1))]!,
  );
const NARROW_MAPPING = { Title: 'title', Amount: 'amount', Due: 'due', Colour: 'colour', Paid: 'paid' };
const CREATE_DATA = { title: 'Bench order', amount: 1234.5, due: '2026-11-22', colour: 'red', paid: true };
const LIST_CONNECTIONS = 2;
const CREATE_CONNECTIONS = 4;

const since = (started: number) => (performance.now() - started) / 1000;
const load = () => loadavg()[0]!.toFixed(1);
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const count = (n: number) => n.toLocaleString('en-US');
const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

/** Wall time of each phase, for the log (and the estimate of a full run from a trial). */
const timings: Array<[string, number]> = [];
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  log(`${name} …`);
  const result = await work();
  timings.push([name, since(started)]);
  log(`${name}: ${since(started).toFixed(1)} s (load ${load()})`);
  return result;
}

const headersOf = (api: Api) => ({
  authorization: `Bearer ${api.token}`,
  'content-type': 'application/json',
  'accept-encoding': ACCEPT_ENCODING,
});
const loads = (api: Api, moduleId: string) => ({
  list: (seconds: number) =>
    httpLoad({
      url: `${api.base}${RECORDS_PATHS.datatables}`,
      method: 'POST',
      headers: headersOf(api),
      body: JSON.stringify(LIST_REQUEST(moduleId)),
      connections: LIST_CONNECTIONS,
      seconds,
    }),
  create: (seconds: number) =>
    httpLoad({
      url: `${api.base}${RECORDS_PATHS.submit}`,
      method: 'POST',
      headers: headersOf(api),
      body: JSON.stringify({ moduleId, data: CREATE_DATA }),
      connections: CREATE_CONNECTIONS,
      seconds,
    }),
});

interface Context {
  config: Config;
  api: Api;
  narrow: string;
  owner: pg.Pool;
  clients: TenantClient[];
  notes: string[];
  loadsAt: string[];
}

/** a. The narrow app listed as it grows: ROUNDS loads at each step, the median round's p95. */
async function growth(ctx: Context): Promise<string[]> {
  const steps = [10_000, 100_000, 1_000_000].filter((n) => n < NARROW).concat(NARROW);
  const files = await timed('a. writing the seed CSV', () => growthFiles(ctx.config.dataDir, steps));
  const { list } = loads(ctx.api, ctx.narrow);
  const lines: string[] = [];
  const first: Measured[] = [];
  for (const [i, step] of steps.entries()) {
    const rows = step - (steps[i - 1] ?? 0);
    await timed(`a. import of ${count(rows)} rows to ${count(step)}`, async () => {
      await importFile(ctx.clients[0]!, ctx.narrow, NARROW_MAPPING, files[i]!, rows);
      await rm(files[i]!);
      await ctx.owner.query('VACUUM ANALYZE records'); // what autovacuum does after a bulk load
    });
    const rounds = await timed(`a. list at ${count(step)}`, async () => {
      const warm = i === 0 ? WARM_UP : Math.min(5, WARM_UP);
      for (let s = 0; s < warm; s += 5) log(`  warm-up: ${(await list(Math.min(5, warm - s))).cpu}`);
      const measured: Measured[] = [];
      for (let round = 0; round < ROUNDS; round += 1) measured.push(await list(SECONDS));
      return measured;
    });
    const p95 = median(rounds.map((m) => m.p95));
    const mid = [...rounds].sort((a, b) => a.p95 - b.p95)[Math.floor((rounds.length - 1) / 2)]!;
    if (i === 0) first.push(mid);
    const growthRatio = p95 / first[0]!.p95;
    lines.push(
      `| a. list at ${count(step)} records (${LIST_CONNECTIONS} clients) | p95 ${ms(p95)} (p50 ${ms(mid.p50)}, ${mid.rate.toFixed(0)}/s) | ${i === 0 ? 'baseline' : `×${growthRatio.toFixed(2)} of the p95 at ${count(steps[0]!)}; flat ≤ ×${FLAT}`} | ${i === 0 ? '' : growthRatio <= FLAT ? 'flat' : 'GROWS'} |`,
    );
    ctx.notes.push(
      `List at ${count(step)}: rounds' p95 ${rounds.map((m) => m.p95.toFixed(1)).join(', ')} ms; ${mid.cpu}.`,
    );
  }
  const indexes = await appIndexes(ctx.owner, ctx.narrow);
  ctx.notes.push(`The narrow app's indexes: ${indexes.join(', ') || 'none'}.`);
  return lines;
}

/**
 * A published wide app's records: its indexes (built by publishing) dropped, the records written
 * with SQL (seedWide: the import's values, without its parsing; loading them is set-up, not what is
 * measured, and through the import a 500-field app's 50,000 rows took 6 minutes), then the indexes its published definition asks built again by ensureRecordIndexes (the product's
 * index rule, built once over the data instead of maintained row by row: the load is not measured),
 * then VACUUM ANALYZE of its partition, as autovacuum would.
 */
async function loadWide(
  ctx: Context,
  client: TenantClient,
  id: string,
  fields: WideField[],
  records: number,
  failures: string[],
): Promise<void> {
  await settleIndexBuilds(ctx.owner);
  await dropAppIndexes(ctx.owner, id);
  await seedWide(ctx.owner, id, fields, 1, records);
  const { failed } = await ensureIndexes(ctx.owner, id);
  if (failed) failures.push(failed);
  await ctx.owner.query(`VACUUM ANALYZE ${partitionOf(id)}`);
}

interface StateFigures {
  list: Measured;
  create: Measured;
}

/** b. The other apps and tenants, then alternating present/absent rounds. */
async function isolation(ctx: Context): Promise<string[]> {
  const counts = fieldCounts(OTHER_APPS);
  const others: string[] = [];
  const buildFailures: string[] = [];
  let indexCount = 0;
  await timed(
    `b. ${OTHER_APPS} apps of ${counts.join(', ')} fields, ${count(OTHER_RECORDS)} records each`,
    async () => {
      for (const [i, fields] of counts.entries()) {
        const client = ctx.clients[i % ctx.clients.length]!;
        const started = performance.now();
        const spec = wideFields(fields);
        const id = await createWideApp(client, `Wide ${fields}`, spec);
        await loadWide(ctx, client, id, spec, OTHER_RECORDS, buildFailures);
        const indexes = (await appIndexes(ctx.owner, id)).length;
        indexCount += indexes;
        others.push(id);
        log(
          `  ${fields} fields (tenant ${client.label}): ${indexes} indexes, ${since(started).toFixed(1)} s`,
        );
      }
      await settleIndexBuilds(ctx.owner);
    },
  );
  if (buildFailures.length > 0)
    ctx.notes.push(`Index builds failed for ${buildFailures.length} of the other apps: ${buildFailures[0]}`);
  const { list, create } = loads(ctx.api, ctx.narrow);
  const figures: Record<'present' | 'absent', StateFigures[]> = { present: [], absent: [] };
  const switches: number[] = [];
  await timed(`b. ${ROUNDS} rounds present/absent`, async () => {
    const warm = Math.max(1, Math.round(WARM_UP / 3));
    log(`  warm-up: list ${(await list(warm)).cpu}; create ${(await create(warm)).cpu}`);
    for (let round = 0; round < ROUNDS; round += 1) {
      const order = round % 2 === 0 ? (['present', 'absent'] as const) : (['absent', 'present'] as const);
      for (const state of order) {
        switches.push(await setPartitions(ctx.owner, others, state === 'present'));
        const measured = { list: await list(SECONDS), create: await create(SECONDS) };
        figures[state].push(measured);
        log(
          `  round ${round + 1} ${state}: list p95 ${ms(measured.list.p95)}, create ${measured.create.rate.toFixed(0)}/s`,
        );
      }
    }
    await setPartitions(ctx.owner, others, true);
  });
  const listRatios = figures.present.map((p, i) => p.list.p95 / figures.absent[i]!.list.p95);
  const createRatios = figures.present.map((p, i) => p.create.rate / figures.absent[i]!.create.rate);
  const listRatio = median(listRatios);
  const createRatio = median(createRatios);
  const verdict = (slowdown: number) => (slowdown <= BUDGET ? 'within budget' : 'OVER BUDGET');
  const pick = (state: 'present' | 'absent', f: (s: StateFigures) => number) => median(figures[state].map(f));
  ctx.notes.push(
    `Isolation: ${OTHER_APPS} other apps (${counts.join(', ')} fields; ${indexCount} indexes on their partitions) over ${ctx.clients.length} tenants; switching their partitions took ${switches.map((s) => s.toFixed(2)).join(', ')} s. Ratios present ÷ absent by round — list p95 ${listRatios.map((r) => r.toFixed(2)).join(', ')}; create rate ${createRatios.map((r) => r.toFixed(2)).join(', ')}.`,
    `Isolation, list present ${figures.present[0]!.list.cpu}; absent ${figures.absent[0]!.list.cpu} (first round).`,
    `Isolation, create present ${figures.present[0]!.create.cpu}; absent ${figures.absent[0]!.create.cpu} (first round).`,
  );
  return [
    `| b. list p95, other apps present / absent (${LIST_CONNECTIONS} clients) | ${ms(pick('present', (s) => s.list.p95))} / ${ms(pick('absent', (s) => s.list.p95))} | | |`,
    `| b. list p95 present ÷ absent (median of ${ROUNDS} rounds) | ${listRatio.toFixed(2)} | ≤ ${BUDGET} | ${verdict(listRatio)} |`,
    `| b. creates/s, other apps present / absent (${CREATE_CONNECTIONS} clients) | ${pick('present', (s) => s.create.rate).toFixed(0)} / ${pick('absent', (s) => s.create.rate).toFixed(0)} (p95 ${ms(pick('present', (s) => s.create.p95))} / ${ms(pick('absent', (s) => s.create.p95))}) | | |`,
    `| b. create rate present ÷ absent (median of ${ROUNDS} rounds) | ${createRatio.toFixed(2)} (slowdown ×${(1 / createRatio).toFixed(2)}) | slowdown ≤ ${BUDGET} | ${verdict(1 / createRatio)} |`,
  ];
}

const writeFigures = (writes: Write[]) => {
  const ok = writes.filter((w) => w.ok).map((w) => w.ms);
  const sorted = ok.sort((a, b) => a - b);
  return `${count(sorted.length)} ok, ${count(writes.length - sorted.length)} failed, p95 ${ms(percentile(sorted, 95))} (p50 ${ms(percentile(sorted, 50))}, max ${ms(sorted.at(-1) ?? Number.NaN)})`;
};

/** c. A 100-field app at REPUBLISH_RECORDS records republished with three more fields under writes. */
async function republish(ctx: Context): Promise<string[]> {
  const client = ctx.clients[0]!;
  const fields = wideFields(100);
  const id = await timed(`c. 100-field app with ${count(REPUBLISH_RECORDS)} records`, async () => {
    const made = await createWideApp(client, 'Republish 100', fields);
    const failures: string[] = [];
    await loadWide(ctx, client, made, fields, REPUBLISH_RECORDS, failures);
    if (failures[0]) ctx.notes.push(`Republish app, first publish: index build failed: ${failures[0]}`);
    return made;
  });
  const before = await appIndexes(ctx.owner, id);
  const writer = startWriter(client, id, fields, WRITE_RATE);
  await new Promise((resolve) => setTimeout(resolve, WRITES_BEFORE * 1000));
  const republished = performance.now();
  const { answered, settled, failed } = await timed(
    'c. republish until its index builds finished',
    async () => {
      // Three new fields, one of each indexed kind, marked as the builder's fast filter fields: they
      // come first in the index plan, so it gains their indexes and (at the cap) drops others.
      const added = [
        { name: 'added_text', type: 'text' as const },
        { name: 'added_amount', type: 'number' as const },
        { name: 'added_due', type: 'date' as const },
      ];
      await saveAndPublish(client, id, [...fields, ...added], {
        indexedFields: added.map((field) => field.name),
      });
      return { answered: since(republished), ...(await ensureIndexes(ctx.owner, id)) };
    },
  );
  // The server's builds ended when last seen running; the benchmark's own ensureRecordIndexes after
  // them (built what was missing, if anything) ended now.
  const checked = since(republished);
  const built = (settled - republished) / 1000;
  const until = settled;
  await writer.stop();
  const after = await appIndexes(ctx.owner, id);
  const added = after.filter((name) => !before.includes(name)).length;
  const dropped = before.filter((name) => !after.includes(name)).length;
  if (failed) ctx.notes.push(`Republish: index build failed: ${failed}`);
  if (added + dropped === 0)
    ctx.notes.push('Republish: the index plan did not change (no index added or dropped).');
  const duringWrites = writer.writes.filter((w) => w.at >= republished && w.at < until);
  const beforeWrites = writer.writes.filter((w) => w.at < republished);
  const lateWrites = writer.writes.filter((w) => w.at >= until);
  const firstError = writer.writes.find((w) => !w.ok)?.error;
  ctx.notes.push(
    `Republish: ${count(REPUBLISH_RECORDS)} records, ${before.length} → ${after.length} indexes (${added} added, ${dropped} dropped); publish answered after ${answered.toFixed(1)} s; the builds' end is when the server's were last seen running (pg_stat_progress_create_index / _analyze), and the check that every planned index exists is the benchmark's own ensureRecordIndexes after them; writes at ${WRITE_RATE}/s through POST submit (${count(lateWrites.length)} sent after the builds ended, not counted)${firstError ? `; first failure: ${firstError}` : ''}.`,
  );
  return [
    `| c. republish of a 100-field app at ${count(REPUBLISH_RECORDS)} records (+3 fields marked as fast filter fields), until its index builds finished | ${built.toFixed(1)} s (indexes checked complete at ${checked.toFixed(1)} s) | | |`,
    `| c. creates at ${WRITE_RATE}/s before the republish (${WRITES_BEFORE} s) | ${writeFigures(beforeWrites)} | | |`,
    `| c. creates at ${WRITE_RATE}/s during the republish | ${writeFigures(duringWrites)} | | ${duringWrites.some((w) => !w.ok) ? 'WRITES FAILED' : ''} |`,
  ];
}

async function run(config: Config, pools: pg.Pool[]): Promise<void> {
  const base = `http://127.0.0.1:${config.PORT}`;
  const api = await signIn(base, 'admin', PASSWORD);
  const owner = await ownerPool(config);
  pools.push(owner);
  const ctx: Context = {
    config,
    api,
    owner,
    narrow: '',
    clients: [],
    notes: [],
    loadsAt: [`start ${load()}`],
  };
  await timed('setup: narrow app and tenants', async () => {
    ctx.narrow = await publishBenchApp(api);
    const { failed } = await ensureIndexes(owner, ctx.narrow);
    if (failed) ctx.notes.push(`The narrow app's index build failed: ${failed}`);
    ctx.clients = await tenantClients(owner, base, config.BASE_DOMAIN, config.DEFAULT_TENANT, TENANTS);
  });
  // The growth phase loads the narrow app; without it, load it in one go.
  const growthLines = PHASES.has('growth')
    ? await growth(ctx)
    : await timed('a. (skipped) narrow app load', async () => {
        const [file] = await growthFiles(config.dataDir, [NARROW]);
        await importFile(ctx.clients[0]!, ctx.narrow, NARROW_MAPPING, file!, NARROW);
        await owner.query('VACUUM ANALYZE records');
        return [];
      });
  ctx.loadsAt.push(`after a ${load()}`);
  const isolationLines = PHASES.has('isolation') ? await isolation(ctx) : [];
  ctx.loadsAt.push(`after b ${load()}`);
  const republishLines = PHASES.has('republish') ? await republish(ctx) : [];
  ctx.loadsAt.push(`after c ${load()}`);

  const table = [
    '| what | measured | budget / against | verdict |',
    '|---|---|---|---|',
    ...growthLines,
    ...isolationLines,
    ...republishLines,
  ].join('\n');
  console.log(`\n${table}\n`);
  for (const note of ctx.notes) console.log(note);
  console.log(`Load average (1 min): ${ctx.loadsAt.join(', ')}.`);
  console.log(`Phases: ${timings.map(([name, s]) => `${name} ${s.toFixed(0)} s`).join('; ')}.`);
  if (TRIAL) return;
  await recordResult(
    'Record storage isolation (issue 23)',
    [
      `The narrow bench app (5 fields) grown to ${count(NARROW)} records through the CSV import (list measured at each step); ${OTHER_APPS} other apps of ${fieldCounts(OTHER_APPS).join(', ')} fields (text, number, date, dropdown) with ${count(OTHER_RECORDS)} records each over ${TENANTS} tenants, published through the Editor API and imported; then a 100-field app at ${count(REPUBLISH_RECORDS)} records republished under ${WRITE_RATE} creates/s. The server runs in its own process, autocannon in the benchmark's; PostgreSQL is embedded on the same machine. Loads run ${SECONDS} s; ${ROUNDS} rounds per measurement (isolation rounds alternate present-first and absent-first; "absent" = the other apps' partitions detached from records); the table shows medians of rounds; p95 is over every request of a load.`,
      '',
      table,
      '',
      ...ctx.notes,
      '',
      `Load average (1 min) of the machine during the run: ${ctx.loadsAt.join(', ')}. Phases: ${timings.map(([name, s]) => `${name} ${s.toFixed(0)} s`).join('; ')}.`,
    ].join('\n'),
  );
}

async function main() {
  const bench = await startBenchServer('isolation');
  const pools: pg.Pool[] = [];
  try {
    await run(bench.config, pools);
  } catch (error) {
    console.error(`server output (last 3000 characters):\n${bench.server.output().slice(-3000)}`);
    throw error;
  } finally {
    for (const pool of pools) await pool.end();
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
