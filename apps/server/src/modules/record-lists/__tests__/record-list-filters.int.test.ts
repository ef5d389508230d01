import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_MESSAGES, RECORDS_PATHS, type RecordFilterInput } from '@formloop/contracts';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  arrangePeople,
  field,
  insertRecords,
  listRecords,
  publishApp,
  section,
  userId,
  type People,
} from './record-list-fixtures.ts';

// Every filter operator of spec §3 against real PostgreSQL, per kind of field, with ignoreCase and
// matchesAll: which of six known records each filter keeps.

let server: TestServer;
let people: People;
let appId: string;
let ids: string[];
let fred: string;
let uma: string;

const file = (name: string) => ({ uid: name, url: `/f/${name}`, name, status: 'done', fileKey: `k-${name}` });

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  fred = await userId(server, 'fred');
  uma = await userId(server, 'uma');
  appId = await publishApp(people.fred, 'Filters', [
    section('main', [
      [field('text', 'title'), field('number', 'amount'), field('date', 'due')],
      [field('datetime', 'stamp'), field('time', 'clock'), field('switch', 'done')],
      [field('user', 'owner'), field('lookup', 'ref'), field('file', 'doc')],
      [field('checklist', 'tags'), field('multi-select-user', 'people'), field('multi-file', 'files')],
      [field('password', 'secret')],
    ]),
  ]);
  ids = await insertRecords(server, appId, [
    {
      created_by: fred,
      tasks: 2,
      flow_name: 'Orders',
      data: {
        title: 'Alpha',
        amount: 10,
        due: '2026-01-10',
        stamp: '2026-01-10T08:00:00.000Z',
        clock: '08:00:00',
        done: true,
        owner: fred,
        ref: { id: 'a', label: 'Acme Corp' },
        doc: file('report.pdf'),
        tags: ['red', 'blue'],
        people: [fred, uma],
        files: [file('a.txt')],
        secret: 'hunter2',
      },
    },
    {
      created_by: fred,
      data: {
        title: 'alpha beta',
        amount: 20.5,
        due: '2026-02-01',
        stamp: '2026-02-01T12:00:00.000Z',
        clock: '12:30:00',
        done: false,
        owner: uma,
        ref: { id: 'b', label: 'Beta Ltd' },
        doc: file('photo.png'),
        tags: ['red'],
        people: [uma],
        files: [],
      },
    },
    {
      created_by: uma,
      data: {
        title: 'Gamma 50%_off',
        amount: -5,
        due: '2025-12-31',
        stamp: '2025-12-31T23:59:59.000Z',
        clock: '23:00:00',
        done: true,
        owner: null,
        ref: null,
        doc: null,
        tags: [],
        people: [],
        files: [file('b.txt'), file('c.txt')],
      },
    },
    { created_by: uma, data: { title: '', tags: ['green'] } },
    { created_by: uma, data: { amount: '7' } },
    {
      created_by: uma,
      tasks: 1,
      data: { title: 'Back\\slash', amount: 0, tags: ['Blue', 'green'], clock: '09:15:00' },
    },
  ]);
});
afterAll(() => server?.close());

/** The positions (0-5) of the records a set of filters keeps. */
async function kept(...filters: RecordFilterInput[]): Promise<number[]> {
  const page = await listRecords(people.fred, {
    moduleId: appId,
    length: 100,
    filters,
  });
  expect(page.recordsFiltered).toBe(page.data.length);
  return page.data.map((row) => ids.indexOf(row.id)).sort((a, b) => a - b);
}

const f = (
  fieldName: string,
  operator: RecordFilterInput['operator'],
  value?: unknown,
  options: { ignoreCase?: boolean; matchesAll?: boolean } = {},
): RecordFilterInput => ({ field: fieldName, operator, value, ...options });

async function refused(filter: RecordFilterInput, message: string = RECORDS_MESSAGES.badFilterValue) {
  const res = await people.fred.post(RECORDS_PATHS.datatables, { moduleId: appId, filters: [filter] });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({
    success: false,
    message,
    data: { errors: [{ field: filter.field, message }] },
  });
}

