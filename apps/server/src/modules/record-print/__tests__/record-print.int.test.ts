import { existsSync } from 'node:fs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_PATHS, recordPrintPath } from '@formloop/contracts';
import type { Language } from '@formloop/domain';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  P,
  arrangePeople,
  createApp,
  field,
  grantApps,
  saveForm,
  section,
  table,
  userId,
  type People,
} from '../../apps/__tests__/app-fixtures.ts';
import {
  R,
  detailOf,
  recordPath,
  saveRecord,
  saved,
  submitRecord,
} from '../../records/__tests__/record-fixtures.ts';
import { A, approval, approvalChain, openTask, user } from '../../workflow/__tests__/workflow-fixtures.ts';

// An entry printed as PDF against real PostgreSQL, read back with pdf-parse: the values the viewer
// may see (formatted the organization's way), the workflow history and the comments are there; a
// field hidden at the entry's activity is not; the headings follow `lang`; the detail's refusals.

let server: TestServer;
let people: People;
let appId: string;
let recordId: string;
let nina: TestClient;
let otto: TestClient;

const SECRET = 'TopSecret-4711';

/** `secret` shows while the entry is filled in and is hidden once it is submitted. */
const PERMISSION = [
  { activityId: 'fs-complete', fields: [{ name: 'secret', control: 'hidden' }], fieldGroups: [] },
];

const pdfOf = async (client: TestClient, id: string, lang?: Language | string) => {
  const path = recordPrintPath.pdf(id, { lang: 'en' });
  return client.get(
    lang === undefined ? path.replace('?lang=en', '') : path.replace('lang=en', `lang=${lang}`),
  );
};

async function textOf(client: TestClient, id: string, lang?: Language): Promise<string> {
  const res = await pdfOf(client, id, lang);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;
}

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  await server.createUser('acme', { username: 'nina', password: 'nina-pass', kind: 'USER' });
  nina = server.client('acme');
  await nina.signIn('nina', 'nina-pass');
  // otto: no grant on the app at all.
  await server.createUser('acme', { username: 'otto', password: 'otto-pass', kind: 'USER' });
  otto = server.client('acme');
  await otto.signIn('otto', 'otto-pass');
  const fred = await userId(server, 'fred');

  appId = await createApp(people.admin, 'Travel claims');
  const form = await saveForm(
    people.admin,
    appId,
    [
      section('main', [
        [field('text', 'title'), field('text', 'secret')],
        [
          field('number', 'amount', { format: 'Thousands', decimalPlaces: 2 }),
          field('date', 'spent_on'),
          field('user', 'approver'),
        ],
        [field('richtext', 'notes'), field('password', 'pin')],
      ]),
      table('lines', [field('text', 'item'), field('number', 'cost')], 1),
    ],
    {
      permission: PERMISSION,
      workflow: approvalChain([approval('manager', 'Manager approval', [user(fred, 'Fred')])]),
    },
  );
  expect(form.statusCode, form.body).toBe(200);
  expect((await people.admin.post(P.publish, { id: appId })).statusCode).toBe(200);
  await grantApps(server, 'acme', 'uma', [{ appId }, { appId, action: 'create' }]);
  await grantApps(server, 'acme', 'nina', [{ appId }]);
  const formats = await people.admin.post(ORGANIZATION_PATHS.preference, {
    date_format: 'DD-MM-YYYY',
    datetime_format: 'DD-MM-YYYY HH:mm:ss',
    time_format: 'HH:mm:ss',
  });
  expect(formats.statusCode, formats.body).toBe(200);

  const record = await saved(
    submitRecord(people.uma, appId, {
      data: {
        title: 'Trip to Berlin',
        secret: SECRET,
        amount: 1234.5,
        spent_on: '2026-03-01',
        approver: fred,
        notes: '<p>Hotel <strong>and</strong> train</p>',
        pin: 'pin-9931',
        lines: [{ item: 'Night train', cost: 89 }],
      },
    }),
  );
  recordId = record.id as string;
  const task = await openTask(server, recordId);
  const approved = await people.fred.post(A.approve, {
    task_id: task.id,
    accepted: true,
    description: 'Receipts checked',
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const comment = await people.uma.post(R.sendComment, { recordId, message: 'Please reimburse soon' });
  expect(comment.statusCode, comment.body).toBe(200);
});
afterAll(() => server?.close());

