// Budgets (issue 24, "Benchmark bench/dashboards"), measured in one run on this machine:
//   a. a dashboard of 4 cards over the 1M-record app of bench/records (count by status; sum of a
//      number field by month; top 10 of a dropdown field; time in a workflow activity), each card
//      computed afresh (refresh) through POST /api/form/dashboard/{id}/card/{cardId}, against the
//      same SQL statements on records and workflow tasks sent raw with pg: API p95 ≤ 1.25× raw p95;
//   b. the same cards answered from the card cache: p95 ≤ 30 ms;
//   c. a submitted record makes the next read of a card fresh (cached: false, one more record);
//   d. XLSX export of a 100,000-row report ≤ 3× the CSV export of the same rows, server RSS growth
//      ≤ 200 MB during either.
// Run: npm run bench:dashboards   (own embedded PostgreSQL in a temporary folder; about 15 minutes)
// BENCH_ROUNDS (default 5) sets the alternating (raw, API) rounds; BENCH_RECORDS (default 1000000)
// and BENCH_SECONDS (default 10) shorten a trial run, which then does not touch bench/RESULTS.md.
import { readFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import {
  DASHBOARD_PATHS,
  RECORDS_PATHS,
  REPORT_PATHS,
  dashboardCardPath,
  reportExportJobFilePath,
  reportExportJobPath,
  type ReportExportJob,
  type DashboardCardResult,
  type SaveDashboardBody,
} from '@formloop/contracts';
import { startBenchServer } from './bench-server.ts';
import { httpLoad, ms, rawLoad, type Measured } from './records-measure.ts';
import {
  ROUNDS,
  alternatingRounds,
  captureStatements,
  headersOf,
  ratiosNote,
  type Statement,
} from './records-phases.ts';
import { arrangeBenchApp, ensureListIndexes, importCsv, withCaptureServer } from './records-seed.ts';
import { writeSeedCsv, type Api } from './records-setup.ts';
import { recordResult } from './results.ts';

const FULL_ROWS = 1_000_000;
const ROWS = Number(process.env.BENCH_RECORDS ?? FULL_ROWS);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 2;
/** Records that went through the review activity (a workflow instance and a task each). */
const REVIEWED = Math.min(200_000, ROWS);
/** The export's rows: amounts below this are 100 of the seed's 1,000 amounts, a tenth of the records. */
const EXPORT_AMOUNT_BELOW = 1990;
const EXPORT_ROUNDS = 3;
const RSS_POLL_MS = 50;

const seconds = (since: number) => (performance.now() - since) / 1000;
const load = () => loadavg()[0]!.toFixed(1);
type Verdict = 'within budget' | 'OVER BUDGET';
const verdict = (ok: boolean): Verdict => (ok ? 'within budget' : 'OVER BUDGET');

/** The four cards (issue 24's list), over the bench app. */
function dashboardOf(moduleId: string): SaveDashboardBody {
  return {
    name: 'Bench dashboard',
    sharing: 'private',
    cards: [
      {
        id: 'bystatus',
        type: 'chart',
        title: 'Records by status',
        definition: { moduleId, groupBy: [{ field: 'status' }], measures: [{ aggregate: 'count' }] },
      },
      {
        id: 'bymonth',
        type: 'chart',
        title: 'Amount by month',
        definition: {
          moduleId,
          groupBy: [{ field: 'due', grain: 'month' }],
          measures: [{ aggregate: 'sum', field: 'amount' }],
        },
      },
      {
        id: 'topcolours',
        type: 'chart',
        title: 'Top 10 colours',
        definition: {
          moduleId,
          groupBy: [{ field: 'colour' }],
          measures: [{ aggregate: 'count' }],
          sort: [{ measure: 0, dir: 'desc' }],
          limit: 10,
        },
      },
      {
        id: 'review',
        type: 'workflow',
        title: 'Time in review',
        workflow: { moduleId, metric: 'timeInActivity' },
      },
    ],
  };
}

/**
 * Every fifth record of the first REVIEWED went through a review activity: a finished workflow
 * instance and a task each (one in twenty still open, one in ten rejected), taking 1–72 hours, started
 * over the last 200 days. Written with SQL: the workflow metrics read workflow_tasks, whoever wrote it.
 */
async function seedReviews(owner: pg.Pool, moduleId: string): Promise<void> {
  await owner.query(
    `WITH r AS (
       SELECT id, tenant_id, module_id, module_version FROM records WHERE module_id = $1 ORDER BY id LIMIT $2
     ), i AS (
       INSERT INTO workflow_instances (tenant_id, module_id, record_id, module_version, status, state, started_on)
       SELECT tenant_id, module_id, id, module_version, 'Finished', '{}'::jsonb,
              now() - make_interval(days => (random() * 200)::int)
       FROM r RETURNING id, tenant_id, module_id, record_id, started_on
     ), t AS (SELECT i.*, random() AS open, random() AS reject, 1 + random() * 71 AS hours FROM i)
     INSERT INTO workflow_tasks (tenant_id, module_id, record_id, instance_id, activity_id, activity_title,
                                 task_type, status, started_on, completed_on, outcome)
     SELECT tenant_id, module_id, record_id, id, 'review', 'Review', 'Approval',
            CASE WHEN open < 0.05 THEN 'Open' ELSE 'Completed' END, started_on,
            CASE WHEN open < 0.05 THEN NULL ELSE started_on + make_interval(hours => hours::int) END,
            CASE WHEN open < 0.05 THEN NULL WHEN reject < 0.1 THEN 'Reject' ELSE 'Approve' END
     FROM t`,
    [moduleId, REVIEWED],
  );
  await owner.query('ANALYZE workflow_instances, workflow_tasks');
}

/** Statements of a card that read its data: the app's records (or their list view) and its tasks. */
const READS_DATA = /\b(records|record_list_source|workflow_tasks)\b/i;
const isQuery = (statement: Statement) => /^\s*(SELECT|WITH)\b/i.test(statement.text);

const cardRequest = (dashboardId: string, cardId: string, refresh: boolean) => ({
  path: dashboardCardPath(dashboardId, cardId),
  body: JSON.stringify(refresh ? { filterValues: {}, refresh: true } : { filterValues: {} }),
});

/** The server process's resident memory, in MB (/proc). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/**
 * One export, watching the server's RSS: seconds from the request until the file is downloaded,
 * bytes and RSS growth over the start. Exports of more than REPORT_EXPORT_BACKGROUND_ROWS rows run in
 * the background (202): the status is asked every 100 ms until completed, then the file fetched.
 */
async function timedExport(api: Api, pid: number, body: object) {
  const before = await rssMb(pid);
  let peak = before;
  const watch = setInterval(() => {
    void rssMb(pid).then((rss) => (peak = Math.max(peak, rss)));
  }, RSS_POLL_MS);
  const started = performance.now();
  // Uncompressed: the export's own cost, not the compressor's.
  const headers = { ...headersOf(api), 'accept-encoding': 'identity' };
  try {
    let res = await fetch(`${api.base}${REPORT_PATHS.export}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    if (res.status === 202) {
      const { id } = ((await res.json()) as { data: ReportExportJob }).data;
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const job = await api.get<ReportExportJob>(reportExportJobPath(id));
        if (job.status === 'failed') throw new Error(`export failed: ${job.error}`);
        if (job.status === 'completed') break;
      }
      res = await fetch(`${api.base}${reportExportJobFilePath(id)}`, { headers });
    }
    if (!res.ok) throw new Error(`export: ${res.status} ${await res.text()}`);
    const bytes = (await res.arrayBuffer()).byteLength;
    return {
      seconds: seconds(started),
      bytes,
      growth: peak - before,
      background: res.url.includes('/exports/'),
    };
  } finally {
    clearInterval(watch);
  }
}

async function run(bench: Awaited<ReturnType<typeof startBenchServer>>, pools: pg.Pool[]) {
  const { config } = bench;
  const { api, moduleId, owner, app } = await arrangeBenchApp(config, pools, 4);
  await ensureListIndexes(owner, moduleId);
  const csvFile = path.join(config.dataDir, 'seed.csv');
  await writeSeedCsv(csvFile, ROWS);
  const imported = await importCsv(api, moduleId, csvFile, ROWS);
  console.log(`seeded ${ROWS} records in ${imported.seconds.toFixed(1)} s`);
  await seedReviews(owner, moduleId);
  await owner.query('VACUUM ANALYZE records');

  const { id: dashboardId } = await api.post<{ id: string }>(DASHBOARD_PATHS.save, dashboardOf(moduleId));
  const cardIds = dashboardOf(moduleId).cards!.map((card) => card.id);
  const sample: Record<string, DashboardCardResult> = {};
  for (const cardId of cardIds) {
    const request = cardRequest(dashboardId, cardId, true);
    sample[cardId] = await api.post<DashboardCardResult>(request.path, JSON.parse(request.body));
  }
  console.log(`cards: ${JSON.stringify(sample).slice(0, 600)}`);

  // The statements each card sends PostgreSQL for its data, captured from the same server code.
  const statements = await withCaptureServer(config, async (capture) => {
    const perCard: Statement[][] = [];
    for (const cardId of cardIds) {
      const request = cardRequest(dashboardId, cardId, true);
      await capture.post(request.path, JSON.parse(request.body));
      const seen = await captureStatements(async () => {
        await capture.post(request.path, JSON.parse(request.body));
      });
      perCard.push(seen.filter((s) => isQuery(s) && READS_DATA.test(s.text)));
    }
    return perCard;
  });
  statements.forEach((list, index) => {
    if (list.length === 0) throw new Error(`card ${cardIds[index]} read no data`);
    console.log(`  ${cardIds[index]}: ${list.length} statements`);
  });

  const loads: string[] = [`before the cards ${load()}`];
  // a. uncached: each sample is one card, the four in turn, on both sides.
  let next = 0;
  const uncached = await alternatingRounds({
    raw: () =>
      rawLoad(app, CONNECTIONS, SECONDS, async (client) => {
        const card = statements[next++ % statements.length]!;
        for (const s of card) await client.query(s.text, s.values);
      }),
    api: (duration: number) =>
      httpLoad({
        url: api.base,
        method: 'POST',
        headers: headersOf(api),
        sequence: cardIds.map((cardId) => cardRequest(dashboardId, cardId, true)),
        connections: CONNECTIONS,
        seconds: duration,
      }),
    seconds: SECONDS,
    ratio: (http, raw) => http.p95 / raw.p95,
  });
  loads.push(`after them ${load()}`);

  // b. cached: the same cards without refresh (every answer from the cache after the first).
  const cachedRounds: Measured[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    cachedRounds.push(
      await httpLoad({
        url: api.base,
        method: 'POST',
        headers: headersOf(api),
        sequence: cardIds.map((cardId) => cardRequest(dashboardId, cardId, false)),
        connections: CONNECTIONS,
        seconds: SECONDS,
      }),
    );
    console.log(
      `  cached round ${round + 1}: p95 ${ms(cachedRounds[round]!.p95)}; ${cachedRounds[round]!.cpu}`,
    );
  }
  const cached = [...cachedRounds].sort((a, b) => a.p95 - b.p95)[Math.floor((ROUNDS - 1) / 2)]!;
  loads.push(`after the cached loads ${load()}`);

  // c. a write makes the next read fresh.
  const count = (card: DashboardCardResult) =>
    card.kind === 'report' && card.result.kind === 'grouped'
      ? card.result.rows.reduce((sum, row) => sum + Number(row.measures[0] ?? 0), 0)
      : Number.NaN;
  const status = cardRequest(dashboardId, 'bystatus', false);
  const before = await api.post<DashboardCardResult>(status.path, JSON.parse(status.body));
  await api.post(RECORDS_PATHS.submit, {
    moduleId,
    data: { title: 'Fresh', amount: 1, due: '2026-11-28', colour: 'red', paid: true },
  });
  const after = await api.post<DashboardCardResult>(status.path, JSON.parse(status.body));
  const fresh =
    before.kind === 'report' &&
    before.cached &&
    after.kind === 'report' &&
    !after.cached &&
    count(after) === count(before) + 1;

  // d. exports of the same 100k rows, CSV then XLSX, alternating.
  const exportBody = (format: 'csv' | 'xlsx') => ({
    definition: {
      moduleId,
      columns: ['title', 'amount', 'due', 'colour', 'paid'],
      filters: [{ field: 'amount', operator: 'lt', value: EXPORT_AMOUNT_BELOW }],
    },
    filters: [],
    search: '',
    format,
    language: 'en',
    name: 'Bench export',
  });
  const { rows: matched } = await owner.query<{ n: string }>(
    `SELECT count(*) AS n FROM records WHERE module_id = $1 AND (data->>'amount')::numeric < $2`,
    [moduleId, EXPORT_AMOUNT_BELOW],
  );
  const exportRows = Number(matched[0]!.n);
  const pid = bench.server.child.pid!;
  await timedExport(api, pid, exportBody('csv'));
  const exports: Array<{
    csv: Awaited<ReturnType<typeof timedExport>>;
    xlsx: Awaited<ReturnType<typeof timedExport>>;
  }> = [];
  for (let round = 0; round < EXPORT_ROUNDS; round += 1) {
    const csv = await timedExport(api, pid, exportBody('csv'));
    const xlsx = await timedExport(api, pid, exportBody('xlsx'));
    exports.push({ csv, xlsx });
    console.log(
      `  export round ${round + 1}: CSV ${csv.seconds.toFixed(2)} s (${csv.bytes} bytes, RSS +${csv.growth.toFixed(0)} MB), XLSX ${xlsx.seconds.toFixed(2)} s (${xlsx.bytes} bytes, RSS +${xlsx.growth.toFixed(0)} MB)`,
    );
  }
  loads.push(`after the exports ${load()}`);
  const exportRatios = exports.map((e) => e.xlsx.seconds / e.csv.seconds);
  const medianExport = [...exports].sort(
    (a, b) => a.xlsx.seconds / a.csv.seconds - b.xlsx.seconds / b.csv.seconds,
  )[Math.floor((EXPORT_ROUNDS - 1) / 2)]!;
  const growth = Math.max(...exports.flatMap((e) => [e.csv.growth, e.xlsx.growth]));
  const exportRatio = medianExport.xlsx.seconds / medianExport.csv.seconds;

  const { raw, http, ratio } = uncached.median;
  const table = [
    '| what | measured | budget | verdict |',
    '|---|---|---|---|',
    `| a. card SQL raw (${CONNECTIONS} clients, the 4 cards in turn) | p95 ${ms(raw.p95)} (p50 ${ms(raw.p50)}, ${raw.rate.toFixed(0)}/s) | baseline | |`,
    `| a. POST card with refresh (${CONNECTIONS} clients, the 4 cards in turn) | p95 ${ms(http.p95)} (p50 ${ms(http.p50)}, ${http.rate.toFixed(0)}/s) | | |`,
    `| a. uncached API p95 / raw p95 | ${ratio.toFixed(2)} | ≤ 1.25 | ${verdict(ratio <= 1.25)} |`,
    `| b. POST card from the cache | p95 ${ms(cached.p95)} (p50 ${ms(cached.p50)}, ${cached.rate.toFixed(0)}/s) | ≤ 30 ms | ${verdict(cached.p95 <= 30)} |`,
    `| c. read after a submit | ${fresh ? 'fresh (cached: false, one record more)' : 'STALE'} | fresh | ${verdict(fresh)} |`,
    `| d. CSV export of ${exportRows.toLocaleString('en-US')} rows | ${medianExport.csv.seconds.toFixed(2)} s (${(medianExport.csv.bytes / 1e6).toFixed(1)} MB) | baseline | |`,
    `| d. XLSX export of the same rows | ${medianExport.xlsx.seconds.toFixed(2)} s (${(medianExport.xlsx.bytes / 1e6).toFixed(1)} MB) | | |`,
    `| d. XLSX / CSV | ${exportRatio.toFixed(2)} | ≤ 3 | ${verdict(exportRatio <= 3)} |`,
    `| d. server RSS growth during an export (largest of ${EXPORT_ROUNDS * 2}) | ${growth.toFixed(0)} MB | ≤ 200 MB | ${verdict(growth <= 200)} |`,
  ].join('\n');
  console.log(table);
  if (ROWS !== FULL_ROWS || ROUNDS < 3) return;
  const perCard = statements.map((list, index) => `${cardIds[index]} ${list.length}`).join(', ');
  await recordResult(
    'Dashboards',
    [
      `${ROWS.toLocaleString('en-US')} records of the bench/records app (seeded through the CSV import, then VACUUM ANALYZE), ${REVIEWED.toLocaleString('en-US')} of them through a review activity (a workflow instance and task each, written with SQL). A dashboard of 4 cards: records by status (count), amount by month (sum), the top 10 colours (count, descending), time in review (workflow metrics). The server runs in its own process with its embedded PostgreSQL; autocannon and the raw pg loops share another. Each load runs ${SECONDS} s with ${CONNECTIONS} clients, each client sending the four cards in turn; ${ROUNDS} alternating rounds of raw then API (the table shows the median round's ratio), after a 45 s warm-up.`,
      '',
      table,
      '',
      `Raw side: the statements reading records, their list view or workflow tasks that each card's request sent (captured from the same server code in the benchmark's process; per card ${perCard}), replayed with their parameters by pg clients of the app role with the tenant set for the session. The rest of the API's work (session, dashboard, app and zone reads, the cache stamp's clock) is what the ratio prices.`,
      `Uncached ${http.cpu} (raw side: ${raw.cpu}).`,
      `Uncached: ${ratiosNote(uncached.ratios)}`,
      `Cached: ${ROUNDS} loads, p95 in order ${cachedRounds.map((r) => ms(r.p95)).join(', ')} (median shown); ${cached.cpu}.`,
      `Exports: ${EXPORT_ROUNDS} rounds of CSV then XLSX of the plain report (5 columns, amount below ${EXPORT_AMOUNT_BELOW}) through POST ${REPORT_PATHS.export}${medianExport.csv.background ? ' (more rows than REPORT_EXPORT_BACKGROUND_ROWS: a background export, its status asked every 100 ms, then its file)' : ''}, timed until the file's last byte; ratios in order ${exportRatios.map((r) => r.toFixed(2)).join(', ')}; RSS of the server process polled every ${RSS_POLL_MS} ms, growth over its value when the export started.`,
      '',
      `Load average (1 min): ${loads.join(', ')}.`,
    ].join('\n'),
  );
}

async function main() {
  const bench = await startBenchServer('dashboards');
  const pools: pg.Pool[] = [];
  try {
    await run(bench, pools);
  } finally {
    for (const pool of pools) await pool.end();
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