describe('text fields', () => {
  it('eq, neq, isin and partof, with and without ignoreCase, any or all of several values', async () => {
    expect(await kept(f('title', 'eq', 'Alpha'))).toEqual([0]);
    expect(await kept(f('title', 'eq', 'alpha'))).toEqual([]);
    expect(await kept(f('title', 'eq', 'alpha', { ignoreCase: true }))).toEqual([0]);
    expect(await kept(f('title', 'eq', ['Alpha', 'alpha beta']))).toEqual([0, 1]);
    expect(await kept(f('title', 'eq', ['Alpha', 'alpha beta'], { matchesAll: true }))).toEqual([]);
    expect(await kept(f('title', 'neq', 'Alpha'))).toEqual([1, 2, 3, 4, 5]);
    expect(await kept(f('title', 'isin', ['Alpha', 'Gamma 50%_off']))).toEqual([0, 2]);
    expect(await kept(f('title', 'isin', ['ALPHA'], { ignoreCase: true }))).toEqual([0]);
    expect(await kept(f('title', 'isin', []))).toEqual([]);
    expect(await kept(f('title', 'partof', 'Alpha and Omega'))).toEqual([0]);
    expect(await kept(f('title', 'partof', 'ALPHA BETA GAMMA', { ignoreCase: true }))).toEqual([0, 1]);
    expect(await kept(f('title', 'partof', ['Alpha', 'x']))).toEqual([0]);
    expect(await kept(f('title', 'notpartof', 'Alpha and Omega'))).toEqual([1, 2, 3, 4, 5]);
  });

  it('null, empty and lengths', async () => {
    expect(await kept(f('title', 'isnull'))).toEqual([4]);
    expect(await kept(f('title', 'isnotnull'))).toEqual([0, 1, 2, 3, 5]);
    expect(await kept(f('title', 'isempty'))).toEqual([3, 4]);
    expect(await kept(f('title', 'isnotempty'))).toEqual([0, 1, 2, 5]);
    expect(await kept(f('title', 'minlength', 10))).toEqual([1, 2, 5]);
    expect(await kept(f('title', 'maxlength', '5'))).toEqual([0, 3, 4]);
    await refused(f('title', 'minlength', 'ten'));
    await refused(f('title', 'maxlength', -1));
  });

  it('lt, lte, gt, gte ignoring case (collation-independent)', async () => {
    expect(await kept(f('title', 'lt', 'b', { ignoreCase: true }))).toEqual([0, 1, 3]);
    expect(await kept(f('title', 'lte', 'alpha', { ignoreCase: true }))).toEqual([0, 3]);
    expect(await kept(f('title', 'gt', 'alpha', { ignoreCase: true }))).toEqual([1, 2, 5]);
    expect(await kept(f('title', 'gte', 'g', { ignoreCase: true }))).toEqual([2]);
  });

  it('startswith, endswith, contains, doesnotcontain with people’s %, _ and \\ taken literally', async () => {
    expect(await kept(f('title', 'startswith', 'Al'))).toEqual([0]);
    expect(await kept(f('title', 'startswith', 'al', { ignoreCase: true }))).toEqual([0, 1]);
    expect(await kept(f('title', 'endswith', 'beta'))).toEqual([1]);
    expect(await kept(f('title', 'contains', '50%_'))).toEqual([2]);
    expect(await kept(f('title', 'contains', '%'))).toEqual([2]);
    expect(await kept(f('title', 'contains', '_'))).toEqual([2]);
    expect(await kept(f('title', 'contains', '\\'))).toEqual([5]);
    expect(await kept(f('title', 'contains', 'PHA', { ignoreCase: true }))).toEqual([0, 1]);
    expect(await kept(f('title', 'contains', ['alp', 'amm']))).toEqual([1, 2]);
    expect(await kept(f('title', 'contains', ['l', 'a'], { matchesAll: true }))).toEqual([0, 1, 5]);
    expect(await kept(f('title', 'doesnotcontain', 'a', { ignoreCase: true }))).toEqual([3, 4]);
  });
});

