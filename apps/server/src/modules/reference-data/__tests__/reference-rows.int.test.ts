import { REFERENCE_DATA_PATHS as P } from '@formloop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UNKNOWN_ID,
  auditRows,
  createList,
  createReferenceWorld,
  detailOf,
  valuesOf,
  type ReferenceWorld,
} from './reference-fixtures.ts';

let w: ReferenceWorld;
let cities: string;
let theirs: string;

const errorsOf = (res: { json: () => any }) =>
  res.json().data.errors as Array<{ field: string; message: string }>;
const CITY_NAMES = Array.from({ length: 25 }, (_v, i) => `City ${String(i + 1).padStart(2, '0')}`);

beforeAll(async () => {
  w = await createReferenceWorld();
  cities = await createList(
    w.fullUser,
    'Cities',
    CITY_NAMES.map((value, i) => ({ value, data: { region: i % 2 === 0 ? 'North' : 'South' } })),
    { columns: ['region'] },
  );
  theirs = await createList(w.globex, 'Secret', ['Hidden']);
});
afterAll(() => w?.server.close());

describe('datasets (ReferenceData and permissible list)', () => {
  it('lists id and key_name for pickers to every signed-in user, tenant by tenant', async () => {
    for (const path of [P.listDataset, P.permissibleList]) {
      const res = await w.user.get(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.json().data).toEqual([{ id: cities, key_name: 'Cities' }]);
      expect((await w.globex.get(path)).json().data).toEqual([{ id: theirs, key_name: 'Secret' }]);
      expect((await w.anonymous.get(path)).statusCode).toBe(401);
    }
  });

  it('answers a dataset with its columns and ordered rows, and 404 for other tenants', async () => {
    const res = await w.user.get(`${P.getDataset}?id=${cities}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: cities, key_name: 'Cities', columns: ['region'] });
    expect(data.rows).toHaveLength(25);
    expect(data.rows[1]).toMatchObject({ value: 'City 02', data: { region: 'South' }, order_index: 1 });
    for (const id of [theirs, UNKNOWN_ID, 'x']) {
      expect((await w.user.get(`${P.getDataset}?id=${id}`)).statusCode, id).toBe(404);
    }
  });

  it('answers GetDataByKey by key name (any case) or id, in order, for every signed-in user', async () => {
    const byName = await w.user.get(`${P.dataByKey}?key=cities`);
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data.slice(0, 2)).toEqual([
      { row_id: expect.any(String), value: 'City 01', order_index: 0 },
      { row_id: expect.any(String), value: 'City 02', order_index: 1 },
    ]);
    const byId = await w.user.get(`${P.dataByKey}?key=${cities}`);
    expect(byId.json().data).toEqual(byName.json().data);
    expect((await w.user.get(`${P.dataByKey}?key=Secret`)).statusCode).toBe(404);
    expect((await w.user.get(`${P.dataByKey}?key=${theirs}`)).statusCode).toBe(404);
    const missing = await w.user.get(P.dataByKey);
    expect(missing.statusCode).toBe(400);
    expect((await w.anonymous.get(`${P.dataByKey}?key=Cities`)).statusCode).toBe(401);
  });
});

describe('row table (datatables)', () => {
  const table = (body: Record<string, unknown>) => w.user.post(P.datatables, { id: cities, ...body });

  it('pages, searches and sorts one list’s rows on the server', async () => {
    const second = (await table({ page: 2, length: 10 })).json().data;
    expect(second.recordsTotal).toBe(25);
    expect(second.recordsFiltered).toBe(25);
    expect(second.records.map((r: { value: string }) => r.value)).toEqual(CITY_NAMES.slice(10, 20));
    const last = (await table({ page: 3, length: 10 })).json().data;
    expect(last.records).toHaveLength(5);

    const desc = (await table({ length: 20, orders: [{ column: 'value', dir: 'desc' }] })).json().data;
    expect(desc.records[0].value).toBe('City 25');

    const byRegion = (
      await table({
        length: 50,
        orders: [
          { column: 'region', dir: 'asc' },
          { column: 'order_index', dir: 'desc' },
        ],
      })
    ).json().data;
    expect(byRegion.records[0]).toMatchObject({ value: 'City 25', data: { region: 'North' } });
    expect(byRegion.records[13]).toMatchObject({ value: 'City 24', data: { region: 'South' } });

    const found = (await table({ search: 'south', length: 50 })).json().data;
    expect(found.recordsFiltered).toBe(12);
    expect(found.recordsTotal).toBe(25);
    const one = (await table({ search: 'city 07' })).json().data;
    expect(one.records.map((r: { value: string }) => r.value)).toEqual(['City 07']);
  });

  it('refuses a bad page size, unknown sort column and special characters (400), and other tenants (404)', async () => {
    const size = await table({ length: 15 });
    expect(size.statusCode).toBe(400);
    expect(errorsOf(size)).toMatchObject([
      { field: 'length', message: 'Page size must be 10, 20, 50 or 100.' },
    ]);
    const column = await table({ orders: [{ column: 'population', dir: 'asc' }] });
    expect(column.statusCode).toBe(400);
    expect(errorsOf(column)).toMatchObject([
      { field: 'orders.0.column', message: 'The list has no column named "population".' },
    ]);
    const dir = await table({ orders: [{ column: 'value', dir: 'up' }] });
    expect(errorsOf(dir)[0]?.message).toBe('Sort direction must be asc or desc.');
    const search = await table({ search: 'a%b' });
    expect(errorsOf(search)[0]?.message).toBe('Search value cannot contain special characters');
    expect((await w.user.post(P.datatables, { id: theirs })).statusCode).toBe(404);
  });
});

describe('rows (ReferenceDataEntry)', () => {
  it('AddRow appends at the end, returns record_id, audits, and keeps the value rules', async () => {
    const id = await createList(w.fullUser, 'Animals', ['Cat', 'Dog'], { columns: ['legs'] });
    const res = await w.consultant.post(P.addRow, { id, value: ' Bird ', data: { legs: '2' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Row has been added');
    const row = res.json().data;
    expect(row).toMatchObject({ value: 'Bird', data: { legs: '2' }, order_index: 2, record_id: row.row_id });
    expect(await valuesOf(w.user, id)).toEqual(['Cat', 'Dog', 'Bird']);
    const audit = await auditRows(w.server, 'reference-list', id);
    expect(audit.map((r) => r.action)).toEqual(['created', 'row-added']);

    const duplicate = await w.fullUser.post(P.addRow, { id, value: 'DOG' });
    expect(duplicate.statusCode).toBe(400);
    expect(errorsOf(duplicate)).toMatchObject([
      { field: 'value', message: 'The value "DOG" appears more than once in the list.' },
    ]);
    const empty = await w.fullUser.post(P.addRow, { id, value: ' ' });
    expect(errorsOf(empty)).toMatchObject([{ field: 'value', message: 'A value cannot be empty.' }]);
    const column = await w.fullUser.post(P.addRow, { id, value: 'Ant', data: { wings: '0' } });
    expect(errorsOf(column)).toMatchObject([
      { field: 'data', message: 'The list has no column named "wings".' },
    ]);

    expect((await w.user.post(P.addRow, { id, value: 'Cow' })).statusCode).toBe(403);
    expect((await w.anonymous.post(P.addRow, { id, value: 'Cow' })).statusCode).toBe(401);
    expect((await w.fullUser.post(P.addRow, { id: theirs, value: 'Cow' })).statusCode).toBe(404);
    expect(await valuesOf(w.user, id)).toEqual(['Cat', 'Dog', 'Bird']);
  });

  it('batch adds, updates, deletes and reorders in one transaction', async () => {
    const id = await createList(w.fullUser, 'Steps', ['One', 'Two', 'Three', 'Four']);
    const [one, two, three, four] = (await detailOf(w.fullUser, id)).values;
    const res = await w.fullUser.post(P.batch, {
      id,
      deleted: [two!.row_id],
      updated: [{ row_id: three!.row_id, value: 'Third' }],
      order: [four!.row_id, one!.row_id],
      added: [{ value: 'Five' }, { value: 'Six' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Rows have been saved');
    const expected = [
      ['Four', 0],
      ['One', 1],
      ['Third', 2],
      ['Five', 3],
      ['Six', 4],
    ];
    expect(
      res.json().data.values.map((r: { value: string; order_index: number }) => [r.value, r.order_index]),
    ).toEqual(expected);
    const stored = await detailOf(w.user, id);
    expect(stored.values.map((r) => [r.value, r.order_index])).toEqual(expected);
    expect(stored.values[2]!.row_id).toBe(three!.row_id);
    const audit = await auditRows(w.server, 'reference-list', id);
    expect(audit.at(-1)).toMatchObject({
      action: 'rows-changed',
      before: { values: ['One', 'Two', 'Three', 'Four'] },
      after: {
        values: ['Four', 'One', 'Third', 'Five', 'Six'],
        added: 2,
        updated: 1,
        deleted: 1,
        reordered: true,
      },
    });
  });

  it('batch changes nothing when any part is wrong', async () => {
    const id = await createList(w.fullUser, 'Letters', ['A', 'B', 'C']);
    const [a, b] = (await detailOf(w.fullUser, id)).values;
    const attempts: Array<[Record<string, unknown>, number, string]> = [
      [
        { added: [{ value: 'D' }], updated: [{ row_id: a!.row_id, value: 'c' }] },
        400,
        'appears more than once',
      ],
      [{ added: [{ value: 'b' }] }, 400, 'The value "b" appears more than once in the list.'],
      [{ deleted: [a!.row_id, a!.row_id] }, 400, 'Each row may appear only once.'],
      [{ deleted: [UNKNOWN_ID], added: [{ value: 'E' }] }, 404, 'This row does not exist in the list.'],
      [{ deleted: [b!.row_id], order: [b!.row_id] }, 404, 'This row does not exist in the list.'],
      [{ added: [{ value: 'E' }, { value: 'e' }] }, 400, 'The value "e" appears more than once in the list.'],
    ];
    for (const [body, status, message] of attempts) {
      const res = await w.fullUser.post(P.batch, { id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    expect(await valuesOf(w.fullUser, id)).toEqual(['A', 'B', 'C']);
    expect((await w.user.post(P.batch, { id, added: [{ value: 'Z' }] })).statusCode).toBe(403);
    expect((await w.fullUser.post(P.batch, { id: theirs, added: [{ value: 'Z' }] })).statusCode).toBe(404);
    const foreignRow = (await detailOf(w.globex, theirs)).values[0]!.row_id;
    expect((await w.fullUser.post(P.batch, { id, deleted: [foreignRow] })).statusCode).toBe(404);
    expect(await valuesOf(w.globex, theirs)).toEqual(['Hidden']);
  });
});

describe('documentation', () => {
  it('documents every reference-data route in OpenAPI', async () => {
    const docs = await w.anonymous.get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = docs.json().paths as Record<string, Record<string, { summary?: string }>>;
    for (const path of Object.values(P)) {
      expect(paths[path], path).toBeDefined();
      expect(Object.values(paths[path]!)[0]?.summary, path).toBeTruthy();
    }
  });
});
