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

beforeAll(async () => {
  w = await createReferenceWorld();
});
afterAll(() => w?.server.close());

const errorsOf = (res: { json: () => any }) =>
  res.json().data.errors as Array<{ field: string; message: string }>;

describe('reference data lists (ListKeyValue)', () => {
  it('creates a list with ordered values and new categories in one save, and audits it', async () => {
    const res = await w.fullUser.post(P.save, {
      key_name: 'Colours ',
      categories: 'Paint, Design,paint',
      description: 'Colours we sell',
      values: [{ value: ' Red ' }, { value: 'Green' }, { value: 'Blue' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Reference data has been saved');
    const id = res.json().data.record_id as string;

    const detail = await detailOf(w.user, id);
    expect(detail).toMatchObject({
      id,
      key_name: 'Colours',
      categories: 'Paint,Design',
      description: 'Colours we sell',
      columns: [],
    });
    expect(detail.values.map((row) => [row.value, row.order_index])).toEqual([
      ['Red', 0],
      ['Green', 1],
      ['Blue', 2],
    ]);

    const categories = (await w.user.get(P.categoryList)).json().data;
    expect(categories.map((c: { category_name: string }) => c.category_name)).toEqual(['Design', 'Paint']);

    const audit = await auditRows(w.server, 'reference-list', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'created',
      before: null,
      after: { key_name: 'Colours', value_count: 3, values: ['Red', 'Green', 'Blue'] },
      label: 'acme',
    });
    expect((await auditRows(w.server, 'reference-category')).map((r) => r.after.category_name)).toEqual([
      'Paint',
      'Design',
    ]);
  });

  it('updates a list keeping row ids, order, edits, removals and additions in one save', async () => {
    const id = await createList(w.consultant, 'Sizes', ['S', 'M', 'L', 'XL']);
    const before = await detailOf(w.consultant, id);
    const [s, m, l] = before.values;
    const res = await w.consultant.post(P.save, {
      id,
      key_name: 'Sizes',
      categories: ['Clothing'],
      values: [
        { row_id: l!.row_id, value: 'Large' },
        { value: 'XS' },
        { row_id: s!.row_id, value: 'S' },
        { row_id: m!.row_id, value: 'M' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ record_id: id });
    const after = await detailOf(w.consultant, id);
    expect(after.categories).toBe('Clothing');
    expect(after.values.map((row) => [row.value, row.order_index])).toEqual([
      ['Large', 0],
      ['XS', 1],
      ['S', 2],
      ['M', 3],
    ]);
    expect(after.values[0]!.row_id).toBe(l!.row_id);
    expect(after.values[2]!.row_id).toBe(s!.row_id);
    const { rows } = await w.server.owner.query(
      'SELECT count(*)::int AS n FROM reference_list_rows WHERE list_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(4);
    const audit = await auditRows(w.server, 'reference-list', id);
    expect(audit.map((r) => r.action)).toEqual(['created', 'updated']);
    expect(audit[1].before.values).toEqual(['S', 'M', 'L', 'XL']);
    expect(audit[1].after.values).toEqual(['Large', 'XS', 'S', 'M']);
  });

  it('keeps extra column cells, and refuses cells of columns the list does not have', async () => {
    const id = await createList(w.admin, 'Countries', [{ value: 'France', data: { code: 'FR' } }], {
      columns: ['code'],
    });
    const detail = await detailOf(w.admin, id);
    expect(detail.columns).toEqual(['code']);
    expect(detail.values[0]!.data).toEqual({ code: 'FR' });
    const bad = await w.admin.post(P.save, {
      id,
      key_name: 'Countries',
      values: [{ row_id: detail.values[0]!.row_id, value: 'France', data: { region: 'EU' } }],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toMatchObject([
      { field: 'values.0.data', message: 'The list has no column named "region".' },
    ]);
    // Left out, data keeps the row's cells.
    const kept = await w.admin.post(P.save, {
      id,
      key_name: 'Countries',
      values: [{ row_id: detail.values[0]!.row_id, value: 'France' }, { value: 'Spain' }],
    });
    expect(kept.statusCode).toBe(200);
    expect((await detailOf(w.admin, id)).values.map((row) => row.data)).toEqual([
      { code: 'FR' },
      { code: '' },
    ]);
  });

  it('checks key_name, description, categories and values with their messages (400)', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ key_name: '' }, 'key_name', 'This field is required'],
      [{ key_name: '   ' }, 'key_name', 'This field is required'],
      [{ key_name: ' Lead' }, 'key_name', 'Cannot start with a space'],
      [{ key_name: '1st' }, 'key_name', 'Cannot start with a number'],
      [{ key_name: 'a--b' }, 'key_name', 'Cannot contain special characters'],
      [{ key_name: 'k'.repeat(41) }, 'key_name', 'Cannot exceed 40 characters'],
      [{ description: 'a<b>' }, 'description', 'Value cannot contain special characters'],
      [{ description: 'd'.repeat(251) }, 'description', 'Value can not exceed 250 characters'],
      [{ categories: 'Good, 9lives' }, 'categories', 'Cannot start with a number'],
      [{ values: [{ value: '  ' }] }, 'values.0.value', 'A value cannot be empty.'],
      [{ values: [{ value: 'v'.repeat(501) }] }, 'values.0.value', 'A value cannot exceed 500 characters.'],
      [
        { values: [{ value: 'Red' }, { value: 'Blue' }, { value: ' red' }] },
        'values.2.value',
        'The value "red" appears more than once in the list.',
      ],
      [
        { values: Array.from({ length: 10_001 }, (_v, i) => ({ value: `v${i}` })) },
        'values',
        'A list can hold at most 10000 values.',
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await w.fullUser.post(P.save, { key_name: 'Valid', values: [], ...patch });
      expect(res.statusCode, `${field} ${message}`).toBe(400);
      expect(errorsOf(res), field).toEqual([
        {
          field,
          message,
          key: expect.stringMatching(/^(referenceData|validation)\./),
          params: expect.any(Object),
        },
      ]);
    }
    expect((await w.fullUser.get(`${P.list}?search=Valid`)).json().data).toEqual([]);
  });

  it('answers a duplicate key name, in any case, with 409 on create and rename', async () => {
    const first = await createList(w.fullUser, 'Regions', ['North']);
    const other = await createList(w.fullUser, 'Areas', ['East']);
    const again = await w.fullUser.post(P.save, { key_name: 'REGIONS', values: [] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A reference data list with this key name already exists.');
    const rename = await w.fullUser.post(P.save, {
      id: other,
      key_name: 'regions',
      values: [{ value: 'East' }],
    });
    expect(rename.statusCode).toBe(409);
    expect(await valuesOf(w.fullUser, first)).toEqual(['North']);
    // Another tenant may use the same key name.
    await createList(w.globex, 'Regions', ['Somewhere']);
  });

  it('lists with search and category filters, value counts and dates', async () => {
    await createList(w.fullUser, 'Fruit', ['Apple', 'Pear'], {
      categories: 'Food',
      description: 'Sweet things',
    });
    await createList(w.fullUser, 'Vegetables', ['Leek'], { categories: 'food,Garden' });
    const all = (await w.user.get(P.list)).json().data as Array<Record<string, unknown>>;
    const fruit = all.find((row) => row.key_name === 'Fruit');
    expect(fruit).toMatchObject({ categories: 'Food', description: 'Sweet things', value_count: 2 });
    expect(Number.isNaN(Date.parse(String(fruit?.modified_at)))).toBe(false);
    const byCategory = (await w.user.get(`${P.list}?category=FOOD`)).json().data;
    expect(byCategory.map((row: { key_name: string }) => row.key_name)).toEqual(['Fruit', 'Vegetables']);
    const searched = (await w.user.get(`${P.list}?search=sweet`)).json().data;
    expect(searched.map((row: { key_name: string }) => row.key_name)).toEqual(['Fruit']);
    const special = await w.user.get(`${P.list}?search=${encodeURIComponent('a;b')}`);
    expect(special.statusCode).toBe(400);
    expect(errorsOf(special)[0]?.message).toBe('Search value cannot contain special characters');
    const theirs = (await w.globex.get(P.list)).json().data;
    expect(theirs.map((row: { key_name: string }) => row.key_name)).toEqual(['Regions']);
  });

  it('deletes a list with its values and audits it', async () => {
    const id = await createList(w.fullUser, 'Temporary', ['One', 'Two']);
    const res = await w.fullUser.post(P.delete, { id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Reference data has been deleted',
      data: { id },
    });
    expect((await w.fullUser.get(`${P.detail}?id=${id}`)).statusCode).toBe(404);
    const { rows } = await w.server.owner.query(
      'SELECT count(*)::int AS n FROM reference_list_rows WHERE list_id = $1',
      [id],
    );
    expect(rows[0].n).toBe(0);
    const audit = await auditRows(w.server, 'reference-list', id);
    expect(audit.map((r) => r.action)).toEqual(['created', 'deleted']);
    expect(audit[1]).toMatchObject({
      before: { key_name: 'Temporary', values: ['One', 'Two'] },
      after: null,
    });
  });

  it('adds categories (record_id) with the name rules and 409 for a duplicate', async () => {
    const res = await w.consultant.post(P.categoryAdd, { category_name: 'Finance' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Category has been added');
    expect(res.json().data).toMatchObject({ category_name: 'Finance', record_id: res.json().data.id });
    const again = await w.fullUser.post(P.categoryAdd, { category_name: 'finance' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A category with this name already exists.');
    const bad = await w.fullUser.post(P.categoryAdd, { category_name: '2nd' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)).toMatchObject([{ field: 'category_name', message: 'Cannot start with a number' }]);
    expect((await w.fullUser.post(P.categoryAdd, {})).statusCode).toBe(400);
    const audit = await auditRows(w.server, 'reference-category', res.json().data.id);
    expect(audit).toMatchObject([{ action: 'created', after: { category_name: 'Finance' } }]);
    // A list filed under an existing category in another case keeps the category's own spelling.
    const id = await createList(w.fullUser, 'Budgets', [], { categories: 'FINANCE' });
    expect((await detailOf(w.fullUser, id)).categories).toBe('Finance');
  });

  it('lets ordinary users read but not write (403), and refuses callers not signed in (401)', async () => {
    const id = await createList(w.fullUser, 'ReadOnly', ['A']);
    const writes: Array<[string, unknown]> = [
      [P.save, { key_name: 'Nope', values: [] }],
      [P.save, { id, key_name: 'Nope', values: [] }],
      [P.save, { key_name: '' }],
      [P.delete, { id }],
      [P.categoryAdd, { category_name: 'Nope' }],
      [P.import, { mode: 'create', key_name: 'Nope', csv: 'a' }],
    ];
    for (const [path, body] of writes) {
      expect((await w.user.post(path, body)).statusCode, path).toBe(403);
      expect((await w.anonymous.post(path, body)).statusCode, path).toBe(401);
    }
    for (const path of [P.list, `${P.detail}?id=${id}`, P.categoryList]) {
      expect((await w.user.get(path)).statusCode, path).toBe(200);
      expect((await w.anonymous.get(path)).statusCode, path).toBe(401);
    }
    expect(await valuesOf(w.user, id)).toEqual(['A']);
    expect((await auditRows(w.server, 'reference-list')).some((r) => r.after?.key_name === 'Nope')).toBe(
      false,
    );
  });

  it('treats another tenant’s list, unknown ids and other lists’ rows as 404', async () => {
    const theirs = (await w.globex.get(P.list)).json().data[0].id as string;
    const mine = await createList(w.fullUser, 'Mine', ['X']);
    const otherRow = (await detailOf(w.globex, theirs)).values[0]!.row_id;
    for (const id of [theirs, UNKNOWN_ID, 'not-a-uuid']) {
      expect((await w.fullUser.get(`${P.detail}?id=${id}`)).statusCode, id).toBe(404);
      expect((await w.fullUser.post(P.save, { id, key_name: 'Hijack', values: [] })).statusCode, id).toBe(
        404,
      );
      expect((await w.fullUser.post(P.delete, { id })).statusCode, id).toBe(404);
    }
    const foreignRow = await w.fullUser.post(P.save, {
      id: mine,
      key_name: 'Mine',
      values: [{ row_id: otherRow, value: 'Stolen' }],
    });
    expect(foreignRow.statusCode).toBe(404);
    expect(foreignRow.json().message).toBe('This row does not exist in the list.');
    expect(await valuesOf(w.globex, theirs)).toEqual(['Somewhere']);
    expect(await valuesOf(w.fullUser, mine)).toEqual(['X']);
  });
});