describe('numbers, dates, times, booleans', () => {
  it('compares numbers as numbers (JSON numbers or numeric strings) and refuses other values', async () => {
    expect(await kept(f('amount', 'eq', 10))).toEqual([0]);
    expect(await kept(f('amount', 'eq', '20.5'))).toEqual([1]);
    expect(await kept(f('amount', 'neq', 10))).toEqual([1, 2, 3, 4, 5]);
    expect(await kept(f('amount', 'lt', 0))).toEqual([2]);
    expect(await kept(f('amount', 'lte', 0))).toEqual([2, 5]);
    expect(await kept(f('amount', 'gt', 10))).toEqual([1]);
    expect(await kept(f('amount', 'gte', '1e1'))).toEqual([0, 1]);
    expect(await kept(f('amount', 'isin', [10, '0']))).toEqual([0, 5]);
    expect(await kept(f('amount', 'isnull'))).toEqual([3]);
    // A value stored as text is not a number.
    expect(await kept(f('amount', 'isempty'))).toEqual([3, 4]);
    expect(await kept(f('amount', 'contains', '0'))).toEqual([0, 1, 5]);
    expect(await kept(f('amount', 'startswith', '-'))).toEqual([2]);
    expect(await kept(f('amount', 'minlength', 3))).toEqual([1]);
    await refused(f('amount', 'eq', 'abc'));
    await refused(f('amount', 'gt', [1, 2]));
    await refused(f('amount', 'eq'));
  });

  it('compares dates, instants and times chronologically', async () => {
    expect(await kept(f('due', 'eq', '2026-01-10'))).toEqual([0]);
    expect(await kept(f('due', 'gt', '2026-01-01'))).toEqual([0, 1]);
    expect(await kept(f('due', 'lt', '2026-01-01'))).toEqual([2]);
    expect(await kept(f('stamp', 'gte', '2026-01-10T08:00:00Z'))).toEqual([0, 1]);
    expect(await kept(f('stamp', 'eq', '2026-01-10T09:00:00+01:00'))).toEqual([0]);
    expect(await kept(f('stamp', 'lt', '2026-01-01'))).toEqual([2]);
    expect(await kept(f('clock', 'lt', '09:00'))).toEqual([0]);
    expect(await kept(f('clock', 'gte', '09:15'))).toEqual([1, 2, 5]);
    expect(await kept(f('due', 'startswith', '2026-0'))).toEqual([0, 1]);
    await refused(f('due', 'eq', '2026-02-30'));
    await refused(f('stamp', 'eq', 'yesterday'));
    await refused(f('clock', 'eq', '25:00'));
  });

  it('matches booleans', async () => {
    expect(await kept(f('done', 'eq', true))).toEqual([0, 2]);
    expect(await kept(f('done', 'eq', 'false'))).toEqual([1]);
    expect(await kept(f('done', 'neq', true))).toEqual([1, 3, 4, 5]);
    expect(await kept(f('done', 'isnull'))).toEqual([3, 4, 5]);
    await refused(f('done', 'eq', 'yes'));
    await refused(f('done', 'contains', 'x'));
  });
});

describe('users, lookups, files', () => {
  it('matches users by id, and by name with the text operators', async () => {
    expect(await kept(f('owner', 'eq', fred))).toEqual([0]);
    expect(await kept(f('owner', 'isin', [fred, uma]))).toEqual([0, 1]);
    expect(await kept(f('owner', 'contains', 'FRED', { ignoreCase: true }))).toEqual([0]);
    expect(await kept(f('owner', 'startswith', 'uma'))).toEqual([1]);
    expect(await kept(f('owner', 'isnull'))).toEqual([2, 3, 4, 5]);
    await refused(f('owner', 'lt', fred));
  });

  it('matches lookups by label and files by name', async () => {
    expect(await kept(f('ref', 'eq', 'Acme Corp'))).toEqual([0]);
    expect(await kept(f('ref', 'contains', 'ltd', { ignoreCase: true }))).toEqual([1]);
    expect(await kept(f('ref', 'isempty'))).toEqual([2, 3, 4, 5]);
    expect(await kept(f('doc', 'contains', '.pdf'))).toEqual([0]);
    expect(await kept(f('doc', 'eq', 'photo.png'))).toEqual([1]);
    expect(await kept(f('doc', 'isnotempty'))).toEqual([0, 1]);
  });
});

