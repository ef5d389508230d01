import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_PATHS, recordPath, type IndexProgress } from '@formloop/contracts';
import { INDEX_CAP, type ModuleDefinition } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { MISSING_ID, P, saveForm } from '../../apps/__tests__/app-fixtures.ts';
import {
  ensureRecordIndexes,
  recordIndexPlan,
  reconcileRecordIndexes,
  recordPartitionOf,
  recordStatisticsPlan,
} from '../record-indexes.ts';
import { buildListQuery, pageSql } from '../record-query/list-query.ts';
import { EXACT_COUNT_LIMIT } from '../record-query/list-query.ts';
import {
  arrangePeople,
  field,
  listRecords,
  publishApp,
  section,
  type People,
} from './record-list-fixtures.ts';

// Publishing builds the list's expression indexes on the app's partition of records (owner pool,
// concurrently, after the commit; ADR 0013); the list's own SQL uses them; a wide app gets at most
// the plan's cap; deleting an app leaves no storage behind; the builder sees the build's progress.
// Big lists are counted by the planner's estimate.

let server: TestServer;
let people: People;
let appId: string;

const groups = [
  section('main', [
    [field('text', 'title'), field('number', 'amount'), field('lookup', 'ref')],
    [field('checklist', 'tags')],
  ]),
];

async function published(moduleId: string): Promise<ModuleDefinition> {
  const { rows } = await server.owner.query('SELECT module_published FROM modules WHERE id = $1', [moduleId]);
  return rows[0].module_published as ModuleDefinition;
}

const hexOf = (moduleId: string) => moduleId.replace(/-/g, '');

/** The app's field indexes, wherever they are (pg_indexes: which table each is on). */
async function indexesOf(moduleId: string) {
  const { rows } = await server.owner.query<{
    name: string;
    table: string;
    valid: boolean;
    definition: string;
  }>(
    `SELECT x.indexname AS name, x.tablename AS table, i.indisvalid AS valid, x.indexdef AS definition
       FROM pg_indexes x JOIN pg_index i ON i.indexrelid = to_regclass(x.indexname)
      WHERE x.indexname LIKE $1 ORDER BY x.indexname`,
    [`rl_${hexOf(moduleId)}_%`],
  );
  return rows;
}

async function statisticsOf(moduleId: string) {
  const { rows } = await server.owner.query<{ name: string; table: string; target: number }>(
    `SELECT stxname AS name, stxrelid::regclass::text AS table, stxstattarget AS target
       FROM pg_statistic_ext WHERE stxname LIKE $1 ORDER BY 1`,
    [`rl_${hexOf(moduleId)}_%`],
  );
  return rows;
}

async function progressOf(client = people.fred, moduleId = appId) {
  return client.get(`${RECORDS_PATHS.indexProgress}?moduleId=${moduleId}`);
}

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  appId = await publishApp(people.fred, 'Indexed', groups);
});
afterAll(() => server?.close());

