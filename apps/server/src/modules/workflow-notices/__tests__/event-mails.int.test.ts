import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, APP_SETTINGS_PATHS } from '@formloop/contracts';
import { EMAIL_TEMPLATE_EVENTS, type EmailTemplateEvent } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  P,
  arrangePeople,
  createApp,
  field,
  grantApps,
  saveForm,
  section,
  userId,
  type People,
} from '../../apps/__tests__/app-fixtures.ts';
import { saved, submitRecord } from '../../records/__tests__/record-fixtures.ts';
import { A, approval, approvalChain, openTask, user } from '../../workflow/__tests__/workflow-fixtures.ts';
import { eventually, recipientsOf, startRefusingSmtp } from './notice-fixtures.ts';

// E-mails of the seven workflow events through the HTTP API, a real PostgreSQL, the server's
// pg-boss worker and a real SMTP server: each arrives from the app's template with the values
// filled in (escaped in the HTML body), and the send log says it was sent. A mailbox the server
// refuses is tried again, then logged as failed with the server's answer.

let server: TestServer;
let people: People;
let smtp: Awaited<ReturnType<typeof startRefusingSmtp>>;
let appId: string;
let fred: string;
let cora: string;
let ada: string;

const TITLE = 'Tea & cake';
/** A text area may hold markup; it must reach the mail as text. */
const NOTE = '<script>alert(1)</script>';
const FORM = [
  section('main', [[field('text', 'title'), field('number', 'amount'), field('textarea', 'note')]]),
];

/** An app with the form above and this approval chain, published. */
async function publishApp(name: string, steps: Parameters<typeof approvalChain>[0]): Promise<string> {
  const id = await createApp(people.admin, name);
  const res = await saveForm(people.admin, id, FORM, { workflow: approvalChain(steps) });
  expect(res.statusCode, res.body).toBe(200);
  expect((await people.admin.post(P.publish, { id })).statusCode).toBe(200);
  return id;
}

