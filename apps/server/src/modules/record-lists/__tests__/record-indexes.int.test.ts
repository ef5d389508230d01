import pg from 'pg';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_PATHS, recordPath } from '@formloop/contracts';
import type { ModuleDefinition } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { P, saveForm } from '../../apps/__tests__/app-fixtures.ts';
import { ensureRecordIndexes, recordIndexPlan, recordStatisticsPlan } from '../record-indexes.ts';
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

// Publishing builds the list's partial expression indexes (owner pool, concurrently, after the
// commit); the list's own SQL uses them; big lists are counted by the planner's estimate.

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

async function statisticsOf(moduleId: string) {
  const { rows } = await server.owner.query<{ name: string }>(
    `SELECT stxname AS name FROM pg_statistic_ext WHERE stxrelid = 'records'::regclass AND stxname LIKE $1`,
    [`rl_${moduleId.replace(/-/g, '')}_%`],
  );
  return rows;
}

async function indexesOf(moduleId: string) {
  const { rows } = await server.owner.query<{ name: string; valid: boolean; definition: string }>(
    `SELECT c.relname AS name, i.indisvalid AS valid, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE i.indrelid = 'records'::regclass AND c.relname LIKE $1 ORDER BY c.relname`,
    [`rl_${moduleId.replace(/-/g, '')}_%`],
  );
  return rows;
}

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  appId = await publishApp(people.fred, 'Indexed', groups);
});
afterAll(() => server?.close());

describe('list indexes', () => {
  it('publishing builds a valid partial btree per field and a trigram index per text field', async () => {
    // Publishing started the build in the background; this waits for it (builds run one at a time).
    await ensureRecordIndexes(server.owner, appId, await published(appId));
    const plan = recordIndexPlan(appId, await published(appId));
    const indexes = await indexesOf(appId);
    expect(indexes.map((index) => index.name)).toEqual(plan.map((index) => index.name).sort());
    // title and ref: btree + trigram; amount: btree; tags (a list): none.
    expect(indexes).toHaveLength(5);
    for (const index of indexes) {
      expect(index.valid).toBe(true);
      expect(index.name.length).toBeLessThanOrEqual(63);
      expect(index.definition).toContain(`WHERE (module_id = '${appId}'::uuid)`);
    }
    expect(indexes.filter((index) => index.definition.includes('gin_trgm_ops'))).toHaveLength(2);
    // And one expression statistics object per indexed field (title, amount, ref).
    const { rows: statistics } = await server.owner.query<{ name: string; target: number }>(
      `SELECT stxname AS name, stxstattarget AS target FROM pg_statistic_ext
        WHERE stxrelid = 'records'::regclass AND stxname LIKE $1 ORDER BY 1`,
      [`rl_${appId.replace(/-/g, '')}_%`],
    );
    expect(statistics.map((row) => row.name)).toEqual(
      recordStatisticsPlan(appId, await published(appId))
        .map((entry) => entry.name)
        .sort(),
    );
    expect(statistics).toHaveLength(3);
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
    await server.owner.query('ANALYZE records');
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
      expect(plan).not.toMatch(/Seq Scan on records/);
      await client.query('ROLLBACK');
    } finally {
      await client.end();
    }
    // The field's statistics object gives the planner the value distribution the partial indexes
    // cannot: every title contains 'item', and it knows (without it, it would guess 0.5%, 20 rows).
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

  it('deleting the app drops its indexes and statistics', async () => {
    const doomed = await publishApp(people.fred, 'Doomed', groups);
    await ensureRecordIndexes(server.owner, doomed, await published(doomed));
    expect((await indexesOf(doomed)).length).toBeGreaterThan(0);
    expect((await statisticsOf(doomed)).length).toBeGreaterThan(0);
    const res = await people.fred.post(P.deleteForm, { moduleId: doomed });
    expect(res.statusCode, res.body).toBe(200);
    // Dropped in the background after the delete committed.
    await expect.poll(async () => (await indexesOf(doomed)).length, { timeout: 20_000 }).toBe(0);
    await expect.poll(async () => (await statisticsOf(doomed)).length, { timeout: 20_000 }).toBe(0);
    // The other app keeps its own.
    expect((await indexesOf(appId)).length).toBe(3);
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
    await server.owner.query('ANALYZE records');
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
