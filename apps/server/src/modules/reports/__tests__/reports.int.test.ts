import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REPORT_PATHS,
  reportCopyPath,
  reportDeletePath,
  reportDetailPath,
  reportFavouritePath,
  reportRunPath,
  type ReportDefinitionInput,
  type ReportResult,
  type SaveReportBody,
} from '@formloop/contracts';
import type { TestClient, TestServer } from '../../../../test/harness.ts';
import { listRecords, type People } from '../../record-lists/__tests__/record-list-fixtures.ts';
import { arrangeReportWorld } from './report-fixtures.ts';

// Reports against real PostgreSQL: what a report shows is the viewer's record list of the app
// (equal counts, hidden fields refused, other tenants 404, ordinary users 403), groups and totals
// computed by the database, date grains in the organization's zone across a DST change, pivots, and
// the report list, copy, favourites and delete with their owners.

let server: TestServer;
let people: People;
let appId: string;
let gina: TestClient;

const run = async (
  client: TestClient,
  definition: Omit<ReportDefinitionInput, 'moduleId'>,
  extra: object = {},
) => {
  const res = await client.post(REPORT_PATHS.run, {
    definition: { moduleId: appId, ...definition },
    ...extra,
  });
  return {
    status: res.statusCode,
    body: res.json() as { data: ReportResult & Record<string, unknown> } & Record<string, unknown>,
  };
};
const ok = async (
  client: TestClient,
  definition: Omit<ReportDefinitionInput, 'moduleId'>,
  extra: object = {},
) => {
  const answer = await run(client, definition, extra);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

beforeAll(async () => {
  ({ server, people, appId, gina } = await arrangeReportWorld());
});
afterAll(() => server?.close());

describe('what a report reads', () => {
  it('counts exactly the rows the record list shows, group by group, with totals', async () => {
    const result = await ok(people.cora, {
      groupBy: [{ field: 'city' }],
      measures: [
        { aggregate: 'count' },
        { aggregate: 'sum', field: 'amount' },
        { aggregate: 'avg', field: 'amount' },
      ],
      totals: true,
    });
    expect(result.kind).toBe('grouped');
    if (result.kind !== 'grouped') return;
    expect(result.rows.map((row) => [row.groups[0], row.measures])).toEqual([
      ['Berlin', [2, 30, 15]],
      ['Paris', [2, 12, 6]],
      ['Rome', [1, 100, 100]],
    ]);
    expect(result.total?.measures).toEqual([5, 142, 28.4]);
    for (const row of result.rows) {
      const list = await listRecords(people.cora, {
        moduleId: appId,
        filters: [{ field: 'city', operator: 'eq', value: row.groups[0] }],
      });
      expect(list.recordsFiltered).toBe(row.measures[0]);
    }
    const all = await listRecords(people.cora, { moduleId: appId });
    expect(all.recordsTotal).toBe(result.total?.measures[0]);
  });

  it('applies the report filters and the runtime filters, as the list does', async () => {
    const result = await ok(
      people.fred,
      { measures: [{ aggregate: 'count' }], filters: [{ field: 'amount', operator: 'gte', value: 7 }] },
      { filters: [{ field: 'city', operator: 'neq', value: 'Rome' }] },
    );
    const list = await listRecords(people.fred, {
      moduleId: appId,
      filters: [
        { field: 'amount', operator: 'gte', value: 7 },
        { field: 'city', operator: 'neq', value: 'Rome' },
      ],
    });
    expect(result.kind === 'grouped' && result.rows[0]?.measures[0]).toBe(list.recordsFiltered);
    expect(list.recordsFiltered).toBe(3);
  });

  it('refuses a field hidden from the viewer wherever the report names it', async () => {
    for (const definition of [
      { measures: [{ aggregate: 'sum' as const, field: 'secret' }] },
      { groupBy: [{ field: 'secret' }] },
      {
        filters: [{ field: 'secret', operator: 'gt' as const, value: 0 }],
        measures: [{ aggregate: 'count' as const }],
      },
      { columns: ['city', 'secret'] },
    ]) {
      const answer = await run(people.fred, definition);
      expect(answer.status, JSON.stringify(definition)).toBe(400);
      expect((answer.body.data as unknown as { key: string }).key).toBe('records.unknownField');
    }
    // A plain report is the viewer's list page: the hidden value is never in a row.
    const table = await ok(people.fred, { columns: [] });
    expect(table.kind).toBe('table');
    if (table.kind !== 'table') return;
    expect(table.columns.map((column) => column.key)).toEqual(['city', 'amount']);
    expect(table.recordsTotal).toBe(5);
    for (const row of table.rows) expect((row.data as Record<string, unknown>).secret).toBeUndefined();
  });

  it('groups instants by week in the organization zone, across the DST change', async () => {
    const result = await ok(people.fred, {
      groupBy: [{ field: 'created_on', grain: 'week' }],
      measures: [{ aggregate: 'count' }],
    });
    if (result.kind !== 'grouped') throw new Error(result.kind);
    expect(result.rows.map((row) => [row.groups[0], row.measures[0]])).toEqual([
      ['2026-03-23', 2],
      ['2026-03-30', 2],
      ['2026-04-13', 1],
    ]);
    const months = await ok(people.fred, {
      groupBy: [{ field: 'created_on', grain: 'month' }],
      sort: [{ group: 0, dir: 'desc' }],
    });
    if (months.kind !== 'grouped') throw new Error(months.kind);
    expect(months.rows.map((row) => [row.groups[0], row.measures[0]])).toEqual([
      ['2026-04-01', 2],
      ['2026-03-01', 3],
    ]);
  });

  it('nests groups with subtotals, orders by a measure and keeps the top N', async () => {
    const result = await ok(people.fred, {
      groupBy: [{ field: 'created_by' }, { field: 'city' }],
      measures: [{ aggregate: 'sum', field: 'amount' }],
      sort: [{ measure: 0, dir: 'desc' }],
      totals: true,
      limit: 2,
    });
    if (result.kind !== 'grouped') throw new Error(result.kind);
    // fred: Berlin 10, Paris 5, Rome 100; cora: Berlin 20, Paris 7. Top two groups by sum.
    expect(result.rows.map((row) => [row.labels[0], row.groups[1], row.measures[0]])).toEqual([
      ['fred Tester', 'Rome', 100],
      ['cora Tester', 'Berlin', 20],
    ]);
    expect(result.truncated).toBe(true);
    expect(result.subtotals.map((row) => [row.labels[0], row.measures[0], row.level])).toEqual([
      ['fred Tester', 115, 1],
      ['cora Tester', 27, 1],
    ]);
    expect(result.total?.measures[0]).toBe(142);
  });

  it('pivots in the database: cells, row totals, column totals, grand total', async () => {
    const result = await ok(people.fred, {
      pivot: {
        rows: [{ field: 'city' }],
        column: { field: 'created_on', grain: 'month' },
        measure: { aggregate: 'sum', field: 'amount' },
      },
    });
    if (result.kind !== 'pivot') throw new Error(result.kind);
    expect(result.columnKeys).toEqual(['2026-03-01', '2026-04-01']);
    expect(result.rows.map((row) => [row.groups[0], row.cells, row.total])).toEqual([
      ['Berlin', [30, null], 30],
      ['Paris', [5, 7], 12],
      ['Rome', [null, 100], 100],
    ]);
    expect(result.columnTotals).toEqual([35, 107]);
    expect(result.total).toBe(142);
  });

  it('refuses unsuitable definitions with the report messages', async () => {
    const sum = await run(people.fred, { measures: [{ aggregate: 'sum', field: 'city' }] });
    expect(sum.status).toBe(400);
    expect(sum.body.message).toBe('Sum and average need a number field; CITY is not one.');
    const grain = await run(people.fred, { groupBy: [{ field: 'city', grain: 'year' }] });
    expect(grain.status).toBe(400);
    expect(grain.body.message).toBe('Only date fields can be grouped by day, week, month, quarter or year.');
  });
});

describe('who may build and see reports', () => {
  const body = (name: string, extra: Partial<SaveReportBody> = {}): SaveReportBody => ({
    name,
    category: 'Sales',
    definition: { moduleId: appId, groupBy: [{ field: 'city' }], chart: { type: 'bar' } },
    ...extra,
  });

  it('keeps reports to full users and consultants: others 403, other tenants 404', async () => {
    const saved = await people.fred.post(REPORT_PATHS.save, body('Orders by city'));
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as string;
    expect(saved.json().message).toBe('The report has been saved.');

    expect((await people.uma.post(REPORT_PATHS.datatables, {})).statusCode).toBe(403);
    expect((await people.uma.post(REPORT_PATHS.run, { definition: { moduleId: appId } })).statusCode).toBe(
      403,
    );
    expect((await people.uma.get(reportDetailPath(id))).statusCode).toBe(403);
    // Another tenant's builder: the report and the app are not there.
    expect((await gina.get(reportDetailPath(id))).statusCode).toBe(404);
    expect((await gina.post(reportRunPath(id), {})).statusCode).toBe(404);
    expect((await gina.post(REPORT_PATHS.run, { definition: { moduleId: appId } })).statusCode).toBe(404);
    const theirs = await gina.post(REPORT_PATHS.datatables, {});
    expect(theirs.json().data.recordsTotal).toBe(0);
    // A private report is its owner's alone.
    expect((await people.cora.get(reportDetailPath(id))).statusCode).toBe(404);
    expect((await people.cora.post(reportCopyPath(id))).statusCode).toBe(404);
  });

  it('shares with everyone: others run it as themselves, copy it, but never change or delete it', async () => {
    const saved = await people.fred.post(REPORT_PATHS.save, body('Shared by city', { sharing: 'everyone' }));
    const id = saved.json().data.id as string;
    const listed = await people.cora.post(REPORT_PATHS.datatables, { scope: 'shared', search: 'shared' });
    expect(listed.json().data.data.map((item: { name: string }) => item.name)).toEqual(['Shared by city']);
    expect(listed.json().data.categories).toEqual(['Sales']);
    const ran = await people.cora.post(reportRunPath(id), {});
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json().data.rows.length).toBe(3);
    const change = await people.cora.post(REPORT_PATHS.save, { ...body('Mine now'), id });
    expect(change.statusCode).toBe(403);
    expect(change.json().message).toBe('Only the owner of this report can change or delete it.');
    expect((await people.cora.post(reportDeletePath(id))).statusCode).toBe(403);
    const copy = await people.cora.post(reportCopyPath(id));
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data).toMatchObject({
      name: 'Shared by city (copy)',
      sharing: 'private',
      isMine: true,
    });
    const again = await people.cora.post(reportCopyPath(id));
    expect(again.json().data.name).toBe('Shared by city (copy 2)');
    const fav = await people.cora.put(reportFavouritePath(id), { isFavourite: true });
    expect(fav.json().data.isFavourite).toBe(true);
    const favourites = await people.cora.post(REPORT_PATHS.datatables, { scope: 'favourites' });
    expect(favourites.json().data.data.map((item: { id: string }) => item.id)).toEqual([id]);
    const mine = await people.cora.post(REPORT_PATHS.datatables, {
      scope: 'mine',
      orders: [{ column: 'name', dir: 'asc' }],
    });
    expect(mine.json().data.data.map((item: { name: string }) => item.name)).toEqual([
      'Shared by city (copy 2)',
      'Shared by city (copy)',
    ]);
  });

  it('refuses a duplicate name (409), a hidden field (400) and deletes with the owner', async () => {
    const first = await people.fred.post(REPORT_PATHS.save, body('Unique'));
    expect(first.statusCode).toBe(200);
    const twice = await people.fred.post(REPORT_PATHS.save, body('UNIQUE'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('A report with this name already exists.');
    const hidden = await people.fred.post(
      REPORT_PATHS.save,
      body('Secret', { definition: { moduleId: appId, measures: [{ aggregate: 'sum', field: 'secret' }] } }),
    );
    expect(hidden.statusCode).toBe(400);
    const id = first.json().data.id as string;
    const gone = await people.fred.post(reportDeletePath(id));
    expect(gone.statusCode).toBe(200);
    expect((await people.fred.get(reportDetailPath(id))).statusCode).toBe(404);
    const audit = await server.owner.query(
      `SELECT action FROM audit_log WHERE entity = 'report' AND entity_id = $1 ORDER BY id`,
      [id],
    );
    expect(audit.rows.map((row: { action: string }) => row.action)).toEqual(['create', 'delete']);
  });
});
