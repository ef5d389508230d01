import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  MISSING_ID,
  P,
  arrangePeople,
  auditRows,
  createApp,
  createGroup,
  field,
  grantApps,
  saveForm,
  section,
  table,
  tenantId,
  type People,
} from './app-fixtures.ts';

let server: TestServer;
let people: People;
let group: string;
let source: string;
let foreign: string;

const groups = [
  section('main', [[field('text', 'customer'), field('number', 'amount')]]),
  table('lines', [field('text', 'sku')], 1, 0, 10),
];

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  group = await createGroup(people.admin, 'Sales', 'fa fa-cart');
  source = await createApp(people.fred, 'Quotes', {
    description: 'Price quotes',
    categoryId: group,
    appIcon: 'fa fa-file',
    addToQuickLaunch: true,
  });
  await saveForm(people.fred, source, groups, {
    permission: [
      { activityId: 'fs-start', fields: [{ name: 'amount', control: 'readonly' }], fieldGroups: [] },
    ],
    workflow: { activities: [{ activityId: 'a1' }] },
  });
  expect((await people.fred.post(P.publish, { id: source })).statusCode).toBe(200);
  const acme = await tenantId(server, 'acme');
  await server.owner.query(
    `INSERT INTO module_email_templates (tenant_id, module_id, event, subject, body)
     VALUES ($1, $2, 'submit', 'New quote {customer}', 'Amount {amount}')`,
    [acme, source],
  );
  await server.owner.query(
    `INSERT INTO record_templates (tenant_id, module_id, template_name, data, order_index)
     VALUES ($1, $2, 'Standard', '{"amount": 100}', 0)`,
    [acme, source],
  );
  foreign = await createApp(people.globex, 'Globex quotes');
});
afterAll(() => server?.close());

describe('CopyFrom', () => {
  it('makes a Draft copy with the source’s draft, settings and templates', async () => {
    const res = await people.cora.post(P.copyFrom, { moduleId: source, name: 'Quotes 2025' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('App has been copied');
    const copy = res.json().data.id;
    expect(copy).not.toBe(source);

    const original = (await people.fred.get(`${P.getForm}?id=${source}`)).json().data;
    const detail = (await people.fred.get(`${P.getForm}?id=${copy}`)).json().data;
    expect(detail).toMatchObject({
      display_name: 'Quotes 2025',
      module_description: 'Price quotes',
      application_module_category_id: group,
      app_icon: 'fa fa-file',
      status: 'Draft',
      module_version: 0,
      module_published: null,
      workflow_published: null,
      versions: [],
      created_by_name: 'cora Tester',
    });
    // Field ids are per app: the copy keeps them.
    expect(detail.module_draft).toEqual(original.module_draft);
    expect(detail.module_draft.fieldGroups[0].fields[0].id).toBe('f-customer');
    expect(detail.workflow_draft).toEqual(original.workflow_draft);
    expect(detail.email_templates).toEqual([
      { event: 'submit', subject: 'New quote {customer}', body: 'Amount {amount}' },
    ]);
    const { rows } = await server.owner.query(
      'SELECT template_name, data FROM record_templates WHERE module_id = $1',
      [copy],
    );
    expect(rows).toEqual([{ template_name: 'Standard', data: { amount: 100 } }]);
    const audit = await auditRows(server, copy);
    expect(audit.map((row) => row.action)).toEqual(['copied']);
    expect(audit[0].after).toMatchObject({ copied_from: source, display_name: 'Quotes 2025' });
  });

  it('applies the name rules: required, reserved, unique', async () => {
    const copy = (name: unknown) => people.fred.post(P.copyFrom, { moduleId: source, name });
    const missing = await copy('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors).toMatchObject([{ field: 'name', message: 'This field is required' }]);
    const reserved = await copy('Tasks');
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe('Name: Tasks is reserved system name, please use another name');
    expect((await copy('quotes')).statusCode).toBe(409);
  });

  it('is for builders; another tenant’s source is a 404', async () => {
    expect((await people.uma.post(P.copyFrom, { moduleId: source, name: 'Mine' })).statusCode).toBe(403);
    for (const id of [foreign, MISSING_ID, 'x']) {
      expect((await people.fred.post(P.copyFrom, { moduleId: id, name: 'Stolen' })).statusCode, id).toBe(404);
    }
  });
});

describe('DeleteForm', () => {
  it('deletes the app with its versions, favourites, usage and role grants, and audits it', async () => {
    const id = await createApp(people.fred, 'Doomed');
    await saveForm(people.fred, id, groups);
    await people.fred.post(P.publish, { id });
    await people.fred.post(P.favouriteAdd, { moduleId: id, isAdd: true });
    await people.cora.post(P.favouriteAdd, { moduleId: id, isAdd: true });
    await people.fred.post(P.usage, { moduleId: id });
    const role = await grantApps(server, 'acme', 'uma', [
      { appId: id },
      { appId: id, action: 'edit' },
      { appId: source },
    ]);

    const res = await people.admin.post(P.deleteForm, { moduleId: id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'App has been deleted', data: { id } });

    expect((await people.fred.get(`${P.getForm}?id=${id}`)).statusCode).toBe(404);
    expect((await people.fred.get(P.favouriteList)).json().data).toEqual([]);
    expect((await people.fred.get(P.mostUsed)).json().data).toEqual([]);
    const count = async (sql: string) => (await server.owner.query(sql, [id])).rows[0].n;
    expect(await count('SELECT count(*)::int AS n FROM module_versions WHERE module_id = $1')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM module_favourites WHERE module_id = $1')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM module_usage WHERE module_id = $1')).toBe(0);
    const { rows: grants } = await server.owner.query(
      'SELECT resource, action FROM role_permissions WHERE role_id = $1',
      [role],
    );
    // The other app's grant stays.
    expect(grants).toEqual([{ resource: `app:${source}`, action: 'view' }]);
    const audit = await auditRows(server, id);
    expect(audit.at(-1)).toMatchObject({
      action: 'deleted',
      after: null,
      before: { display_name: 'Doomed' },
    });

    expect((await people.admin.post(P.deleteForm, { moduleId: id })).statusCode).toBe(404);
  });

  it('is for builders; another tenant’s app is a 404 and stays', async () => {
    expect((await people.uma.post(P.deleteForm, { moduleId: source })).statusCode).toBe(403);
    for (const id of [foreign, MISSING_ID, 'x']) {
      const res = await people.fred.post(P.deleteForm, { moduleId: id });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('This app does not exist.');
    }
    expect((await people.globex.get(`${P.getForm}?id=${foreign}`)).statusCode).toBe(200);
  });
});
