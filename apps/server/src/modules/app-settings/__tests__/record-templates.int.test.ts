import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { MISSING_ID, auditRows, extraField, grantView, insertApp, smallDefinition } from './app-fixture.ts';

const BASE = '/api/form/Editor/recordtemplate';
const CREATE = `${BASE}/create`;
const READ = `${BASE}/read`;
const DELETE = `${BASE}/delete`;
const RENAME = `${BASE}/rename`;
const ORDER = `${BASE}/orderindex`;

let server: TestServer;
let builder: TestClient;
let consultant: TestClient;
let viewer: TestClient;
let stranger: TestClient;
let globex: TestClient;
let appId: string;
let draftOnly: string;
let globexApp: string;

type Template = { id: string; template_name: string; order_index: number; data: Record<string, unknown> };

const create = async (name: string, data: Record<string, unknown> = {}) => {
  const res = await builder.post(CREATE, { moduleId: appId, templateName: name, data });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Template;
};
const names = async (client = builder, id = appId) =>
  ((await client.get(`${READ}?moduleId=${id}`)).json().data as Template[]).map((t) => t.template_name);

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' });
  await server.createUser('acme', { username: 'cora', password: 'cora-pass', kind: 'CONSULTANT' });
  const viewerId = await server.createUser('acme', { username: 'vic', password: 'vic-pass' });
  await server.createUser('acme', { username: 'sam', password: 'sam-pass' });
  await server.createUser('globex', { username: 'gus', password: 'gus-pass', kind: 'FULL_USER' });
  builder = server.client('acme');
  consultant = server.client('acme');
  viewer = server.client('acme');
  stranger = server.client('acme');
  globex = server.client('globex');
  await builder.signIn('fred', 'fred-pass');
  await consultant.signIn('cora', 'cora-pass');
  await viewer.signIn('vic', 'vic-pass');
  await stranger.signIn('sam', 'sam-pass');
  await globex.signIn('gus', 'gus-pass');
  // The published version has 'due' (a date), the draft has 'approved' (a switch): both may be set.
  const draft = smallDefinition([extraField('approved', 'Approved', 'switch', 8)]);
  appId = await insertApp(server, 'acme', 'Invoices', {
    draft,
    published: smallDefinition([extraField('due', 'Due', 'date', 8)]),
  });
  draftOnly = await insertApp(server, 'acme', 'Unpublished');
  globexApp = await insertApp(server, 'globex', 'Orders');
  await grantView(server, viewerId, appId);
  await grantView(server, viewerId, draftOnly);
});
afterAll(() => server?.close());