beforeAll(async () => {
  smtp = await startRefusingSmtp((address) => address.startsWith('bounce'));
  server = await createTestServer({ SMTP_URL: smtp.url });
  people = await arrangePeople(server);
  fred = await userId(server, 'fred');
  cora = await userId(server, 'cora');
  ada = await userId(server, 'ada');
  appId = await publishApp('Mail orders', [
    approval('manager', 'Manager approval', [user(fred)], 0),
    approval('director', 'Director approval', [user(cora)], 300),
  ]);
  await grantApps(server, 'acme', 'uma', [{ appId }, { appId, action: 'create' }]);
  for (const event of EMAIL_TEMPLATE_EVENTS) {
    const res = await people.admin.post(APP_SETTINGS_PATHS.updateEmailTemplate, {
      moduleId: appId,
      event,
      subject: `[${event}] {{app_name}}: {{title}}`,
      body: `<p>${event}: {{title}} costs {{amount}} at {{workflow_activity_name}}</p><p>{{note}}</p><p>{{task_link}}</p>`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** The mail of `event` to `address` (about `recordId`), once it arrived. */
const mailOf = (event: EmailTemplateEvent, address: string, recordId: string): Promise<ParsedMail> =>
  eventually(`the ${event} mail to ${address}`, () =>
    smtp.messages.find(
      (mail) =>
        mail.subject?.startsWith(`[${event}] `) &&
        recipientsOf(mail).includes(address) &&
        (mail.html || '').includes(recordId),
    ),
  );

interface LogRow {
  event: string;
  recipients: string[];
  subject: string;
  status: string;
  attempts: number;
  error: string | null;
  sent_on: Date | null;
  module_id: string;
  record_id: string;
}

/** The record's send log once every row of it is settled (sent or failed). */
const settledLog = (recordId: string, rows: number) =>
  eventually(
    `${rows} settled send log rows`,
    async () => {
      const { rows: log } = await server.owner.query<LogRow>(
        `SELECT event, recipients, subject, status, attempts, error, sent_on, module_id, record_id
       FROM email_send_log WHERE record_id = $1 ORDER BY created_on, event`,
        [recordId],
      );
      return log.length === rows && log.every((row) => row.status !== 'queued') ? log : undefined;
    },
    60,
  );

const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
};

describe('event e-mails', () => {
  it('sends every event its template, values filled in and escaped, and logs each as sent', async () => {
    // submit → reassign → approve (+ submit) → send back → approve (+ submit) → last approve (+ completed)
    const first = (
      await saved(submitRecord(people.uma, appId, { data: { title: TITLE, amount: 12, note: NOTE } }))
    ).id as string;
    const task = await openTask(server, first);
    const submitMail = await mailOf('submit', 'fred@acme.example', first);
    expect(submitMail.subject).toBe(`[submit] Mail orders: ${TITLE}`);
    expect(submitMail.html).toContain(
      '<p>submit: Tea &amp; cake costs 12 at Manager approval</p><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(submitMail.html).not.toContain('<script>');
    const link = `https://acme.formloop.test/item-editor/${appId}/${first}/${task.id}`;
    expect(submitMail.html).toContain(`<a href="${link}">${link}</a>`);
    expect(submitMail.text).toContain(`submit: ${TITLE} costs 12 at Manager approval\n${NOTE}\n${link}`);

    await ok(people.fred.post(A.reassignment, { taskId: task.id, assignTo: ada }));
    expect((await mailOf('reassign', 'ada@acme.example', first)).html).toContain('at Manager approval');
    await ok(people.admin.post(A.approve, { task_id: task.id, accepted: true }));
    const approved = await mailOf('approve', 'uma@acme.example', first);
    expect(approved.html).toContain('approve: Tea &amp; cake costs 12 at Manager approval');
    const director = await openTask(server, first);
    expect((await mailOf('submit', 'cora@acme.example', first)).html).toContain('at Director approval');
    await ok(people.cora.post(A.goback, { taskId: director.id, goBackToActivityId: 'manager' }));
    expect((await mailOf('sendback', 'fred@acme.example', first)).html).toContain('at Manager approval');
    await ok(people.fred.post(A.approve, { task_id: (await openTask(server, first)).id, accepted: true }));
    await ok(people.cora.post(A.approve, { task_id: (await openTask(server, first)).id, accepted: true }));
    const completed = await mailOf('completed', 'uma@acme.example', first);
    expect(completed.html).toContain(`https://acme.formloop.test/item-editor/${appId}/${first}/`);

    // rejected → restart, on a second entry
    const second = (await saved(submitRecord(people.uma, appId, { data: { title: 'Chairs', amount: 3 } })))
      .id as string;
    await ok(
      people.fred.post(A.approve, {
        task_id: (await openTask(server, second)).id,
        accepted: false,
        description: 'No',
      }),
    );
    expect((await mailOf('rejected', 'uma@acme.example', second)).subject).toBe(
      '[rejected] Mail orders: Chairs',
    );
    await ok(people.admin.post(A.restart, { recordId: second }));
    expect((await mailOf('restart', 'fred@acme.example', second)).html).toContain(
      'restart: Chairs costs 3 at Manager approval',
    );

    // The actor never gets mail about their own action: fred sent nothing to himself when approving.
    const log = [...(await settledLog(first, 9)), ...(await settledLog(second, 3))];
    expect(new Set(log.map((row) => row.event))).toEqual(new Set(EMAIL_TEMPLATE_EVENTS));
    for (const row of log) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null, module_id: appId });
      expect(row.sent_on).not.toBeNull();
      expect(row.subject).toBe(`[${row.event}] Mail orders: ${row.record_id === first ? TITLE : 'Chairs'}`);
    }
    expect(log.filter((row) => row.event === 'completed').map((row) => row.recipients)).toEqual([
      ['uma@acme.example'],
    ]);
    expect(log.filter((row) => row.event === 'submit').map((row) => row.recipients)).toEqual([
      ['fred@acme.example'],
      ['cora@acme.example'],
      ['cora@acme.example'],
      ['fred@acme.example'],
    ]);
  }, 90_000);

  it('tries a refused mailbox again, then logs the mail as failed with the server answer', async () => {
    const bounce = await server.createUser('acme', {
      username: 'bob',
      password: 'bob-pass',
      email: 'bounce@acme.example',
    });
    const refusing = await publishApp('Bounced orders', [approval('check', 'Check', [user(bounce)])]);
    const recordId = (await saved(submitRecord(people.admin, refusing, { data: { title: 'x', amount: 1 } })))
      .id as string;
    const [row] = await settledLog(recordId, 1);
    expect(row).toMatchObject({
      event: 'submit',
      recipients: ['bounce@acme.example'],
      status: 'failed',
      attempts: 4,
      sent_on: null,
    });
    expect(row!.error).toMatch(/550.*Mailbox bounce@acme\.example unavailable/);
    expect(smtp.messages.some((mail) => recipientsOf(mail).includes('bounce@acme.example'))).toBe(false);
  }, 90_000);

  it("writes an app's default mails in each recipient's stored language", async () => {
    const greta = await server.createUser('acme', {
      username: 'greta',
      password: 'greta-pass',
      email: 'greta@acme.example',
    });
    const gretaApi = server.client('acme');
    await gretaApi.signIn('greta', 'greta-pass');
    await ok(gretaApi.post(API_PATHS.userInfo, { language: 'de' }));
    // No templates of its own: every event uses the default, in German for Greta, English for Cora.
    const plain = await publishApp('Bestellungen', [approval('check', 'Prüfung', [user(greta), user(cora)])]);
    const recordId = (await saved(submitRecord(people.admin, plain, { data: { title: 'Tee', amount: 3 } })))
      .id as string;
    const german = await eventually('the German submit mail', () =>
      smtp.messages.find(
        (mail) => recipientsOf(mail).includes('greta@acme.example') && (mail.html || '').includes(recordId),
      ),
    );
    expect(german.subject).toBe(`Bestellungen: neuer Datensatz ${recordId} eingereicht`);
    expect(german.html).toContain('<strong>Prüfung</strong>');
    expect(german.text).toContain('Aufgabe öffnen:');
    expect(recipientsOf(german)).toEqual(['greta@acme.example']);
    const english = await eventually('the English submit mail', () =>
      smtp.messages.find(
        (mail) => recipientsOf(mail).includes('cora@acme.example') && (mail.html || '').includes(recordId),
      ),
    );
    expect(english.subject).toBe(`Bestellungen: new record ${recordId} submitted`);
  }, 90_000);
});
