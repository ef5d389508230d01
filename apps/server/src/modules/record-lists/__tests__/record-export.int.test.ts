import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_MESSAGES, RECORDS_PATHS } from '@formloop/contracts';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { EXPORT_BATCH } from '../record-export.service.ts';
import {
  arrangePeople,
  field,
  insertRecords,
  publishApp,
  section,
  userId,
  type People,
} from './record-list-fixtures.ts';

// Export of the filtered list: CSV and XLSX with the request's columns, values shown as text
// (users by name, lookups by label, files by name, lists joined), never a password; every row of
// a list longer than one cursor batch.

let server: TestServer;
let people: People;
let appId: string;
let fred: string;

const file = (name: string) => ({ uid: name, url: `/f/${name}`, name, status: 'done', fileKey: `k-${name}` });

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  fred = await userId(server, 'fred');
  appId = await publishApp(people.fred, 'Sales Ümlaut', [
    section('main', [
      [field('text', 'title'), field('number', 'amount'), field('switch', 'paid')],
      [field('user', 'owner'), field('lookup', 'customer'), field('multi-file', 'files')],
      [field('checklist', 'tags'), field('date', 'due'), field('password', 'pin')],
    ]),
  ]);
  await insertRecords(server, appId, [
    {
      created_by: fred,
      workflow_started_on: '2026-01-02T00:00:00.000Z',
      workflow_completed_on: '2026-01-03T00:00:00.000Z',
      data: {
        title: 'First, "quoted"',
        amount: 12.5,
        paid: true,
        owner: fred,
        customer: { id: 'c1', label: 'Acme' },
        files: [file('a.pdf'), file('b.png')],
        tags: ['red', 'blue'],
        due: '2026-02-01',
        pin: '9999',
      },
    },
    { created_by: fred, data: { title: '=HYPERLINK("x")', amount: 3, paid: false } },
    { created_by: fred, data: { title: 'Third' } },
  ]);
});
afterAll(() => server?.close());

const exportList = (body: Record<string, unknown>) =>
  people.fred.post(RECORDS_PATHS.export, { moduleId: appId, ...body });

describe('export', () => {
  it('writes the filtered, sorted list as CSV in the request’s columns, named after the app', async () => {
    const res = await exportList({
      format: 'csv',
      columns: [
        'title',
        'amount',
        'paid',
        'owner',
        'customer',
        'files',
        'tags',
        'pin',
        'status',
        'created_by',
      ],
      orders: [{ column: 'amount', dir: 'desc' }],
      filters: [{ field: 'title', operator: 'neq', value: 'Third' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Sales _mlaut.csv"; filename*=UTF-8''Sales%20%C3%9Cmlaut.csv`,
    );
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\ufeff')).toBe(true);
    const rows = parse(text.slice(1)) as string[][];
    expect(rows).toEqual([
      ['TITLE', 'AMOUNT', 'PAID', 'OWNER', 'CUSTOMER', 'FILES', 'TAGS', 'Status', 'Created By'],
      [
        'First, "quoted"',
        '12.5',
        'true',
        'fred Tester',
        'Acme',
        'a.pdf, b.png',
        'red, blue',
        'Completed',
        'fred Tester',
      ],
      // A formula is defused with an apostrophe.
      ['\'=HYPERLINK("x")', '3', 'false', '', '', '', '', 'Draft', 'fred Tester'],
    ]);
  });

  it('writes XLSX with typed cells and the default columns when none are given', async () => {
    const res = await exportList({ format: 'xlsx', orders: [{ column: 'created_on', dir: 'asc' }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Sales Ümlaut');
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'TITLE',
      'AMOUNT',
      'PAID',
      'OWNER',
      'CUSTOMER',
      'FILES',
      'TAGS',
      'DUE',
      'Status',
      'Created By',
      'Created At',
      'Modified By',
      'Modified At',
    ]);
    const first = values(2);
    expect(first.slice(0, 9)).toEqual([
      'First, "quoted"',
      12.5,
      true,
      'fred Tester',
      'Acme',
      'a.pdf, b.png',
      'red, blue',
      '2026-02-01',
      'Completed',
    ]);
    expect(first[10]).toBe('2026-01-01T00:00:00.000Z');
    expect(values(3).slice(0, 3)).toEqual(['=HYPERLINK("x")', 3, false]);
    expect(sheet.rowCount).toBe(4);
  });

  it('streams lists longer than one batch completely', async () => {
    await server.owner.query(
      `INSERT INTO records (tenant_id, module_id, module_version, is_draft, data)
       SELECT m.tenant_id, m.id, 1, false, jsonb_build_object('title', 'bulk ' || g, 'amount', g)
         FROM modules m, generate_series(1, $2::int) g WHERE m.id = $1`,
      [appId, EXPORT_BATCH + 5],
    );
    const res = await exportList({
      format: 'csv',
      columns: ['amount'],
      filters: [{ field: 'title', operator: 'startswith', value: 'bulk ' }],
      orders: [{ column: 'amount', dir: 'asc' }],
    });
    const rows = parse(res.rawPayload.toString('utf8').slice(1)) as string[][];
    expect(rows).toHaveLength(EXPORT_BATCH + 6);
    expect(rows[1]).toEqual(['1']);
    expect(rows.at(-1)).toEqual([String(EXPORT_BATCH + 5)]);
  });

  it('answers bad requests and unknown apps with JSON errors before streaming', async () => {
    const unknown = await exportList({
      format: 'csv',
      filters: [{ field: 'nope', operator: 'eq', value: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(RECORDS_MESSAGES.unknownField);
    expect((await exportList({ format: 'pdf' })).statusCode).toBe(400);
    expect((await people.uma.post(RECORDS_PATHS.export, { moduleId: appId, format: 'csv' })).statusCode).toBe(
      404,
    );
    expect(
      (await people.globex.post(RECORDS_PATHS.export, { moduleId: appId, format: 'csv' })).statusCode,
    ).toBe(404);
  });
});