describe('an entry as PDF', () => {
  it('holds what the viewer may see, formatted, with the history and the comments', async () => {
    // The hidden value is stored, and the detail leaves it out: the PDF must too.
    const stored = await server.owner.query<{ secret: string }>(
      `SELECT data->>'secret' AS secret FROM records WHERE id = $1`,
      [recordId],
    );
    expect(stored.rows[0]?.secret).toBe(SECRET);
    expect((await detailOf(people.uma, recordId)).record.data.secret).toBeUndefined();

    const res = await pdfOf(people.uma, recordId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Travel claims - ${recordId}.pdf"; ` +
        `filename*=UTF-8''${encodeURIComponent(`Travel claims - ${recordId}.pdf`)}`,
    );
    const text = (await new PDFParse({ data: new Uint8Array(res.rawPayload) }).getText()).text;

    expect(text).toContain('Travel claims');
    expect(text).toContain(recordId);
    expect(text).toMatch(/Status\s+Completed/);
    expect(text).toContain('Trip to Berlin');
    expect(text).toContain('1,234.50');
    expect(text).toContain('01-03-2026');
    expect(text).toMatch(/APPROVER\s+fred Tester/);
    expect(text).toContain('Hotel and train');
    expect(text).not.toContain('<p>');
    expect(text).toMatch(/Night train\s+89/);
    // Left out: the field hidden after submission, and passwords always.
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('SECRET');
    expect(text).not.toContain('pin-9931');
    expect(text).not.toContain('PIN');

    expect(text).toContain('Workflow history');
    expect(text).toContain('Manager approval');
    expect(text).toContain('Approved');
    expect(text).toContain('Receipts checked');
    expect(text).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
    expect(text).toContain('Comments');
    expect(text).toContain('Please reimburse soon');
    expect(text).toMatch(/Printed by uma Tester on \d{2}-\d{2}-\d{4}/);
  });

  it('words its headings in the language asked for', async () => {
    const german = await textOf(people.uma, recordId, 'de');
    expect(german).toContain('Workflow-Verlauf');
    expect(german).toContain('Kommentare');
    expect(german).toContain('Gedruckt von uma Tester');
    expect(german).toMatch(/Status\s+Abgeschlossen/);
    expect(german).not.toContain('Workflow history');
    // The values stay as they are.
    expect(german).toContain('Please reimburse soon');
    expect(german).not.toContain(SECRET);

    expect(await textOf(people.uma, recordId)).toContain('Workflow history');
    expect((await pdfOf(people.uma, recordId, 'xx')).statusCode).toBe(400);
  });

  it.runIf(
    existsSync('/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc') ||
      existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
  )('prints Japanese headings with a font that has them', async () => {
    const japanese = await textOf(people.uma, recordId, 'ja');
    expect(japanese).toContain('ワークフロー履歴');
    expect(japanese).toContain('Trip to Berlin');
  });

  it('is refused exactly as the detail is', async () => {
    // Another tenant: 404 like the detail.
    expect((await people.globex.get(recordPath.detail(recordId))).statusCode).toBe(404);
    expect((await pdfOf(people.globex, recordId)).statusCode).toBe(404);
    // No view grant on the app: 404.
    expect((await otto.get(recordPath.detail(recordId))).statusCode).toBe(404);
    expect((await pdfOf(otto, recordId)).statusCode).toBe(404);
    // A malformed or unknown id: 404.
    expect((await pdfOf(people.uma, 'not-a-record')).statusCode).toBe(404);
    // Someone else's draft: 404, while its author prints it.
    const draft = await saved(saveRecord(people.uma, appId, { data: { title: 'Draft trip' } }));
    expect((await nina.get(recordPath.detail(draft.id))).statusCode).toBe(404);
    expect((await pdfOf(nina, draft.id)).statusCode).toBe(404);
    expect(await textOf(people.uma, draft.id)).toContain('Draft trip');
    // Without a session: 401.
    expect((await server.client('acme').get(recordPrintPath.pdf(recordId, { lang: 'en' }))).statusCode).toBe(
      401,
    );
  });

  it('lets a task’s assignee without a grant print the entry with the task, as the detail does', async () => {
    const leaveId = await createApp(people.admin, 'Leave requests');
    const ottoId = await userId(server, 'otto');
    const form = await saveForm(people.admin, leaveId, [section('main', [[field('text', 'title')]])], {
      workflow: approvalChain([approval('check', 'Check', [user(ottoId, 'Otto')])]),
    });
    expect(form.statusCode, form.body).toBe(200);
    expect((await people.admin.post(P.publish, { id: leaveId })).statusCode).toBe(200);
    await grantApps(server, 'acme', 'uma', [{ appId: leaveId }, { appId: leaveId, action: 'create' }]);
    const leave = await saved(submitRecord(people.uma, leaveId, { data: { title: 'Two days off' } }));
    const task = await openTask(server, leave.id);

    expect((await otto.get(recordPath.detail(leave.id))).statusCode).toBe(404);
    expect((await pdfOf(otto, leave.id)).statusCode).toBe(404);
    const withTask = await otto.get(recordPrintPath.pdf(leave.id, { lang: 'en', taskId: task.id }));
    expect(withTask.statusCode, withTask.body.slice(0, 300)).toBe(200);
    const text = (await new PDFParse({ data: new Uint8Array(withTask.rawPayload) }).getText()).text;
    expect(text).toContain('Two days off');
    expect(text).toMatch(/Printed by otto Tester/);
    // Another entry's task gives nothing.
    const other = await otto.get(recordPrintPath.pdf(recordId, { lang: 'en', taskId: task.id }));
    expect(other.statusCode).toBe(404);
  });
});
