import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_EMAIL_TEMPLATES, EMAIL_TEMPLATE_EVENTS } from '@formloop/domain';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { MISSING_ID, auditRows, extraField, insertApp, smallDefinition } from './app-fixture.ts';

const FIELDS = '/api/form/Editor/getEmailTemplateFields';
const UPDATE = '/api/form/Editor/updateEmailTemplate';

let server: TestServer;
let builder: TestClient;
let consultant: TestClient;
let user: TestClient;
let globex: TestClient;
let appId: string;
let globexAppId: string;

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' });
  await server.createUser('acme', { username: 'cora', password: 'cora-pass', kind: 'CONSULTANT' });
  await server.createUser('acme', { username: 'uma', password: 'uma-pass', kind: 'USER' });
  await server.createUser('globex', { username: 'gus', password: 'gus-pass', kind: 'SYSTEM_ADMINISTRATOR' });
  builder = server.client('acme');
  consultant = server.client('acme');
  user = server.client('acme');
  globex = server.client('globex');
  await builder.signIn('fred', 'fred-pass');
  await consultant.signIn('cora', 'cora-pass');
  await user.signIn('uma', 'uma-pass');
  await globex.signIn('gus', 'gus-pass');
  // The published version still has a field the draft dropped: templates may name it.
  appId = await insertApp(server, 'acme', 'Invoices', {
    published: smallDefinition([extraField('region', 'Region', 'dropdown', 8)]),
  });
  globexAppId = await insertApp(server, 'globex', 'Orders');
});
afterAll(() => server?.close());

describe('getEmailTemplateFields', () => {
  it('lists the fields and system fields, and the seven events with their defaults', async () => {
    const res = await builder.get(`${FIELDS}?moduleId=${appId}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.placeholders.map((p: { name: string }) => p.name)).toEqual([
      'customer',
      'amount',
      'region',
      'record_id',
      'created_by',
      'created_at',
      'modified_at',
      'workflow_activity_name',
      'app_name',
      'task_link',
    ]);
    expect(data.placeholders[0]).toEqual({ name: 'customer', label: 'Customer', system: false });
    expect(data.events.map((e: { event: string }) => e.event)).toEqual([...EMAIL_TEMPLATE_EVENTS]);
    expect(data.events[0]).toEqual({
      event: 'submit',
      subject: DEFAULT_EMAIL_TEMPLATES.submit.subject,
      body: DEFAULT_EMAIL_TEMPLATES.submit.body,
      custom_subject: '',
      custom_body: '',
      default_subject: DEFAULT_EMAIL_TEMPLATES.submit.subject,
      default_body: DEFAULT_EMAIL_TEMPLATES.submit.body,
      modified_on: null,
    });
  });

  it('is for builders only: 403 for an ordinary user, 401 without a token', async () => {
    expect((await user.get(`${FIELDS}?moduleId=${appId}`)).statusCode).toBe(403);
    const anonymous = server.client('acme');
    expect((await anonymous.get(`${FIELDS}?moduleId=${appId}`)).statusCode).toBe(401);
  });

  it('answers 404 for another tenant’s app, an unknown id and a malformed one', async () => {
    for (const id of [globexAppId, MISSING_ID, 'not-a-uuid']) {
      const res = await builder.get(`${FIELDS}?moduleId=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This app does not exist.');
    }
    expect((await globex.get(`${FIELDS}?moduleId=${appId}`)).statusCode).toBe(404);
    expect((await builder.get(FIELDS)).statusCode).toBe(400);
  });
});

describe('updateEmailTemplate', () => {
  it('stores a template, reads it back and audits creation and change', async () => {
    const body = '<p>Dear {{ customer }}, you owe {{amount}} ({{region}}).</p><p>{{task_link}}</p>';
    const saved = await builder.post(UPDATE, {
      moduleId: appId,
      event: 'approve',
      subject: 'Approved: {{record_id}}',
      body,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe('E-mail template saved');
    expect(saved.json().data).toMatchObject({
      event: 'approve',
      subject: 'Approved: {{record_id}}',
      custom_subject: 'Approved: {{record_id}}',
      body,
    });

    const changed = await consultant.post(UPDATE, { moduleId: appId, event: 'approve', subject: '', body });
    expect(changed.statusCode).toBe(200);
    // An empty subject means the default again; the body stays.
    expect(changed.json().data).toMatchObject({
      subject: DEFAULT_EMAIL_TEMPLATES.approve.subject,
      custom_subject: '',
      custom_body: body,
    });

    const read = (await builder.get(`${FIELDS}?moduleId=${appId}`)).json().data;
    const approve = read.events.find((e: { event: string }) => e.event === 'approve');
    expect(approve.custom_body).toBe(body);
    expect(approve.modified_on).toEqual(expect.any(String));

    const rows = await auditRows(server, 'app-email-template');
    expect(rows.map((r) => [r.action, r.entity_id])).toEqual([
      ['created', `${appId}:approve`],
      ['updated', `${appId}:approve`],
    ]);
    expect(rows[1].before).toEqual({ subject: 'Approved: {{record_id}}', body });
  });

  it('names unknown placeholders, per field', async () => {
    const res = await builder.post(UPDATE, {
      moduleId: appId,
      event: 'submit',
      subject: 'New {{customr}}',
      body: '<p>{{ unit-price }} {{amount}} {{customr}}</p>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown placeholders: customr, unit-price');
    expect(res.json().data.errors).toMatchObject([
      { field: 'subject', message: 'Unknown placeholders: customr' },
      { field: 'body', message: 'Unknown placeholders: unit-price, customr' },
    ]);
  });

  it('rejects a bad event, a long or multi-line subject and a long body', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ event: 'approved' }, 'Choose one of the e-mail events.'],
      [{ event: 'submit', subject: 'x'.repeat(201) }, 'Cannot exceed 200 characters'],
      [{ event: 'submit', subject: 'one\ntwo' }, 'The subject must be a single line.'],
      [{ event: 'submit', body: 'x'.repeat(20_001) }, 'Cannot exceed 20000 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await builder.post(UPDATE, { moduleId: appId, ...body });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().data.errors.map((e: { message: string }) => e.message)).toContain(message);
    }
  });

  it('is refused to ordinary users (before validation) and other tenants', async () => {
    expect((await user.post(UPDATE, { moduleId: appId, event: 'submit' })).statusCode).toBe(403);
    expect((await user.post(UPDATE, { nonsense: true })).statusCode).toBe(403);
    const other = await globex.post(UPDATE, { moduleId: appId, event: 'submit', subject: 'x', body: '' });
    expect(other.statusCode).toBe(404);
    const { rows } = await server.owner.query(
      `SELECT count(*)::int AS n FROM module_email_templates WHERE module_id = $1 AND event = 'submit'`,
      [appId],
    );
    expect(rows[0].n).toBe(0);
  });
});