describe('fields holding several values', () => {
  it('eq, neq and isin: any given value present, or every one with matchesAll', async () => {
    expect(await kept(f('tags', 'eq', 'red'))).toEqual([0, 1]);
    expect(await kept(f('tags', 'eq', ['red', 'blue']))).toEqual([0, 1]);
    expect(await kept(f('tags', 'eq', ['red', 'blue'], { matchesAll: true }))).toEqual([0]);
    expect(await kept(f('tags', 'eq', 'BLUE', { ignoreCase: true }))).toEqual([0, 5]);
    expect(await kept(f('tags', 'eq', ['blue', 'green'], { ignoreCase: true, matchesAll: true }))).toEqual([
      5,
    ]);
    expect(await kept(f('tags', 'neq', 'red'))).toEqual([2, 3, 4, 5]);
    expect(await kept(f('tags', 'isin', ['green', 'blue']))).toEqual([0, 3, 5]);
    expect(await kept(f('tags', 'isin', ['green', 'Blue'], { matchesAll: true }))).toEqual([5]);
    expect(await kept(f('people', 'eq', uma))).toEqual([0, 1]);
    expect(await kept(f('people', 'eq', [fred, uma], { matchesAll: true }))).toEqual([0]);
    expect(await kept(f('files', 'eq', ['b.txt', 'c.txt'], { matchesAll: true }))).toEqual([2]);
    expect(await kept(f('files', 'eq', 'B.TXT', { ignoreCase: true }))).toEqual([2]);
  });

  it('text operators look at each value (users by name, files by name)', async () => {
    expect(await kept(f('tags', 'contains', 'ree'))).toEqual([3, 5]);
    expect(await kept(f('tags', 'startswith', 'b', { ignoreCase: true }))).toEqual([0, 5]);
    expect(await kept(f('tags', 'doesnotcontain', 'e'))).toEqual([2, 4]);
    expect(await kept(f('people', 'contains', 'uma', { ignoreCase: true }))).toEqual([0, 1]);
    expect(await kept(f('files', 'endswith', '.txt'))).toEqual([0, 2]);
  });

  it('null, empty, lengths, partof and notpartof', async () => {
    expect(await kept(f('tags', 'isnull'))).toEqual([4]);
    expect(await kept(f('tags', 'isempty'))).toEqual([2, 4]);
    expect(await kept(f('tags', 'isnotempty'))).toEqual([0, 1, 3, 5]);
    expect(await kept(f('files', 'isempty'))).toEqual([1, 3, 4, 5]);
    expect(await kept(f('tags', 'minlength', 2))).toEqual([0, 5]);
    expect(await kept(f('tags', 'maxlength', 1))).toEqual([1, 2, 3, 4]);
    expect(await kept(f('tags', 'partof', ['red', 'blue', 'yellow']))).toEqual([0, 1]);
    expect(await kept(f('tags', 'partof', ['RED', 'GREEN'], { ignoreCase: true }))).toEqual([1, 3]);
    expect(await kept(f('tags', 'notpartof', ['red', 'blue', 'yellow']))).toEqual([2, 3, 4, 5]);
    await refused(f('tags', 'gt', 'a'));
  });
});

describe('system columns and unknown fields', () => {
  it('filters on creation time, creator, open tasks and flow name', async () => {
    expect(await kept(f('created_on', 'gte', '2026-01-01T00:00:03Z'))).toEqual([3, 4, 5]);
    expect(await kept(f('created_by', 'eq', fred))).toEqual([0, 1]);
    expect(await kept(f('created_by', 'contains', 'uma'))).toEqual([2, 3, 4, 5]);
    expect(await kept(f('tasks', 'gte', 1))).toEqual([0, 5]);
    expect(await kept(f('flow_name', 'eq', 'orders', { ignoreCase: true }))).toEqual([0]);
    expect(await kept(f('flow_name', 'isempty'))).toEqual([1, 2, 3, 4, 5]);
    expect(await kept(f('created_on', 'startswith', '2026-01-01T00:00:0'))).toEqual([0, 1, 2, 3, 4, 5]);
    await refused(f('created_by', 'eq', 'not-a-user'));
    await refused(f('created_on', 'gt', 'soon'));
  });

  it('combines filters with AND', async () => {
    expect(await kept(f('title', 'contains', 'a', { ignoreCase: true }), f('amount', 'gt', 0))).toEqual([
      0, 1,
    ]);
  });

  it('refuses unknown fields and password fields with 400 unknownField, and never lists passwords', async () => {
    await refused(f('nothing', 'eq', 'x'), RECORDS_MESSAGES.unknownField);
    await refused(f('secret', 'eq', 'hunter2'), RECORDS_MESSAGES.unknownField);
    const page = await listRecords(people.fred, { moduleId: appId, length: 100 });
    expect(page.data.every((row) => !('secret' in row.data))).toBe(true);
    expect(page.data.find((row) => row.id === ids[0])?.data).toMatchObject({ title: 'Alpha', amount: 10 });
  });
});
