import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_MESSAGES, RECORD_LOOKUP_MESSAGES, RECORD_LOOKUP_PATHS as L } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  P,
  createApp,
  field,
  grantApps,
  saveForm,
  section,
  table,
  tenantId,
} from '../../apps/__tests__/app-fixtures.ts';

// RecordModuleLookup, recordModuleLookup2 and AggregateLookup against a published app whose
// records are inserted directly: only submitted records, only readable fields, exact values.

let server: TestServer;
let fred: TestClient; // builder
let uma: TestClient; // USER with view on the app
let wes: TestClient; // USER without grants
let gus: TestClient; // another tenant
let appId: string;
let draftApp: string;

interface Row {
  name: string;
  city?: string;
  amount?: number | string;
  active?: boolean;
  tags?: string[];
  joined?: string;
  secret?: string;
  note?: string;
}
const ROWS: Row[] = [
  {
    name: 'Ann',
    city: 'Berlin',
    amount: 5,
    active: true,
    tags: ['vip', 'eu'],
    joined: '2024-01-10',
    secret: 's1',
    note: 'n1',
  },
  { name: 'Bob', city: 'berlin', amount: 10, active: false, tags: ['eu'], joined: '2024-03-02' },
  { name: 'Cyd', city: 'Paris', amount: 100, active: true, tags: ['vip'], joined: '2023-12-31' },
  { name: 'Dee', city: 'Madrid', amount: 9.5, tags: [], joined: '2024-02-29' },
  { name: 'Eve', city: '', amount: 'n/a' },
  { name: 'Fay', city: 'Paris', amount: 2.25, active: true, tags: ['eu', 'new'] },
];

async function insertRecord(data: Record<string, unknown>, minutesAgo: number, isDraft = false) {
  await server.owner.query(
    `INSERT INTO records (tenant_id, module_id, module_version, data, is_draft, created_on)
     VALUES ($1, $2, 1, $3, $4, now() - make_interval(mins => $5))`,
    [await tenantId(server, 'acme'), appId, JSON.stringify(data), isDraft, minutesAgo],
  );
}

beforeAll(async () => {
  server = await createTestServer();
  const sign = async (label: string, username: string, kind: 'FULL_USER' | 'USER') => {
    await server.createUser(label, { username, password: `${username}-pass`, kind });
    const client = server.client(label);
    await client.signIn(username, `${username}-pass`);
    return client;
  };
  fred = await sign('acme', 'fred', 'FULL_USER');
  uma = await sign('acme', 'uma', 'USER');
  wes = await sign('acme', 'wes', 'USER');
  gus = await sign('globex', 'gus', 'FULL_USER');
  appId = await createApp(fred, 'Customers');
  const groups = [
    section('main', [
      [field('text', 'name'), field('text', 'city'), field('number', 'amount')],
      [field('switch', 'active'), field('checklist', 'tags'), field('date', 'joined')],
      [field('password', 'secret'), field('text', 'note')],
    ]),
    table('lines', [field('text', 'item')], 1),
  ];
  const permission = [
    { activityId: 'fs-complete', fields: [{ name: 'note', control: 'hidden' }], fieldGroups: [] },
  ];
  expect((await saveForm(fred, appId, groups, { permission })).statusCode).toBe(200);
  expect((await fred.post(P.publish, { id: appId })).statusCode).toBe(200);
  draftApp = await createApp(fred, 'Unpublished');
  await grantApps(server, 'acme', 'uma', [{ appId }, { appId: draftApp }]);
  // Oldest first: Ann is the oldest record, Fay the newest.
  for (const [index, row] of ROWS.entries()) {
    await insertRecord({ ...row, lines: [{ item: `${row.name}-1` }] }, 100 - index);
  }
  await insertRecord({ name: 'Draft', city: 'Berlin', amount: 1000 }, 1, true);
});
afterAll(() => server?.close());

const lookup = (client: TestClient, body: Record<string, unknown>) =>
  client.post(L.recordModuleLookup, { moduleId: appId, ...body });
const names = (res: { json: () => any }) =>
  res.json().data.data.map((r: { data: { name: string } }) => r.data.name);

