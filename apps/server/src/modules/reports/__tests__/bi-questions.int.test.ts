import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PATHS, type ReportResult } from '@formloop/contracts';
import { field as plainField } from '../../apps/__tests__/app-fixtures.ts';
import type { TestClient, TestServer } from '../../../../test/harness.ts';
import {
  insertRecords,
  publishApp,
  section,
  type People,
} from '../../record-lists/__tests__/record-list-fixtures.ts';
import { arrangeReportWorld } from './report-fixtures.ts';

// BI questions (issue 24 item 8) against real PostgreSQL: an app joined to another through a lookup
// field, pivoted in the database by a field of the joined app; hidden fields of the joined app
// refused; a field that is not a lookup refused; drill refused for a joined level.

let server: TestServer;
let people: People;
let appId: string;
let gina: TestClient;
let customersId: string;
let invoicesId: string;

const PERMISSION = [
  { activityId: 'fs-complete', fields: [{ name: 'rating', control: 'hidden' }], fieldGroups: [] },
];

beforeAll(async () => {
  ({ server, people, appId, gina } = await arrangeReportWorld());
  customersId = await publishApp(
    people.fred,
    'Customers',
    [
      section('main', [
        [plainField('text', 'name'), plainField('text', 'region'), plainField('number', 'rating')],
      ]),
    ],
    { permission: PERMISSION },
  );
  const customers = await insertRecords(server, customersId, [
    { data: { name: 'Acme', region: 'North', rating: 1 } },
    { data: { name: 'Bolt', region: 'South', rating: 2 } },
    { data: { name: 'Cato', region: 'North', rating: 3 } },
  ]);
  const lookup = (target: string) => ({
    lookup: {
      flowToLookUp: '',
      moduleId: target,
      filters: [],
      sortValuesBy: '',
      sortType: 'asc' as const,
      selectFieldsByThisProcess: [],
      hideFields: [],
      autoSelectFirstValueByFilters: false,
      isTable: false,
      tableName: '',
    },
  });
  invoicesId = await publishApp(people.fred, 'Invoices', [
    section('main', [
      [
        plainField('lookup', 'customer', lookup(customersId) as never),
        plainField('number', 'total'),
        plainField('text', 'kind'),
      ],
    ]),
  ]);
  const [acme, bolt, cato] = customers as [string, string, string];
  await insertRecords(server, invoicesId, [
    { data: { customer: { id: acme, label: 'Acme' }, total: 10, kind: 'goods' } },
    { data: { customer: { id: acme, label: 'Acme' }, total: 5, kind: 'service' } },
    { data: { customer: { id: bolt, label: 'Bolt' }, total: 7, kind: 'goods' } },
    { data: { customer: { id: cato, label: 'Cato' }, total: 20, kind: 'service' } },
    // No customer, and a customer id that is not a record: both in the "no region" row.
    { data: { total: 1, kind: 'goods' } },
    { data: { customer: { id: 'not-a-uuid', label: '?' }, total: 2, kind: 'goods' } },
  ]);
});
afterAll(() => server?.close());

const run = (client: TestClient, definition: object) =>
  client.post(REPORT_PATHS.run, { definition: { moduleId: invoicesId, ...definition } });

describe('BI questions across apps', () => {
  it('pivots invoices by the region of their customer, summed in the database', async () => {
    const res = await run(people.cora, {
      joins: [{ alias: 'j0', field: 'customer' }],
      pivot: {
        rows: [{ field: 'region', source: 'j0' }],
        column: { field: 'kind' },
        measure: { aggregate: 'sum', field: 'total' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as Extract<ReportResult, { kind: 'pivot' }>;
    expect(result.columnKeys).toEqual(['goods', 'service']);
    expect(result.rows.map((row) => [row.groups[0], row.cells, row.total])).toEqual([
      ['North', [10, 25], 35],
      ['South', [7, null], 7],
      [null, [3, null], 3],
    ]);
    expect(result.total).toBe(45);
  });

  it('groups and measures fields of the joined app, and counts distinct customers', async () => {
    const res = await run(people.fred, {
      joins: [{ alias: 'j0', field: 'customer' }],
      groupBy: [{ field: 'region', source: 'j0' }],
      measures: [{ aggregate: 'countDistinct', field: 'name', source: 'j0' }, { aggregate: 'count' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json().data as Extract<ReportResult, { kind: 'grouped' }>;
    expect(result.rows.map((row) => [row.groups[0], ...row.measures])).toEqual([
      ['North', 2, 3],
      ['South', 1, 1],
      [null, 0, 2],
    ]);
  });

  it('saves a question in a collection and lists it in /bi-reports, apart from plain reports', async () => {
    const saved = await people.fred.post(REPORT_PATHS.save, {
      name: 'Invoices by region',
      sharing: 'everyone',
      definition: {
        moduleId: invoicesId,
        collection: 'Finance',
        joins: [{ alias: 'j0', field: 'customer' }],
        groupBy: [{ field: 'region', source: 'j0' }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await people.fred.post(REPORT_PATHS.save, {
      name: 'Plain invoices',
      definition: { moduleId: invoicesId },
    });
    const bi = await people.cora.post(REPORT_PATHS.datatables, { bi: true });
    expect(bi.json().data.data.map((item: { name: string }) => item.name)).toEqual(['Invoices by region']);
    expect(bi.json().data.collections).toEqual(['Finance']);
    const finance = await people.cora.post(REPORT_PATHS.datatables, { collection: 'finance' });
    expect(finance.json().data.recordsFiltered).toBe(1);
    const mine = await people.fred.post(REPORT_PATHS.datatables, { scope: 'mine' });
    expect(mine.json().data.recordsFiltered).toBe(2);
  });

  it('refuses hidden fields of the joined app, fields that are not lookups, unknown aliases and drills', async () => {
    const hidden = await run(people.fred, {
      joins: [{ alias: 'j0', field: 'customer' }],
      groupBy: [{ field: 'kind' }],
      measures: [{ aggregate: 'avg', field: 'rating', source: 'j0' }],
    });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().data.key).toBe('records.unknownField');
    const notLookup = await run(people.fred, {
      joins: [{ alias: 'j0', field: 'kind' }],
      groupBy: [{ field: 'kind' }],
    });
    expect(notLookup.json().message).toBe(
      'KIND is not a lookup to another app, so nothing can be joined through it.',
    );
    const unknown = await run(people.fred, { groupBy: [{ field: 'region', source: 'j1' }] });
    expect(unknown.json().message).toBe('The report names j1, which it does not join.');
    const plain = await run(people.fred, { joins: [{ alias: 'j0', field: 'customer' }] });
    expect(plain.json().message).toBe('Apps joined through lookups can only be grouped or pivoted.');
    const drill = await people.fred.post(REPORT_PATHS.drill, {
      definition: {
        moduleId: invoicesId,
        joins: [{ alias: 'j0', field: 'customer' }],
        groupBy: [{ field: 'region', source: 'j0' }],
      },
      keys: ['North'],
    });
    expect(drill.statusCode).toBe(400);
    // Another tenant sees neither app.
    expect((await run(gina, { groupBy: [{ field: 'kind' }] })).statusCode).toBe(404);
    expect(appId).toBeTruthy();
  });
});