describe('record templates', () => {
  it('creates templates last in order with their values, and audits each', async () => {
    const first = await create('Standard ', { customer: 'ACME', amount: 12.5, due: '2024-05-01' });
    expect(first).toMatchObject({
      template_name: 'Standard',
      order_index: 0,
      data: { customer: 'ACME', amount: 12.5, due: '2024-05-01' },
    });
    const res = await consultant.post(CREATE, {
      moduleId: appId,
      templateName: 'Urgent',
      data: { approved: true, qty: [1, 2], customer: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Record template created');
    expect(res.json().data.order_index).toBe(1);
    expect(await names()).toEqual(['Standard', 'Urgent']);
    const rows = await auditRows(server, 'record-template');
    expect(rows.map((r) => r.action)).toEqual(['created', 'created']);
    expect(rows[0].after).toMatchObject({ template_name: 'Standard', module_id: appId });
  });

  it('applies the name rules and the per-app uniqueness', async () => {
    const cases: Array<[unknown, number, string]> = [
      ['', 400, 'This field is required'],
      [' Lead', 400, 'Cannot start with a space'],
      ['1st', 400, 'Cannot start with a number'],
      ['a--b', 400, 'Cannot contain special characters'],
      ['x'.repeat(41), 400, 'Cannot exceed 40 characters'],
      ['standard', 409, 'A record template with this name already exists in this app.'],
    ];
    for (const [templateName, status, message] of cases) {
      const res = await builder.post(CREATE, { moduleId: appId, templateName, data: {} });
      expect(res.statusCode, message).toBe(status);
      if (status === 400) expect(res.json().data.errors).toMatchObject([{ field: 'templateName', message }]);
      else expect(res.json().message).toBe(message);
    }
    // The same name in another app is fine.
    const other = await builder.post(CREATE, { moduleId: draftOnly, templateName: 'Standard', data: {} });
    expect(other.statusCode).toBe(200);
  });

  it('accepts only fields of the app, each with a fitting value', async () => {
    const unknown = await builder.post(CREATE, {
      moduleId: appId,
      templateName: 'Bad',
      data: { customer: 'x', created_by: 'me', colour: 'red' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('These are not fields of this app: created_by, colour');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: '12' }, 'amount'],
      [{ due: '2024-02-30' }, 'due'],
      [{ approved: 'yes' }, 'approved'],
      [{ qty: 3 }, 'qty'],
    ];
    for (const [data, name] of cases) {
      const res = await builder.post(CREATE, { moduleId: appId, templateName: 'Bad', data });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`The value of ${name} does not fit its field.`);
    }
    const notObject = await builder.post(CREATE, { moduleId: appId, templateName: 'Bad', data: [1] });
    expect(notObject.statusCode).toBe(400);
    expect(await names()).toEqual(['Standard', 'Urgent']);
  });

  it('renames with the same rules, and 404 for an unknown template', async () => {
    const [standard, urgent] = (await builder.get(`${READ}?moduleId=${appId}`)).json().data as Template[];
    const taken = await builder.post(RENAME, { id: urgent!.id, templateName: 'STANDARD' });
    expect(taken.statusCode).toBe(409);
    const bad = await builder.post(RENAME, { id: urgent!.id, templateName: '9 lives' });
    expect(bad.statusCode).toBe(400);
    const recase = await builder.post(RENAME, { id: standard!.id, templateName: 'standard' });
    expect(recase.statusCode).toBe(200);
    const renamed = await builder.post(RENAME, { id: urgent!.id, templateName: 'Rush' });
    expect(renamed.json()).toMatchObject({
      message: 'Record template renamed',
      data: { template_name: 'Rush' },
    });
    expect((await builder.post(RENAME, { id: MISSING_ID, templateName: 'X' })).statusCode).toBe(404);
    expect((await builder.post(RENAME, { id: 'zzz', templateName: 'X' })).json().message).toBe(
      'This record template does not exist.',
    );
    expect(await names()).toEqual(['standard', 'Rush']);
  });

  it('orders templates, listed ones first, and refuses foreign or repeated ids', async () => {
    const third = await create('Third');
    const [first, second] = (await builder.get(`${READ}?moduleId=${appId}`)).json().data as Template[];
    const res = await builder.post(ORDER, { moduleId: appId, ids: [third.id, first!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Record template order saved');
    expect(res.json().data.map((t: Template) => [t.template_name, t.order_index])).toEqual([
      ['Third', 0],
      ['standard', 1],
      ['Rush', 2],
    ]);
    const foreign = (await builder.get(`${READ}?moduleId=${draftOnly}`)).json().data[0] as Template;
    expect((await builder.post(ORDER, { moduleId: appId, ids: [foreign.id] })).statusCode).toBe(404);
    const twice = await builder.post(ORDER, { moduleId: appId, ids: [second!.id, second!.id] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().data.errors).toMatchObject([
      { field: 'ids', message: 'Each record template may appear only once in the order.' },
    ]);
    expect((await builder.post(ORDER, { moduleId: appId, ids: [] })).statusCode).toBe(400);
    expect((await auditRows(server, 'record-template')).at(-1)).toMatchObject({
      action: 'reordered',
      entity_id: appId,
    });
  });

  it('deletes a template and audits it', async () => {
    const [first] = (await builder.get(`${READ}?moduleId=${appId}`)).json().data as Template[];
    const res = await builder.post(DELETE, { id: first!.id });
    expect(res.json()).toMatchObject({ message: 'Record template deleted', data: { id: first!.id } });
    expect(await names()).toEqual(['standard', 'Rush']);
    expect((await builder.post(DELETE, { id: first!.id })).statusCode).toBe(404);
    expect((await auditRows(server, 'record-template')).at(-1)).toMatchObject({
      action: 'deleted',
      entity_id: first!.id,
      after: null,
    });
  });

  it('lets users read templates of published apps they may view, and nothing else', async () => {
    expect(await names(viewer)).toEqual(['standard', 'Rush']);
    // Granted, but not published: users do not see drafts.
    expect((await viewer.get(`${READ}?moduleId=${draftOnly}`)).statusCode).toBe(404);
    expect((await stranger.get(`${READ}?moduleId=${appId}`)).statusCode).toBe(404);
    expect((await builder.get(`${READ}?moduleId=${draftOnly}`)).statusCode).toBe(200);
  });

  it('keeps writes for builders and ids inside the tenant', async () => {
    const [first] = (await builder.get(`${READ}?moduleId=${appId}`)).json().data as Template[];
    expect((await viewer.post(CREATE, { moduleId: appId, templateName: 'X' })).statusCode).toBe(403);
    expect((await viewer.post(RENAME, { id: first!.id, templateName: 'X' })).statusCode).toBe(403);
    expect((await viewer.post(DELETE, { id: first!.id })).statusCode).toBe(403);
    expect((await viewer.post(ORDER, { moduleId: appId, ids: [first!.id] })).statusCode).toBe(403);
    expect((await globex.get(`${READ}?moduleId=${appId}`)).statusCode).toBe(404);
    expect((await globex.post(DELETE, { id: first!.id })).statusCode).toBe(404);
    expect((await globex.post(RENAME, { id: first!.id, templateName: 'Mine' })).statusCode).toBe(404);
    expect((await globex.post(CREATE, { moduleId: appId, templateName: 'Mine' })).statusCode).toBe(404);
    expect((await globex.post(ORDER, { moduleId: appId, ids: [first!.id] })).statusCode).toBe(404);
    expect((await builder.get(`${READ}?moduleId=${globexApp}`)).statusCode).toBe(404);
    expect((await builder.get(`${READ}?moduleId=bad`)).statusCode).toBe(404);
    expect(await names()).toEqual(['standard', 'Rush']);
  });
});
