import { REFERENCE_DATA_PATHS as P } from '@formloop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
const listCount = async () => (await w.fullUser.get(P.list)).json().data.length as number;

describe('CSV import', () => {
  it('creates a list from a CSV with a header: values in file order, extra columns, duplicates skipped', async () => {
    const csv =
      '\uFEFFName,Code,Region\r\nFrance,FR,EU\r\n\r\n"Congo, Democratic Republic",CD,AF\r\nfrance,XX,EU\r\nJapan,JP\r\n';
    const res = await w.fullUser.post(P.import, {
      mode: 'create',
      key_name: 'Countries',
      categories: 'Geo',
      description: 'From a file',
      hasHeader: true,
      csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Imported 3 rows; 1 duplicates skipped.');
    const result = res.json().data;
    expect(result).toMatchObject({ imported: 3, skipped: 1, columns: ['Code', 'Region'] });
    const detail = await detailOf(w.user, result.record_id);
    expect(detail).toMatchObject({ key_name: 'Countries', categories: 'Geo', description: 'From a file' });
    expect(detail.values.map((r) => [r.value, r.order_index, r.data])).toEqual([
      ['France', 0, { Code: 'FR', Region: 'EU' }],
      ['Congo, Democratic Republic', 1, { Code: 'CD', Region: 'AF' }],
      ['Japan', 2, { Code: 'JP', Region: '' }],
    ]);
    const audit = await auditRows(w.server, 'reference-list', result.record_id);
    expect(audit).toMatchObject([{ action: 'created', after: { mode: 'create', imported: 3, skipped: 1 } }]);
  });

  it('names columns column2… without a header', async () => {
    const res = await w.consultant.post(P.import, {
      mode: 'create',
      key_name: 'Plain',
      hasHeader: false,
      csv: 'Alpha,1,x\nBeta,2\nGamma',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ imported: 3, skipped: 0, columns: ['column2', 'column3'] });
    expect((await detailOf(w.user, res.json().data.record_id)).values[1]!.data).toEqual({
      column2: '2',
      column3: '',
    });
  });

  it('appends after the existing values, skipping repeats and adding new columns', async () => {
    const id = await createList(w.fullUser, 'Fruit', [{ value: 'Apple', data: { colour: 'red' } }], {
      columns: ['colour'],
    });
    const res = await w.fullUser.post(P.import, {
      mode: 'append',
      listId: id,
      hasHeader: true,
      csv: 'fruit,Colour,taste\napple,green,sour\nPear,green,sweet\nPlum,purple,sweet',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ imported: 2, skipped: 1, columns: ['colour', 'taste'] });
    const detail = await detailOf(w.user, id);
    expect(detail.values.map((r) => [r.value, r.order_index, r.data])).toEqual([
      ['Apple', 0, { colour: 'red' }],
      ['Pear', 1, { colour: 'green', taste: 'sweet' }],
      ['Plum', 2, { colour: 'purple', taste: 'sweet' }],
    ]);
    expect((await auditRows(w.server, 'reference-list', id)).at(-1)).toMatchObject({
      action: 'imported',
      before: { values: ['Apple'] },
      after: { values: ['Apple', 'Pear', 'Plum'], mode: 'append' },
    });
  });

  it('replaces a list’s values and columns with the file’s', async () => {
    const id = await createList(w.fullUser, 'Replace me', ['Old one', 'Old two']);
    const res = await w.fullUser.post(P.import, {
      mode: 'replace',
      listId: id,
      hasHeader: false,
      csv: 'New\nNewer',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await valuesOf(w.user, id)).toEqual(['New', 'Newer']);
  });

  it('imports nothing when one row is bad, and names the line', async () => {
    const before = await listCount();
    const cases: Array<[string, string]> = [
      ['value\nGood\n,orphan cell\nAlso good', 'Row 3 has no value in the first column.'],
      ['value,code\nGood,G\nWide,W,extra', 'Row 3 has more columns than the header.'],
      ['value\nGood\n"unclosed\nmore', 'The CSV file could not be read (line 4).'],
      [`value\nGood\n${'x'.repeat(501)}`, 'Row 3: a value cannot exceed 500 characters.'],
      ['value\n\n  \n', 'The CSV file has no rows to import.'],
      ['value,code,code\nA,1,2', 'The column name "code" is used more than once.'],
      ['value,2nd\nA,1', 'Cannot start with a number'],
    ];
    for (const [csv, message] of cases) {
      const res = await w.fullUser.post(P.import, {
        mode: 'create',
        key_name: 'Broken',
        hasHeader: true,
        csv,
      });
      expect(res.statusCode, message).toBe(400);
      expect(errorsOf(res), message).toEqual([
        {
          field: 'csv',
          message,
          key: expect.stringMatching(/^(referenceData|validation)\./),
          params: expect.any(Object),
        },
      ]);
    }
    expect(await listCount()).toBe(before);

    const id = await createList(w.fullUser, 'Untouched', ['Keep']);
    const bad = await w.fullUser.post(P.import, {
      mode: 'replace',
      listId: id,
      hasHeader: false,
      csv: 'Fine\n,\nx,y\n"',
    });
    expect(bad.statusCode).toBe(400);
    expect(await valuesOf(w.fullUser, id)).toEqual(['Keep']);
  });

  it('refuses more than 10000 rows, more than 2 MB, and a list that would outgrow 10000 values', async () => {
    const rows = Array.from({ length: 10_001 }, (_v, i) => `v${i}`).join('\n');
    const many = await w.fullUser.post(P.import, {
      mode: 'create',
      key_name: 'Many',
      hasHeader: false,
      csv: rows,
    });
    expect(many.statusCode).toBe(400);
    expect(errorsOf(many)).toMatchObject([
      { field: 'csv', message: 'The CSV file cannot have more than 10000 rows.' },
    ]);

    const big = await w.fullUser.post(P.import, {
      mode: 'create',
      key_name: 'Big',
      csv: `value\n${'é'.repeat(1024 * 1024 + 10)}`,
    });
    expect(big.statusCode).toBe(400);
    expect(errorsOf(big)).toMatchObject([
      { field: 'csv', message: 'The CSV file cannot be larger than 2 MB.' },
    ]);

    const id = await createList(
      w.fullUser,
      'Nearly full',
      Array.from({ length: 9_999 }, (_v, i) => `n${i}`),
    );
    const over = await w.fullUser.post(P.import, {
      mode: 'append',
      listId: id,
      hasHeader: false,
      csv: 'x1\nx2',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('A list can hold at most 10000 values.');
    expect((await detailOf(w.fullUser, id)).values).toHaveLength(9_999);
  });

  it('checks the request: key_name to create, listId to append, mode; 409 duplicate; 403; 404', async () => {
    const noName = await w.fullUser.post(P.import, { mode: 'create', csv: 'a' });
    expect(errorsOf(noName)).toMatchObject([{ field: 'key_name', message: 'This field is required' }]);
    const noList = await w.fullUser.post(P.import, { mode: 'append', csv: 'a' });
    expect(errorsOf(noList)).toMatchObject([{ field: 'listId', message: 'Choose the list to import into.' }]);
    const mode = await w.fullUser.post(P.import, { mode: 'merge', key_name: 'X', csv: 'a' });
    expect(errorsOf(mode)).toMatchObject([
      { field: 'mode', message: 'Mode must be create, append or replace.' },
    ]);
    const badName = await w.fullUser.post(P.import, { mode: 'create', key_name: '1x', csv: 'a' });
    expect(errorsOf(badName)).toMatchObject([{ field: 'key_name', message: 'Cannot start with a number' }]);

    await createList(w.fullUser, 'Taken', []);
    const taken = await w.fullUser.post(P.import, {
      mode: 'create',
      key_name: 'taken',
      csv: 'a',
      hasHeader: false,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A reference data list with this key name already exists.');

    expect((await w.user.post(P.import, { mode: 'create', key_name: 'Mine', csv: 'a' })).statusCode).toBe(
      403,
    );
    const theirs = await createList(w.globex, 'Theirs', ['T']);
    const foreign = await w.fullUser.post(P.import, {
      mode: 'replace',
      listId: theirs,
      csv: 'a',
      hasHeader: false,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await valuesOf(w.globex, theirs)).toEqual(['T']);
  });
});
