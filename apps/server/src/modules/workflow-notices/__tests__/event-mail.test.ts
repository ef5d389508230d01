import { describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEMPLATES } from '@formloop/domain';
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
    { id: 'fred', email: 'fred@acme.example' },
    { id: 'cora', email: ' cora@acme.example ' },
    { id: 'nomail', email: '' },
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
