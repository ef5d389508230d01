import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { RECORDS_MESSAGES, RECORDS_PATHS, recordPath } from '@formloop/contracts';
import { deriveRecordStatus } from '@formloop/domain';
import { STATUS_SQL } from '../../records/index.ts';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { P, saveForm } from '../../apps/__tests__/app-fixtures.ts';
import {
  MISSING_ID,
  arrangePeople,
  field,
  grantApps,
  insertRecords,
  listRecords,
  publishApp,
  section,
  userId,
  type People,
} from './record-list-fixtures.ts';

// datatables, draftdatatables and summary: order, search, pages, the derived status, drafts, the
// columns a row keeps, counts, and who may list what.

let server: TestServer;
let people: People;
let appId: string;
let ids: string[];
let drafts: { fred: string[]; uma: string[] };
let fred: string;
let uma: string;

const T = '2026-03-01T10:00:00.000Z';

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  fred = await userId(server, 'fred');
  uma = await userId(server, 'uma');
  appId = await publishApp(people.fred, 'Orders', [
    section('main', [
      [field('text', 'title'), field('number', 'amount'), field('text', 'city')],
      [field('password', 'pin')],
    ]),
  ]);
  ids = await insertRecords(server, appId, [
    // Draft (never started), In Progress, Completed, Faulted (status trimmed, any case), Faulted
    // time without the status (spec §4 read literally: Draft), Completed after a fault.
    { created_by: fred, data: { title: 'Bravo', amount: 30, city: 'Berlin', pin: '1234' } },
    {
      created_by: uma,
      workflow_started_on: T,
      workflow_status: 'Running',
      data: { title: 'alpha', amount: 5, city: 'Paris' },
    },
    {
      created_by: fred,
      workflow_started_on: T,
      workflow_completed_on: T,
      workflow_status: 'Completed',
      data: { title: 'Charlie', amount: 20, city: 'berlin' },
    },
    {
      created_by: uma,
      workflow_started_on: T,
      workflow_faulted_on: T,
      workflow_status: ' faulted\n',
      data: { title: 'delta', city: 'Lima' },
    },
    { created_by: fred, workflow_started_on: T, workflow_faulted_on: T, data: { title: 'Echo', amount: 20 } },
    {
      created_by: uma,
      workflow_started_on: T,
      workflow_faulted_on: T,
      workflow_completed_on: T,
      data: { title: 'Foxtrot', amount: 1 },
    },
  ]);
  drafts = {
    fred: await insertRecords(server, appId, [
      { is_draft: true, created_by: fred, data: { title: 'fred draft' } },
    ]),
    uma: await insertRecords(server, appId, [
      { is_draft: true, created_by: uma, data: { title: 'uma draft 1' } },
      { is_draft: true, created_by: uma, data: { title: 'uma draft 2' } },
    ]),
  };
});
afterAll(() => server?.close());

async function republish(id: string, groups: Parameters<typeof publishApp>[2]) {
  const saved = await saveForm(people.fred, id, groups);
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await people.fred.post(P.publish, { id });
  expect(published.statusCode, published.body).toBe(200);
}

const order = (rows: Array<{ id: string }>) => rows.map((row) => ids.indexOf(row.id));

