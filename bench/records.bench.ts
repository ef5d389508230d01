// Budgets (DESIGN.md), measured in one run on this machine against raw baselines:
//   a. CSV import of 1,000,000 rows ≤ 60 s (the import's own COPY-speed bulk path);
//   b. record list (contains + equality + sort + first page) at 1M records: API p95 ≤ 1.5× the same
//      SQL statements run raw with pg, and ≤ 50 ms;
//   c. record create (submit) ≥ 0.4× the raw single-row INSERT rate at the same concurrency.
// Run: npm run bench:records   (own embedded PostgreSQL in a temporary folder; a few minutes)
// BENCH_ROUNDS (default 5) sets the alternating (raw, API) rounds per phase; the verdict is the median.
// BENCH_RECORDS (default 1000000), BENCH_SECONDS (default 10) and BENCH_PHASES (default list,create)
// shorten a trial run, which then does not touch bench/RESULTS.md. BENCH_KEEP_DATA=1 leaves the data
// folder (and its seeded PostgreSQL) in place for EXPLAIN work afterwards; BENCH_PROFILE_DIR=<dir>
// writes a CPU profile of the server process there (node --cpu-prof). Requests carry a browser's
// Accept-Encoding (list answers go out compressed, as to the web app); BENCH_ACCEPT_ENCODING=identity
// measures them uncompressed.
import { startBenchServer } from './bench-server.ts';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { Config } from '../apps/server/src/platform/config/config.ts';
import { ROUNDS, createBenchmark, listBenchmark, type PhaseResult, type Verdict } from './records-phases.ts';
import { arrangeBenchApp, ensureListIndexes, importCsv, withCaptureServer } from './records-seed.ts';
import { writeSeedCsv } from './records-setup.ts';
import { recordResult } from './results.ts';

const FULL_ROWS = 1_000_000;
const ROWS = Number(process.env.BENCH_RECORDS ?? FULL_ROWS);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const IMPORT_BUDGET_S = 60;
const PHASES = new Set((process.env.BENCH_PHASES ?? 'list,create').split(','));

const seconds = (since: number) => (performance.now() - since) / 1000;
/** The machine's 1-minute load average: other work on a shared machine slows every phase. */
const load = () => loadavg()[0]!.toFixed(1);

async function run(config: Config, pools: pg.Pool[]): Promise<void> {
  const { api, moduleId, owner, tenantId, app } = await arrangeBenchApp(config, pools, 8);
  await ensureListIndexes(owner, moduleId);

  const csvFile = path.join(config.dataDir, 'seed.csv');
  const generated = performance.now();
  await writeSeedCsv(csvFile, ROWS);
  console.log(`CSV of ${ROWS} rows written in ${seconds(generated).toFixed(1)} s`);

  const loads: string[] = [];
  console.log('a. import');
  loads.push(`before the import ${load()}`);
  const imported = await importCsv(api, moduleId, csvFile, ROWS);
  const importVerdict: Verdict = imported.seconds <= IMPORT_BUDGET_S ? 'within budget' : 'OVER BUDGET';
  console.log(
    `  ${ROWS} rows in ${imported.seconds.toFixed(1)} s, answered after ${imported.answered.toFixed(1)} s`,
  );
  // What autovacuum does after a bulk load, done now so the plans are the steady-state ones.
  await owner.query('VACUUM ANALYZE records');

  loads.push(`after it ${load()}`);
  const skipped: PhaseResult = { lines: [], notes: [] };
  console.log('b. list');
  const list = PHASES.has('list')
    ? await withCaptureServer(config, (capture) =>
        listBenchmark({ api, capture, moduleId, owner, app, seconds: SECONDS }),
      )
    : skipped;
  loads.push(`after the list ${load()}`);
  console.log('c. create');
  const create = PHASES.has('create')
    ? await createBenchmark({ api, moduleId, app, seconds: SECONDS, tenantId })
    : skipped;

  loads.push(`after the creates ${load()}`);
  const table = [
    '| what | measured | budget | verdict |',
    '|---|---|---|---|',
    `| a. CSV import of ${ROWS.toLocaleString('en-US')} rows (POST import → status completed) | ${imported.seconds.toFixed(1)} s (${Math.round(ROWS / imported.seconds).toLocaleString('en-US')} rows/s) | ≤ ${IMPORT_BUDGET_S} s | ${importVerdict} |`,
    ...list.lines,
    ...create.lines,
  ].join('\n');
  console.log(table);
  for (const note of [...list.notes, ...create.notes])
    if (note.includes('CPU per request')) console.log(note);
  // A trial (fewer rows, one phase, fewer rounds) is not a result.
  if (ROWS !== FULL_ROWS || list === skipped || create === skipped || ROUNDS < 3) return;
  await recordResult(
    'Records',
    [
      `${ROWS.toLocaleString('en-US')} records of one app (text, number, date, dropdown, switch; the list indexes publishing creates) seeded through the CSV import, then VACUUM ANALYZE. The server runs in its own Node process (src/main.ts); autocannon and the raw pg loops share another; PostgreSQL is embedded on the same machine. Loads run ${SECONDS} s each, in ${ROUNDS} alternating rounds of raw then API per phase (the verdict is the median round's); p95 is over every request of a load.`,
      '',
      table,
      '',
      `The import answered its upload after ${imported.answered.toFixed(1)} s; the time above runs until the status says completed.`,
      ...list.notes,
      ...create.notes,
      '',
      `Load average (1 min) of the machine during the run: ${loads.join(', ')}.`,
    ].join('\n'),
  );
}

async function main() {
  // The server runs in its own process, as in production: autocannon and the raw pg loops in this
  // one must not queue on the server's event loop (they would slow the API side only).
  const profileDir = process.env.BENCH_PROFILE_DIR;
  const bench = await startBenchServer('records', {
    nodeArgs: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  });
  const pools: pg.Pool[] = [];
  try {
    await run(bench.config, pools);
  } finally {
    for (const pool of pools) await pool.end();
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