describe('RecordModuleLookup', () => {
  it('answers submitted records, newest first, with only the fields asked for', async () => {
    const res = await lookup(uma, { fields: ['name', 'amount'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res)).toEqual(['Fay', 'Eve', 'Dee', 'Cyd', 'Bob', 'Ann']);
    expect(res.json().data.data[5].data).toEqual({ name: 'Ann', amount: 5 });
    expect(res.json().data.hasMore).toBe(false);
  });

  it('answers every readable field when none are named, never passwords or fields hidden once submitted', async () => {
    const res = await lookup(uma, { filters: [{ field: 'name', operator: 'eq', value: 'Ann' }] });
    const data = res.json().data.data[0].data;
    expect(Object.keys(data).sort()).toEqual(['active', 'amount', 'city', 'joined', 'lines', 'name', 'tags']);
  });

  it('pages with hasMore', async () => {
    const first = await lookup(uma, { fields: ['name'], length: 4 });
    expect(names(first)).toEqual(['Fay', 'Eve', 'Dee', 'Cyd']);
    expect(first.json().data.hasMore).toBe(true);
    const second = await lookup(uma, { fields: ['name'], length: 4, page: 2 });
    expect(names(second)).toEqual(['Bob', 'Ann']);
    expect(second.json().data.hasMore).toBe(false);
  });

  it('sorts numbers as numbers and text as text', async () => {
    const byAmount = await lookup(uma, { fields: ['name'], sortValuesBy: 'amount', sortType: 'desc' });
    // 'n/a' is not a number: last.
    expect(names(byAmount)).toEqual(['Cyd', 'Bob', 'Dee', 'Ann', 'Fay', 'Eve']);
    const byName = await lookup(uma, { fields: ['name'], sortValuesBy: 'name' });
    expect(names(byName)).toEqual(['Ann', 'Bob', 'Cyd', 'Dee', 'Eve', 'Fay']);
  });

  it('filters with the spec operators', async () => {
    const cases: Array<[Record<string, unknown>[], string[]]> = [
      [[{ field: 'city', operator: 'eq', value: 'BERLIN', ignoreCase: true }], ['Bob', 'Ann']],
      [[{ field: 'city', operator: 'eq', value: 'Berlin' }], ['Ann']],
      [[{ field: 'amount', operator: 'gt', value: 9 }], ['Dee', 'Cyd', 'Bob']],
      [[{ field: 'amount', operator: 'lte', value: '5' }], ['Fay', 'Ann']],
      [[{ field: 'city', operator: 'contains', value: 'ar' }], ['Fay', 'Cyd']],
      [[{ field: 'city', operator: 'startswith', value: 'b', ignoreCase: true }], ['Bob', 'Ann']],
      [[{ field: 'city', operator: 'isin', value: ['Paris', 'Madrid'] }], ['Fay', 'Dee', 'Cyd']],
      [[{ field: 'city', operator: 'isempty' }], ['Eve']],
      [[{ field: 'active', operator: 'isnull' }], ['Eve', 'Dee']],
      [[{ field: 'active', operator: 'eq', value: true }], ['Fay', 'Cyd', 'Ann']],
      [[{ field: 'tags', operator: 'eq', value: ['vip', 'eu'], matchesAll: true }], ['Ann']],
      [[{ field: 'tags', operator: 'isin', value: ['vip', 'new'] }], ['Fay', 'Cyd', 'Ann']],
      [[{ field: 'tags', operator: 'isempty' }], ['Eve', 'Dee']],
      [[{ field: 'joined', operator: 'lt', value: '2024-02-01' }], ['Cyd', 'Ann']],
      [
        [
          { field: 'name', operator: 'maxlength', value: 3 },
          { field: 'city', operator: 'neq', value: 'Paris' },
        ],
        ['Eve', 'Dee', 'Bob', 'Ann'],
      ],
      [[{ field: 'name', operator: 'partof', value: 'Ann and Bob' }], ['Bob', 'Ann']],
      [[{ field: 'city', operator: 'doesnotcontain', value: 'a' }], ['Eve', 'Bob', 'Ann']],
    ];
    for (const [filters, expected] of cases) {
      const res = await lookup(uma, { fields: ['name'], filters });
      expect(res.statusCode, JSON.stringify(filters) + res.body).toBe(200);
      expect(names(res), JSON.stringify(filters)).toEqual(expected);
    }
  });

  it('filters on system columns', async () => {
    const res = await lookup(uma, {
      fields: ['name'],
      filters: [
        { field: 'created_on', operator: 'gte', value: new Date(Date.now() - 97.5 * 60_000).toISOString() },
      ],
    });
    expect(names(res)).toEqual(['Fay', 'Eve', 'Dee']);
  });

  it('searches text fields, or one field', async () => {
    expect(names(await lookup(uma, { fields: ['name'], search: 'ERL' }))).toEqual(['Bob', 'Ann']);
    expect(names(await lookup(uma, { fields: ['name'], search: 'e', searchField: 'name' }))).toEqual([
      'Eve',
      'Dee',
    ]);
    // LIKE wildcards are searched for literally.
    expect(names(await lookup(uma, { fields: ['name'], search: '%' }))).toEqual([]);
  });

  it('refuses unknown, secret and hidden fields, and values that do not suit the field', async () => {
    for (const body of [
      { fields: ['nope'] },
      { fields: ['secret'] },
      { fields: ['note'] },
      { filters: [{ field: 'secret', operator: 'eq', value: 's1' }] },
      { sortValuesBy: 'note' },
      { sortValuesBy: 'lines' },
      { searchField: 'nope', search: 'x' },
    ]) {
      const res = await lookup(uma, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(RECORD_LOOKUP_MESSAGES.unknownField);
    }
    const bad = await lookup(uma, { filters: [{ field: 'amount', operator: 'gt', value: 'lots' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(RECORDS_MESSAGES.badFilterValue);
  });

  it('answers 404 for apps the caller may not see, other tenants’ and unpublished ones', async () => {
    for (const [client, moduleId] of [
      [wes, appId],
      [gus, appId],
      [uma, draftApp],
      [fred, draftApp],
      [fred, 'not-an-id'],
    ] as const) {
      const res = await client.post(L.recordModuleLookup, { moduleId });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(RECORD_LOOKUP_MESSAGES.appNotFound);
    }
  });
});

describe('recordModuleLookup2', () => {
  const values = (client: TestClient, field: string, search = '') =>
    client.get(
      `${L.recordModuleLookup2}?moduleId=${appId}&field=${field}&search=${encodeURIComponent(search)}`,
    );

  it('answers the distinct values in label order with a record holding each', async () => {
    const res = await values(uma, 'city');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((v: { label: string }) => v.label)).toEqual([
      'Berlin',
      'berlin',
      'Madrid',
      'Paris',
    ]);
    const paris = res.json().data.find((v: { value: string }) => v.value === 'Paris');
    const { rows } = await server.owner.query(`SELECT data->>'name' AS name FROM records WHERE id = $1`, [
      paris.recordId,
    ]);
    expect(rows[0].name).toBe('Fay');
  });

  it('counts each element of a multi-value field, and searches ignoring case', async () => {
    expect((await values(uma, 'tags')).json().data.map((v: { value: string }) => v.value)).toEqual([
      'eu',
      'new',
      'vip',
    ]);
    expect((await values(uma, 'city', 'BER')).json().data.map((v: { label: string }) => v.label)).toEqual([
      'Berlin',
      'berlin',
    ]);
  });

  it('refuses unknown fields and invisible apps', async () => {
    expect((await values(uma, 'secret')).statusCode).toBe(400);
    expect((await values(wes, 'city')).statusCode).toBe(404);
  });
});

describe('AggregateLookup', () => {
  const agg = (body: Record<string, unknown>) => uma.post(L.aggregateLookup, { moduleId: appId, ...body });
  const value = async (body: Record<string, unknown>) => {
    const res = await agg(body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.value;
  };

  it('computes exact values over the filtered submitted records', async () => {
    expect(await value({ aggregate: 'count' })).toBe(6);
    expect(await value({ aggregate: 'count', field: 'active' })).toBe(4);
    expect(await value({ aggregate: 'sum', field: 'amount' })).toBe(126.75);
    expect(await value({ aggregate: 'avg', field: 'amount' })).toBe(25.35);
    expect(await value({ aggregate: 'min', field: 'amount' })).toBe(2.25);
    expect(await value({ aggregate: 'max', field: 'amount' })).toBe(100);
    const paris = [{ field: 'city', operator: 'eq', value: 'Paris' }];
    expect(await value({ aggregate: 'sum', field: 'amount', filters: paris })).toBe(102.25);
    expect(await value({ aggregate: 'count', filters: paris })).toBe(2);
    const none = [{ field: 'city', operator: 'eq', value: 'Oslo' }];
    expect(await value({ aggregate: 'sum', field: 'amount', filters: none })).toBe(0);
    expect(await value({ aggregate: 'avg', field: 'amount', filters: none })).toBeNull();
  });

  it('wants a number field for sum, avg, min and max', async () => {
    const text = await agg({ aggregate: 'sum', field: 'city' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(RECORD_LOOKUP_MESSAGES.notNumberField);
    expect((await agg({ aggregate: 'max', field: 'secret' })).statusCode).toBe(400);
    expect((await agg({ aggregate: 'avg' })).statusCode).toBe(400);
    expect((await wes.post(L.aggregateLookup, { moduleId: appId, aggregate: 'count' })).statusCode).toBe(404);
  });
});