describe('datatables', () => {
  it('lists submitted records newest first, with exact counts, the derived status, no passwords', async () => {
    const page = await listRecords(people.fred, { moduleId: appId });
    expect(order(page.data)).toEqual([5, 4, 3, 2, 1, 0]);
    expect(page).toMatchObject({ recordsTotal: 6, recordsFiltered: 6, countIsEstimate: false });
    expect(page.data.map((row) => row.status)).toEqual([
      'Completed',
      'Draft',
      'Faulted',
      'Completed',
      'In Progress',
      'Draft',
    ]);
    expect(page.data[2]!.display_status).toBe('Faulted - faulted');
    expect(page.data[4]!.display_status).toBe('In Progress - Running');
    expect(page.data.every((row) => !('pin' in row.data))).toBe(true);
  });

  it('sorts by a number, by text and by system columns, id breaking ties', async () => {
    const byAmount = await listRecords(people.fred, {
      moduleId: appId,
      orders: [{ column: 'amount', dir: 'desc' }],
    });
    // Without a value sorts first when descending (PostgreSQL's NULLS FIRST); 20 and 20 by id.
    const tied = [ids[2]!, ids[4]!]
      .sort()
      .reverse()
      .map((id) => ids.indexOf(id));
    expect(order(byAmount.data)).toEqual([3, 0, ...tied, 1, 5]);
    const byTitle = await listRecords(people.fred, {
      moduleId: appId,
      orders: [{ column: 'title', dir: 'asc' }],
      filters: [{ field: 'title', operator: 'isin', value: ['Bravo', 'Charlie', 'Echo'] }],
    });
    expect(order(byTitle.data)).toEqual([0, 2, 4]);
    const byCreator = await listRecords(people.fred, {
      moduleId: appId,
      orders: [
        { column: 'created_by', dir: 'asc' },
        { column: 'created_on', dir: 'asc' },
      ],
    });
    // 'fred Tester' before 'uma Tester'.
    expect(order(byCreator.data)).toEqual([0, 2, 4, 1, 3, 5]);
    const oldest = await listRecords(people.fred, {
      moduleId: appId,
      orders: [{ column: 'created_on', dir: 'asc' }],
    });
    expect(order(oldest.data)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('filters and sorts by the derived status', async () => {
    const completed = await listRecords(people.fred, {
      moduleId: appId,
      filters: [{ field: 'status', operator: 'eq', value: 'Completed' }],
    });
    expect(order(completed.data).sort()).toEqual([2, 5]);
    const open = await listRecords(people.fred, {
      moduleId: appId,
      filters: [{ field: 'status', operator: 'isin', value: ['in progress', 'faulted'], ignoreCase: true }],
    });
    expect(order(open.data).sort()).toEqual([1, 3]);
    const drafts = await listRecords(people.fred, {
      moduleId: appId,
      query: [{ field: 'status', operator: 'eq', value: 'Draft' }],
    });
    expect(order(drafts.data).sort()).toEqual([0, 4]);
    const sorted = await listRecords(people.fred, {
      moduleId: appId,
      orders: [
        { column: 'status', dir: 'asc' },
        { column: 'created_on', dir: 'asc' },
      ],
    });
    expect(sorted.data.map((row) => row.status)).toEqual([
      'Completed',
      'Completed',
      'Draft',
      'Draft',
      'Faulted',
      'In Progress',
    ]);
  });

  it('searches the text fields ignoring case, LIKE characters literally', async () => {
    const berlin = await listRecords(people.fred, { moduleId: appId, search: 'BERLIN' });
    expect(order(berlin.data).sort()).toEqual([0, 2]);
    expect(berlin).toMatchObject({ recordsFiltered: 2, recordsTotal: 6 });
    const alpha = await listRecords(people.fred, { moduleId: appId, search: 'alp' });
    expect(order(alpha.data)).toEqual([1]);
    // The password is not searched.
    expect((await listRecords(people.fred, { moduleId: appId, search: '1234' })).recordsFiltered).toBe(0);
    const bad = await people.fred.post(RECORDS_PATHS.datatables, { moduleId: appId, search: 'a%' });
    expect(bad.statusCode).toBe(400);
  });

  it('pages with 10, 20, 50 or 100 rows and refuses other sizes', async () => {
    const first = await listRecords(people.fred, { moduleId: appId, length: 10, page: 1 });
    expect(first.data).toHaveLength(6);
    const past = await listRecords(people.fred, { moduleId: appId, length: 10, page: 2 });
    expect(past).toMatchObject({ data: [], recordsTotal: 6, recordsFiltered: 6 });
    const filteredPast = await listRecords(people.fred, {
      moduleId: appId,
      page: 3,
      filters: [{ field: 'amount', operator: 'gt', value: 1 }],
    });
    expect(filteredPast).toMatchObject({ data: [], recordsTotal: 6, recordsFiltered: 4 });
    for (const length of [5, 15, 1000]) {
      const res = await people.fred.post(RECORDS_PATHS.datatables, { moduleId: appId, length });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors).toMatchObject([
        { field: 'length', message: RECORDS_MESSAGES.invalidPageSize },
      ]);
    }
  });

  it('asks the planner about a filter once: the next page and a refresh reuse its estimate', async () => {
    const filtered = (page: number) => ({
      moduleId: appId,
      page,
      length: 10 as const,
      filters: [{ field: 'city', operator: 'contains' as const, value: 'erli', ignoreCase: true }],
    });
    const query = vi.spyOn(pg.Client.prototype, 'query');
    const plansAsked = () =>
      query.mock.calls.filter(([config]) =>
        /^EXPLAIN/.test(typeof config === 'string' ? config : String((config as { text?: unknown }).text)),
      ).length;
    try {
      const first = await listRecords(people.fred, filtered(1));
      expect(first).toMatchObject({ recordsFiltered: 2, recordsTotal: 6 });
      // The filter's estimate, and the list's own and the tenant share's when not yet known.
      const planned = plansAsked();
      expect(planned).toBeGreaterThan(0);
      const second = await listRecords(people.fred, filtered(2));
      expect(second).toMatchObject({ data: [], recordsFiltered: 2, recordsTotal: 6 });
      await listRecords(people.fred, filtered(1));
      expect(plansAsked()).toBe(planned);
    } finally {
      query.mockRestore();
    }
  });

  it('keeps only the requested columns in data, and refuses unknown sort columns', async () => {
    const page = await listRecords(people.fred, {
      moduleId: appId,
      columns: ['title', 'status', 'gone', 'pin'],
    });
    expect(page.data.find((row) => row.id === ids[0])!.data).toEqual({ title: 'Bravo' });
    const res = await people.fred.post(RECORDS_PATHS.datatables, {
      moduleId: appId,
      orders: [{ column: 'nope', dir: 'asc' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RECORDS_MESSAGES.unknownField);
  });
});

describe('the derived status in SQL', () => {
  it('agrees with deriveRecordStatus on every combination of the workflow columns', async () => {
    const statuses = [
      null,
      '',
      'Faulted',
      ' FAULTED\u00a0',
      '\tfaulted\n',
      'Running',
      'Completed',
      'Faulted!',
    ];
    const { rows } = await server.owner.query(
      `WITH combos AS (
         SELECT s.status, st.v AS started, co.v AS completed, fa.v AS faulted
           FROM unnest($1::text[]) AS s(status),
                (VALUES (NULL::timestamptz), (now())) AS st(v),
                (VALUES (NULL::timestamptz), (now())) AS co(v),
                (VALUES (NULL::timestamptz), (now())) AS fa(v))
       SELECT r.workflow_status, r.workflow_started_on, r.workflow_completed_on, r.workflow_faulted_on,
              ${new PgDialect().sqlToQuery(STATUS_SQL).sql} AS status
         FROM (SELECT false AS is_draft, status AS workflow_status, started AS workflow_started_on,
                      completed AS workflow_completed_on, faulted AS workflow_faulted_on FROM combos) AS r`,
      [statuses],
    );
    expect(rows).toHaveLength(statuses.length * 8);
    for (const row of rows) expect(row.status, JSON.stringify(row)).toBe(deriveRecordStatus(row));
  });
});

describe('draftdatatables and summary', () => {
  it('counts submitted entries by derived status and the caller’s drafts', async () => {
    const res = await people.fred.get(recordPath.summary(appId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      total: 6,
      countIsEstimate: false,
      estimates: [],
      byStatus: { 'In Progress': 1, Completed: 2, Faulted: 1 },
      drafts: 1,
    });
  });
});

describe('who may list', () => {
  it('answers 404 for another tenant’s app, a missing one, and a USER without view grant', async () => {
    const foreign = await publishApp(people.globex, 'Theirs', [section('main', [[field('text', 'title')]])]);
    for (const [client, moduleId] of [
      [people.fred, foreign],
      [people.fred, MISSING_ID],
      [people.fred, 'not-a-uuid'],
      [people.uma, appId],
    ] as const) {
      for (const path of [RECORDS_PATHS.datatables, RECORDS_PATHS.draftDatatables]) {
        const res = await client.post(path, { moduleId });
        expect(res.statusCode, `${path} ${moduleId}`).toBe(404);
      }
      expect((await client.get(recordPath.summary(moduleId))).statusCode).toBe(404);
    }
    expect((await server.client('acme').post(RECORDS_PATHS.datatables, { moduleId: appId })).statusCode).toBe(
      401,
    );
  });

  it('lets a USER with a view grant list records, and only their own drafts', async () => {
    await grantApps(server, 'acme', 'uma', [{ appId }]);
    expect((await listRecords(people.uma, { moduleId: appId })).recordsTotal).toBe(6);
    const umaDrafts = await listRecords(people.uma, { moduleId: appId }, RECORDS_PATHS.draftDatatables);
    expect(umaDrafts.data.map((row) => row.id).sort()).toEqual([...drafts.uma].sort());
    expect(umaDrafts).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    expect(umaDrafts.data.every((row) => row.status === 'Draft')).toBe(true);
    const fredDrafts = await listRecords(people.fred, { moduleId: appId }, RECORDS_PATHS.draftDatatables);
    expect(fredDrafts.data.map((row) => row.id)).toEqual(drafts.fred);
    const search = await listRecords(
      people.uma,
      { moduleId: appId, search: 'draft 2' },
      RECORDS_PATHS.draftDatatables,
    );
    expect(search).toMatchObject({ recordsFiltered: 1, recordsTotal: 2 });
    expect((await people.uma.get(recordPath.summary(appId))).json().data.drafts).toBe(2);
  });

  it('checks a remembered app on every list: a revoked grant and a new published version apply at once', async () => {
    const orders = await publishApp(people.fred, 'Remembered', [section('main', [[field('text', 'title')]])]);
    await insertRecords(server, orders, [{ created_by: fred, data: { title: 'kept', city: 'Oslo' } }]);
    const roleId = await grantApps(server, 'acme', 'uma', [{ appId: orders }]);
    // Twice: the second list runs on the remembered app.
    for (let round = 0; round < 2; round += 1)
      expect((await listRecords(people.uma, { moduleId: orders })).recordsTotal).toBe(1);

    await server.owner.query('DELETE FROM user_roles WHERE role_id = $1', [roleId]);
    expect((await people.uma.post(RECORDS_PATHS.datatables, { moduleId: orders })).statusCode).toBe(404);

    // A field the remembered version lacks: refused before, filterable once published.
    const byCity = { moduleId: orders, filters: [{ field: 'city', operator: 'eq' as const, value: 'Oslo' }] };
    expect((await people.fred.post(RECORDS_PATHS.datatables, byCity)).statusCode).toBe(400);
    // The same request again and again is built once for the remembered version, not beyond it.
    for (let round = 0; round < 2; round += 1)
      expect((await listRecords(people.fred, { moduleId: orders })).data[0]!.data).toEqual({ title: 'kept' });
    await republish(orders, [section('main', [[field('text', 'title'), field('text', 'city')]])]);
    expect((await listRecords(people.fred, byCity)).recordsFiltered).toBe(1);
    for (let round = 0; round < 2; round += 1)
      expect((await listRecords(people.fred, { moduleId: orders })).data[0]!.data).toEqual({
        title: 'kept',
        city: 'Oslo',
      });
  });
});
