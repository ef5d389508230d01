import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEMPLATES, LOCALISED_EMAIL_TEMPLATES } from '@formloop/domain';
import { buildEventMails, htmlToText, itemEditorPath, renderEventMail } from '../event-mail.ts';
import type { MailFacts } from '../workflow-notices.repository.ts';

// Building event e-mails from the app's templates (pure parts of event-mail.ts).

const context = { tenantId: 'tenant-1', moduleId: 'app-1', recordId: 'rec-1', appName: 'Orders' };

const facts = (over: Partial<MailFacts> = {}): MailFacts => ({
  tenant_label: 'acme',
  data: { title: 'Tea <script>alert(1)</script>', amount: 42 },
  created_by_name: 'Uma Tester',
  created_on: '2026-01-02T03:04:05.000Z',
  modified_on: new Date('2026-01-03T00:00:00.000Z'),
  templates: [
    {
      event: 'submit',
      subject: '{{app_name}}: {{title}}\n({{amount}})',
      body: '<p>{{title}} costs {{amount}} at {{workflow_activity_name}}</p><p>{{task_link}}</p>',
    },
  ],
  addresses: [
    { id: 'fred', email: 'fred@acme.example', language: null },
    { id: 'cora', email: ' cora@acme.example ', language: 'en' },
    { id: 'nomail', email: '', language: 'de' },
  ],
  ...over,
});

describe('buildEventMails', () => {
  it("renders the subject, snapshots the body's values and logs one queued mail per planned mail", () => {
    const { logs, jobs } = buildEventMails(context, facts(), [
      { event: 'submit', userIds: ['fred', 'cora', 'nomail'], step: 'Check', taskId: 'task-1' },
    ]);
    expect(logs).toEqual([
      {
        id: jobs[0]!.logId,
        tenantId: 'tenant-1',
        moduleId: 'app-1',
        recordId: 'rec-1',
        event: 'submit',
        recipients: ['fred@acme.example', 'cora@acme.example'],
        subject: 'Orders: Tea <script>alert(1)</script> (42)',
      },
    ]);
    expect(jobs[0]).toMatchObject({
      tenantLabel: 'acme',
      to: ['fred@acme.example', 'cora@acme.example'],
      values: { title: 'Tea <script>alert(1)</script>', amount: '42', workflow_activity_name: 'Check' },
      linkPath: '/item-editor/app-1/rec-1/task-1',
    });
    expect(jobs[0]!.values).not.toHaveProperty('task_link');
  });

  it('uses the default template where the app stores none, and the system fields', () => {
    const { jobs } = buildEventMails(context, facts({ templates: [] }), [
      { event: 'completed', userIds: ['fred'], step: 'Check', taskId: null },
    ]);
    expect(jobs[0]!.body).toBe(DEFAULT_EMAIL_TEMPLATES.completed.body);
    expect(jobs[0]!.subject).toBe('Orders: record rec-1 is completed');
    expect(jobs[0]!.values).toEqual({
      app_name: 'Orders',
      record_id: 'rec-1',
      created_by: 'Uma Tester',
      created_at: '2026-01-02T03:04:05.000Z',
    });
    expect(jobs[0]!.linkPath).toBe('/item-editor/app-1/rec-1');
  });

  it("writes the default template in each recipient's language, one mail per language", () => {
    const addresses = [
      { id: 'fred', email: 'fred@acme.example', language: null },
      { id: 'greta', email: 'greta@acme.example', language: 'de' },
      { id: 'hans', email: 'hans@acme.example', language: 'de-AT' },
      { id: 'yuki', email: 'yuki@acme.example', language: 'ja' },
      { id: 'odd', email: 'odd@acme.example', language: 'xx' },
    ];
    const { logs, jobs } = buildEventMails(context, facts({ templates: [], addresses }), [
      { event: 'approve', userIds: ['greta', 'fred', 'yuki', 'hans', 'odd'], step: 'Prüfen', taskId: null },
    ]);
    expect(jobs.map((job) => job.to)).toEqual([
      ['greta@acme.example', 'hans@acme.example'],
      ['fred@acme.example', 'odd@acme.example'],
      ['yuki@acme.example'],
    ]);
    expect(jobs[0]!.subject).toBe('Orders: Datensatz rec-1 wurde genehmigt');
    expect(jobs[0]!.body).toBe(LOCALISED_EMAIL_TEMPLATES.de.approve.body);
    expect(jobs[1]!.subject).toBe('Orders: record rec-1 was approved');
    expect(jobs[2]!.subject).toBe('Orders：レコード rec-1 が承認されました');
    expect(logs.map((log) => log.recipients)).toEqual(jobs.map((job) => job.to));
    expect(new Set(logs.map((log) => log.id)).size).toBe(3);
  });

  it("sends the app's own template as written to every language", () => {
    const addresses = [
      { id: 'fred', email: 'fred@acme.example', language: 'en' },
      { id: 'greta', email: 'greta@acme.example', language: 'de' },
    ];
    const { jobs } = buildEventMails(context, facts({ addresses }), [
      { event: 'submit', userIds: ['fred', 'greta'], step: 'Check', taskId: 'task-1' },
    ]);
    expect(jobs.map((job) => job.subject)).toEqual([
      'Orders: Tea <script>alert(1)</script> (42)',
      'Orders: Tea <script>alert(1)</script> (42)',
    ]);
  });

  it('skips a mail nobody has an address for', () => {
    const built = buildEventMails(context, facts(), [
      { event: 'submit', userIds: ['nomail', 'gone'], step: 'Check', taskId: 'task-1' },
    ]);
    expect(built).toEqual({ logs: [], jobs: [] });
  });
});

describe('renderEventMail', () => {
  const [job] = buildEventMails(context, facts(), [
    { event: 'submit', userIds: ['fred'], step: 'Check', taskId: 'task-1' },
  ]).jobs;

  it('escapes values in the HTML body and adds the task link', () => {
    const mail = renderEventMail(job!, 'https://acme.formloop.example');
    expect(mail.to).toBe('fred@acme.example');
    expect(mail.html).toBe(
      '<p>Tea &lt;script&gt;alert(1)&lt;/script&gt; costs 42 at Check</p>' +
        '<p><a href="https://acme.formloop.example/item-editor/app-1/rec-1/task-1">' +
        'https://acme.formloop.example/item-editor/app-1/rec-1/task-1</a></p>',
    );
    expect(mail.text).toBe(
      'Tea <script>alert(1)</script> costs 42 at Check\nhttps://acme.formloop.example/item-editor/app-1/rec-1/task-1',
    );
  });

  it('keeps the lines of a plain-text body, escaped in its HTML part', () => {
    const mail = renderEventMail({ ...job!, body: 'A & B: {{title}}\nbye' }, 'https://x.test');
    expect(mail.html).toBe('A &amp; B: Tea &lt;script&gt;alert(1)&lt;/script&gt;<br>bye');
    expect(mail.text).toBe('A & B: Tea <script>alert(1)</script>\nbye');
  });
});

describe('htmlToText', () => {
  it('drops markup and scripts, keeps paragraphs and breaks as lines, decodes entities', () => {
    expect(htmlToText('<p>Hello,</p><p>a &amp; b<br>next</p><script>x()</script><b>end</b>')).toBe(
      'Hello,\na & b\nnext\nend',
    );
  });
});

describe('itemEditorPath', () => {
  it('encodes each part', () => {
    expect(itemEditorPath('a/b', 'c d', null)).toBe('/item-editor/a%2Fb/c%20d');
  });
});
