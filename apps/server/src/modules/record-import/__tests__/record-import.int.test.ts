import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_PATHS, RECORD_IMPORT_MESSAGES, importStatusPath } from '@formloop/contracts';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { arrangePeople, grantApps, userId, type People } from '../../apps/__tests__/app-fixtures.ts';
import { holdImportLease } from '../import-lease.ts';
import { finished, publishedApp, startImport } from './import-fixtures.ts';

// The CSV import end to end: the request is refused for what can be known up front; otherwise it
// answers an id at once, and good rows become submitted records while bad ones are reported.

let server: TestServer;
let people: People;
let appId: string;

const MAPPING = { Title: 'title', Amount: 'amount', Due: 'due', Paid: 'paid', Notes: 'notes' };

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  appId = await publishedApp(people.fred, 'Invoices');
});
afterAll(() => server?.close());

const recordsOf = async (moduleId: string) =>
  (
    await server.owner.query<{ data: Record<string, unknown>; is_draft: boolean; created_by: string }>(
      `SELECT data, is_draft, created_by FROM records WHERE module_id = $1 ORDER BY data->>'code'`,
      [moduleId],
    )
  ).rows;

describe('CSV import', () => {
  it('imports the good rows as submitted records and reports the bad ones by line', async () => {
    const csv = [
      'Title,Amount,Due,Paid,Ignored,Notes',
      'First,"1.234,56",2026-01-05,yes,x,"<p>Hi<script>alert(1)</script></p>"',
      ',12,2026-01-06,no,x,',
      'Third,abc,2026-01-07,,x,',
      '',
      'Fifth,"1,234.5",,false,x,',
      'Sixth,7,05/01/2026,maybe,x,',
    ].join('\r\n');
    const res = await startImport(people.fred, appId, MAPPING, { name: 'invoices.csv', content: csv });
    expect(res.statusCode, res.body).toBe(200);
    const importId = res.json().data.importId as string;

    const status = await finished(people.fred, importId);
    expect(status).toMatchObject({
      id: importId,
      module_id: appId,
      file_name: 'invoices.csv',
      status: 'completed',
      processedRows: 5,
      importedRows: 2,
      rejectedRows: 3,
      error: null,
    });
    expect(status.finished_on).not.toBeNull();
    expect(status.rejected).toEqual([
      { line: 3, errors: [{ field: 'title', message: 'This field is required' }] },
      { line: 4, errors: [{ field: 'amount', message: 'Enter a valid number' }] },
      {
        line: 7,
        errors: [
          { field: 'due', message: 'Enter a valid date' },
          { field: 'paid', message: 'Choose yes or no' },
        ],
      },
    ]);

    const rows = await recordsOf(appId);
    const fred = await userId(server, 'fred');
    expect(rows).toEqual([
      {
        data: {
          title: 'First',
          amount: 1234.56,
          due: '2026-01-05',
          paid: true,
          notes: '<p>Hi</p>',
          total: 2469.12,
          code: 'INV-0001',
        },
        is_draft: false,
        created_by: fred,
      },
      {
        data: { title: 'Fifth', amount: 1234.5, paid: false, total: 2469, code: 'INV-0002' },
        is_draft: false,
        created_by: fred,
      },
    ]);

    // The list shows them as submitted entries (datatables lists no drafts).
    const list = await people.fred.post(RECORDS_PATHS.datatables, {
      moduleId: appId,
      orders: [{ column: 'code', dir: 'asc' }],
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ recordsFiltered: 2, countIsEstimate: false });
    expect(
      list
        .json()
        .data.data.map((row: { data: Record<string, unknown>; status: string }) => [
          row.data.title,
          row.status,
        ]),
    ).toEqual([
      ['First', 'Completed'],
      ['Fifth', 'Completed'],
    ]);

    // One audit row for the import, none per record.
    const audit = await server.owner.query(
      `SELECT entity, action, entity_id FROM audit_log WHERE entity IN ('record_import', 'record')`,
    );
    expect(audit.rows).toEqual([{ entity: 'record_import', action: 'created', entity_id: importId }]);
  });

  it('numbers on from the last sequence number and parses both separator styles', async () => {
    const csv = 'Amount,Title\n"2.500.000,75",Big\n"2,500,000.75",Also big\n1.5,Small\n';
    const res = await startImport(
      people.fred,
      appId,
      { Title: 'title', Amount: 'amount' },
      {
        name: 'more.csv',
        content: csv,
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const status = await finished(people.fred, res.json().data.importId);
    expect(status).toMatchObject({ status: 'completed', importedRows: 3, rejectedRows: 0, rejected: [] });
    const rows = (await recordsOf(appId)).slice(2).map((row) => row.data);
    expect(rows).toEqual([
      { title: 'Big', amount: 2500000.75, total: 5000001.5, code: 'INV-0003' },
      { title: 'Also big', amount: 2500000.75, total: 5000001.5, code: 'INV-0004' },
      { title: 'Small', amount: 1.5, total: 3, code: 'INV-0005' },
    ]);
  });

  it('fails with the line when the file turns out unreadable part-way', async () => {
    const csv = 'Title,Amount\nGood,1\n"Broken,2\nNever,3\n';
    const res = await startImport(
      people.fred,
      appId,
      { Title: 'title' },
      { name: 'broken.csv', content: csv },
    );
    expect(res.statusCode, res.body).toBe(200);
    const status = await finished(people.fred, res.json().data.importId);
    expect(status).toMatchObject({
      status: 'failed',
      importedRows: 0,
      error: 'The file could not be read at line 3.',
    });
    expect(status.finished_on).not.toBeNull();
  });

  it('refuses a bad mapping or a file that is not a CSV (400) before any work', async () => {
    const file = { name: 'x.csv', content: 'Title,Amount\nA,1\n' };
    const cases: Array<
      [Record<string, string> | string, { name: string; content: string } | undefined, string]
    > = [
      [{ Title: 'nope' }, file, 'The app has no field named nope.'],
      [{ Missing: 'title' }, file, 'The file has no column named Missing.'],
      [{}, file, 'Map at least one column to a field.'],
      ['not json', file, 'Map at least one column to a field.'],
      [{ Title: 'code' }, file, 'The field code cannot be filled from a CSV file.'],
      [{ Title: 'total' }, file, 'The field total cannot be filled from a CSV file.'],
      [{ Title: 'title', Amount: 'title' }, file, 'The field title is mapped from more than one column.'],
      [{ Title: 'title' }, undefined, 'Choose a CSV file to import.'],
      [
        { Title: 'title' },
        { name: 'x.png', content: '\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR' },
        'The file is not a CSV file.',
      ],
      [{ Title: 'title' }, { name: 'empty.csv', content: '' }, 'The file is not a CSV file.'],
    ];
    for (const [mapping, upload, message] of cases) {
      const res = await startImport(people.fred, appId, mapping, upload);
      expect(res.statusCode, `${JSON.stringify(mapping)}: ${res.body}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const imports = await server.owner.query(`SELECT count(*)::int AS n FROM record_imports`);
    expect(imports.rows[0].n).toBe(3);
  });

  it('needs the create grant (403) and a published app the caller may see (404)', async () => {
    const file = { name: 'x.csv', content: 'Title\nA\n' };
    expect((await startImport(people.uma, appId, { Title: 'title' }, file)).statusCode).toBe(404);
    await grantApps(server, 'acme', 'uma', [{ appId }]);
    const refused = await startImport(people.uma, appId, { Title: 'title' }, file);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You may not create entries in this app.');

    await grantApps(server, 'acme', 'uma', [{ appId, action: 'create' }]);
    const allowed = await startImport(people.uma, appId, { Title: 'title' }, file);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await finished(people.uma, allowed.json().data.importId)).importedRows).toBe(1);

    expect((await startImport(people.globex, appId, { Title: 'title' }, file)).statusCode).toBe(404);
    expect((await startImport(people.fred, 'not-a-uuid', { Title: 'title' }, file)).statusCode).toBe(404);
  });

  it('reports an import whose server died as stopped, but not one a server still works on', async () => {
    // Two 'running' imports as a crash leaves them; a server still holds the lease of the second.
    const [crashed, working] = await Promise.all(
      ['crashed.csv', 'working.csv'].map(async (fileName) => {
        const { rows } = await server.owner.query<{ id: string }>(
          `INSERT INTO record_imports (tenant_id, module_id, file_name, created_by)
             SELECT tenant_id, id, $2, created_by FROM modules WHERE id = $1 RETURNING id`,
          [appId, fileName],
        );
        return rows[0]!.id;
      }),
    );
    const release = await holdImportLease(server.owner, working!);
    try {
      const stopped = (await people.fred.get(importStatusPath(crashed!))).json().data;
      expect(stopped).toMatchObject({ status: 'failed', error: RECORD_IMPORT_MESSAGES.stopped });
      expect(stopped.finished_on).not.toBeNull();
      const stillRunning = (await people.fred.get(importStatusPath(working!))).json().data;
      expect(stillRunning).toMatchObject({ status: 'running', error: null });
    } finally {
      await release();
    }
    // Its server gone too, the second is now reported the same way.
    const after = (await people.fred.get(importStatusPath(working!))).json().data;
    expect(after).toMatchObject({ status: 'failed', error: RECORD_IMPORT_MESSAGES.stopped });
  });

  it('shows an import to its own tenant only', async () => {
    const { rows } = await server.owner.query<{ id: string }>(`SELECT id FROM record_imports LIMIT 1`);
    const importId = rows[0]!.id;
    expect((await people.admin.get(importStatusPath(importId))).statusCode).toBe(200);
    const foreign = await people.globex.get(importStatusPath(importId));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('This import does not exist.');
    expect((await people.fred.get(importStatusPath('nope'))).statusCode).toBe(404);
    const anonymous = server.client('acme');
    expect((await anonymous.get(importStatusPath(importId))).statusCode).toBe(401);
  });
});