describe('list indexes', () => {
  it('publishing builds valid plain indexes and statistics on the app’s partition', async () => {
    // Publishing started the build in the background; this waits for it (builds run one at a time).
    await ensureRecordIndexes(server.owner, appId, await published(appId));
    const { rows: partition } = await server.owner.query('SELECT app_record_partition($1) AS name', [appId]);
    expect(recordPartitionOf(appId)).toBe(partition[0].name);
    const plan = recordIndexPlan(appId, await published(appId));
    const indexes = await indexesOf(appId);
    expect(indexes.map((index) => index.name)).toEqual(plan.map((index) => index.name).sort());
    // title and ref: btree + trigram; amount: btree; tags (a list): none.
    expect(indexes).toHaveLength(5);
    for (const index of indexes) {
      expect(index.valid).toBe(true);
      expect(index.name.length).toBeLessThanOrEqual(63);
      expect(index.table).toBe(partition[0].name);
      expect(index.definition).toContain(`ON public.${partition[0].name} USING`);
      expect(index.definition).toContain(`WHERE (module_id = '${appId}'::uuid)`);
    }
    expect(indexes.filter((index) => index.definition.includes('gin_trgm_ops'))).toHaveLength(2);
    // And one expression statistics object per indexed field (title, amount, ref), on the partition.
    const statistics = await statisticsOf(appId);
    expect(statistics.map((row) => row.name)).toEqual(
      recordStatisticsPlan(appId, await published(appId))
        .map((entry) => entry.name)
        .sort(),
    );
    expect(statistics).toHaveLength(3);
    expect(new Set(statistics.map((row) => row.table))).toEqual(new Set([partition[0].name]));
    // A finer histogram than PostgreSQL's default, so contains filters are estimated steadily.
    expect(statistics.map((row) => row.target)).toEqual([1000, 1000, 1000]);
  });

  it('serves the benchmark-style list query (contains + number equality + sort + first page)', async () => {
    await server.owner.query(
      `INSERT INTO records (tenant_id, module_id, module_version, is_draft, data)
       SELECT m.tenant_id, m.id, 1, false,
              jsonb_build_object('title', 'Item ' || md5(g::text), 'amount', g % 100, 'ref', jsonb_build_object('id', g, 'label', 'Ref ' || g))
         FROM modules m, generate_series(1, 4000) g WHERE m.id = $1`,
      [appId],
    );
    await server.owner.query(`ANALYZE ${recordPartitionOf(appId)}`);
    const { rows: tenant } = await server.owner.query('SELECT tenant_id FROM modules WHERE id = $1', [appId]);
    const query = buildListQuery(
      await published(appId),
      {
        page: 1,
        length: 10,
        search: '',
        orders: [{ column: 'title', dir: 'asc' }],
        filters: [
          { field: 'title', operator: 'contains', value: 'ab', ignoreCase: true, matchesAll: false },
          { field: 'amount', operator: 'eq', value: 42, ignoreCase: false, matchesAll: false },
        ],
      },
      { tenantId: tenant[0].tenant_id, moduleId: appId },
    );
    const statement = new PgDialect().sqlToQuery(pageSql(query, { filtered: true, total: false }));
    // The statement exactly as the server sends it (an unnamed statement with bound parameters),
    // planned in a tenant transaction as the app role: lists read the tenant view (migration 0008),
    // so row-level security does not keep the field indexes from serving the filters.
    const client = new pg.Client({ connectionString: server.appRoleUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenant[0].tenant_id]);
      await client.query('SET LOCAL enable_seqscan = off');
      const { rows } = await client.query(`EXPLAIN (FORMAT TEXT) ${statement.sql}`, statement.params);
      const plan = rows.map((row) => row['QUERY PLAN'] as string).join('\n');
      const fieldIndexes = recordIndexPlan(appId, await published(appId)).map((index) => index.name);
      expect(
        fieldIndexes.some((name) => plan.includes(name)),
        plan,
      ).toBe(true);
      // Pruned to the app's partition at plan time: no other app's partition is in the plan.
      expect(plan).toContain(recordPartitionOf(appId));
      expect(plan.match(/records_[0-9a-f]{32}/g)!.every((name) => name === recordPartitionOf(appId))).toBe(
        true,
      );
      expect(plan).not.toMatch(/Seq Scan on records/);
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
    // The planner knows the value distribution of the field: every title contains 'item' (a guess
    // would be 0.5%, 20 rows).
    const { rows: estimated } = await server.owner.query<{
      'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
    }>(
      `EXPLAIN (FORMAT JSON) SELECT 1 FROM records WHERE module_id = $1 AND (data->>'title') ILIKE '%item%'`,
      [appId],
    );
    expect(estimated[0]!['QUERY PLAN'][0].Plan['Plan Rows']).toBeGreaterThan(2000);
    const page = await listRecords(people.fred, {
      moduleId: appId,
      filters: [{ field: 'amount', operator: 'eq', value: 42 }],
    });
    expect(page).toMatchObject({ recordsFiltered: 40, recordsTotal: 4000, countIsEstimate: false });
  });

  it('drops the indexes of fields the app no longer lists and builds new ones', async () => {
    const saved = await saveForm(people.fred, appId, [
      section('main', [[field('text', 'title'), field('date', 'due')]]),
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await people.fred.post(P.publish, { id: appId })).statusCode).toBe(200);
    await ensureRecordIndexes(server.owner, appId, await published(appId));
    const names = (await indexesOf(appId)).map((index) => index.name);
    expect(names).toEqual(
      recordIndexPlan(appId, await published(appId))
        .map((index) => index.name)
        .sort(),
    );
    expect(names).toHaveLength(3);
  });

  it('deleting an app leaves no storage behind: no relation, index or statistics object of it', async () => {
    const doomed = await publishApp(people.fred, 'Doomed', groups);
    await ensureRecordIndexes(server.owner, doomed, await published(doomed));
    await server.owner.query(
      `INSERT INTO records (tenant_id, module_id, module_version, is_draft, data)
       SELECT m.tenant_id, m.id, 1, false, jsonb_build_object('title', 'x' || g) FROM modules m, generate_series(1, 50) g
        WHERE m.id = $1`,
      [doomed],
    );
    const named = async () => {
      const { rows } = await server.owner.query<{ name: string }>(
        `SELECT relname AS name FROM pg_class WHERE relname LIKE $1
         UNION ALL SELECT stxname FROM pg_statistic_ext WHERE stxname LIKE $1`,
        [`%${hexOf(doomed)}%`],
      );
      return rows.map((row) => row.name);
    };
    // The partition, its key and list indexes, the field indexes and statistics.
    expect((await named()).length).toBeGreaterThan(8);
    expect((await indexesOf(doomed)).length).toBeGreaterThan(0);
    expect((await statisticsOf(doomed)).length).toBeGreaterThan(0);
    const res = await people.fred.post(P.deleteForm, { moduleId: doomed });
    expect(res.statusCode, res.body).toBe(200);
    // Gone with the delete's commit (the partition's DROP TABLE), nothing left to clean up later.
    expect(await named()).toEqual([]);
    // The other app keeps its own.
    expect((await indexesOf(appId)).length).toBe(3);
  });

  it('indexes of one app are on its partition only', async () => {
    const other = await publishApp(people.fred, 'Neighbour', groups);
    await ensureRecordIndexes(server.owner, other, await published(other));
    const mine = await indexesOf(appId);
    const theirs = await indexesOf(other);
    expect(new Set(mine.map((index) => index.table))).toEqual(new Set([recordPartitionOf(appId)]));
    expect(new Set(theirs.map((index) => index.table))).toEqual(new Set([recordPartitionOf(other)]));
    // The partitioned parent holds only its own key and list index, none of any app's fields.
    const { rows } = await server.owner.query<{ name: string }>(
      `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'records' ORDER BY 1`,
    );
    expect(rows.map((row) => row.name)).toEqual(['records_module_list_idx', 'records_pkey']);
  });

  it('a 500-field app gets at most the plan’s cap of indexes', async () => {
    const fields = Array.from({ length: 500 }, (_, index) =>
      field(index % 2 ? 'number' : 'text', `n${index}`),
    );
    const rows = Array.from({ length: 167 }, (_, index) => fields.slice(index * 3, index * 3 + 3));
    const wide = await publishApp(people.fred, 'Wide', [section('main', rows)]);
    await ensureRecordIndexes(server.owner, wide, await published(wide));
    const indexes = await indexesOf(wide);
    expect(indexes.length).toBeGreaterThan(0);
    expect(indexes.length).toBeLessThanOrEqual(INDEX_CAP.btree + INDEX_CAP.trigram);
    expect((await statisticsOf(wide)).length).toBeLessThanOrEqual(INDEX_CAP.btree + INDEX_CAP.trigram);
    // The builder marks every field: the cap holds exactly.
    const saved = await saveForm(people.fred, wide, [section('main', rows)], {
      defaultConfig: { indexedFields: fields.map((each) => each.name).reverse() },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await people.fred.post(P.publish, { id: wide })).statusCode).toBe(200);
    await ensureRecordIndexes(server.owner, wide, await published(wide));
    const marked = await indexesOf(wide);
    expect(marked).toHaveLength(INDEX_CAP.btree + INDEX_CAP.trigram);
    expect(marked.every((index) => index.valid)).toBe(true);
    // The marked ones, from the last field back: n499 (number) has a btree, n498 (text) both.
    const names = recordIndexPlan(wide, await published(wide)).map((index) => index.name);
    expect(marked.map((index) => index.name)).toEqual([...names].sort());
  });

  it('a saved list configuration’s filter re-plans the app’s indexes', async () => {
    const fields = Array.from({ length: 30 }, (_, index) => field('number', `m${index}`));
    const rows = Array.from({ length: 10 }, (_, index) => fields.slice(index * 3, index * 3 + 3));
    const busy = await publishApp(people.fred, 'Busy', [section('main', rows)]);
    await ensureRecordIndexes(server.owner, busy, await published(busy));
    const wanted = recordIndexPlan(busy, await published(busy), {
      lookups: [],
      listConfigs: [{ filters: [{ field: 'm29', operator: 'gt' }] }],
    }).map((index) => index.name);
    // The first 25 fields are the default list columns: m29 has no index yet.
    const before = (await indexesOf(busy)).map((index) => index.name);
    expect(before).toHaveLength(INDEX_CAP.btree);
    const m29 = wanted.find((name) => !before.includes(name))!;
    expect(m29).toBeDefined();
    const res = await people.fred.request('PUT', RECORDS_PATHS.setUserConfig, {
      body: {
        moduleId: busy,
        data: { columns: ['m29'], filters: [{ field: 'm29', operator: 'gt', value: 3 }] },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(async () => (await indexesOf(busy)).map((index) => index.name), { timeout: 20_000 })
      .toEqual([...wanted].sort());
  });

  it('shows the builder the build’s progress: building (waiting, then which field), then done', async () => {
    const watched = await publishApp(people.fred, 'Watched', [section('main', [[field('text', 'title')]])]);
    await ensureRecordIndexes(server.owner, watched, await published(watched));
    const idle = await progressOf(people.fred, watched);
    expect(idle.statusCode, idle.body).toBe(200);
    expect(idle.json().data).toMatchObject({ state: 'done', field: null, phase: null });
    // A writer's open transaction on the partition holds the concurrent build in its first phase.
    const writer = await server.owner.connect();
    try {
      await writer.query('BEGIN');
      await writer.query(`LOCK TABLE ${recordPartitionOf(watched)} IN ROW EXCLUSIVE MODE`);
      const saved = await saveForm(people.fred, watched, [
        section('main', [[field('text', 'title'), field('number', 'score')]]),
      ]);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await people.fred.post(P.publish, { id: watched })).statusCode).toBe(200);
      let seen: IndexProgress | undefined;
      await expect
        .poll(
          async () => {
            seen = (await progressOf(people.fred, watched)).json().data as IndexProgress;
            return seen.phase;
          },
          { timeout: 20_000 },
        )
        .toMatch(/waiting for writers/);
      expect(seen).toMatchObject({
        state: 'building',
        planned: 1,
        built: 0,
        field: 'score',
        method: 'btree',
      });
      expect(seen!.fieldLabel).toBe('SCORE');
    } finally {
      await writer.query('COMMIT');
      writer.release();
    }
    await expect
      .poll(async () => (await progressOf(people.fred, watched)).json().data.state, { timeout: 20_000 })
      .toBe('done');
    expect((await progressOf(people.fred, watched)).json().data).toMatchObject({
      planned: 1,
      built: 1,
      field: null,
    });
  });

  it('the start-up reconcile rebuilds the indexes every published app lacks', async () => {
    await ensureRecordIndexes(server.owner, appId);
    const before = (await indexesOf(appId)).map((index) => index.name);
    expect(before.length).toBeGreaterThan(0);
    // As after migration 0014: the app's indexes are gone.
    for (const name of before) await server.owner.query(`DROP INDEX ${name}`);
    const errors: object[] = [];
    const scheduled = await reconcileRecordIndexes(server.owner, {
      error: (details) => errors.push(details),
    });
    expect(scheduled).toBeGreaterThanOrEqual(1);
    // Joins the build the reconcile queued for the app (one at a time, behind the others).
    await ensureRecordIndexes(server.owner, appId);
    expect((await indexesOf(appId)).map((index) => index.name)).toEqual(before);
    expect(errors).toEqual([]);
  });

  it('answers progress to builders of the app’s tenant only', async () => {
    expect((await progressOf(people.uma)).statusCode).toBe(403);
    expect((await progressOf(people.globex)).statusCode).toBe(404);
    expect((await progressOf(people.fred, MISSING_ID)).statusCode).toBe(404);
  });
});

describe('counts of big lists', () => {
  it('estimates counts above EXACT_COUNT_LIMIT and says so', async () => {
    const big = await publishApp(people.fred, 'Big', [section('main', [[field('checkbox', 'done')]])]);
    await server.owner.query(
      `INSERT INTO records (tenant_id, module_id, module_version, is_draft, data, workflow_started_on)
       SELECT m.tenant_id, m.id, 1, false, '{}'::jsonb, CASE WHEN g % 2 = 0 THEN now() END
         FROM modules m, generate_series(1, $2::int) g WHERE m.id = $1`,
      [big, 2 * EXACT_COUNT_LIMIT],
    );
    await server.owner.query(`ANALYZE ${recordPartitionOf(big)}`);
    const all = await listRecords(people.fred, { moduleId: big });
    expect(all.countIsEstimate).toBe(true);
    // The estimate of 2 × the limit, not a count stopped at the limit.
    expect(all.recordsTotal).toBeGreaterThan(EXACT_COUNT_LIMIT * 1.5);
    expect(all.recordsTotal).toBeLessThan(EXACT_COUNT_LIMIT * 2.5);
    expect(all.data).toHaveLength(10);
    // Few matches are still counted exactly; the total stays an estimate.
    const none = await listRecords(people.fred, {
      moduleId: big,
      filters: [{ field: 'done', operator: 'eq', value: true }],
    });
    expect(none).toMatchObject({ recordsFiltered: 0, countIsEstimate: true, data: [] });
    const summary = (await people.fred.get(recordPath.summary(big))).json().data;
    expect(summary.countIsEstimate).toBe(true);
    expect(summary.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    // Half the entries are in progress.
    expect(summary.byStatus['In Progress']).toBeGreaterThan(EXACT_COUNT_LIMIT * 0.6);
    expect(summary.estimates).toContain('total');
    const page2 = await people.fred.post(RECORDS_PATHS.datatables, { moduleId: big, page: 2, length: 100 });
    expect(page2.json().data.data).toHaveLength(100);
  });
});
