import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { MISSING_ID, auditRows, insertApp, smallDefinition } from './app-fixture.ts';

const REASSIGN = '/api/form/Editor/setmodulereassignment';
const CONFIG = '/api/form/Editor/getmoduleconfig';
const LOOKUP = '/api/form/Editor/UserLookup';
const LOOKUP2 = '/api/form/Editor/UserLookup2';

let server: TestServer;
let builder: TestClient;
let user: TestClient;
let globex: TestClient;
let draftApp: string;
let publishedApp: string;
let globexApp: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await createTestServer();
  ids.fred = await server.createUser('acme', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' });
  ids.uma = await server.createUser('acme', { username: 'uma', password: 'uma-pass', kind: 'USER' });
  ids.olga = await server.createUser('acme', {
    username: 'olga',
    password: 'olga-pass',
    email: 'o.brien@acme.example',
  });
  ids.ivan = await server.createUser('acme', { username: 'ivan', password: 'ivan-pass', isActive: false });
  ids.gus = await server.createUser('globex', { username: 'gus', password: 'gus-pass', kind: 'FULL_USER' });
  builder = server.client('acme');
  user = server.client('acme');
  globex = server.client('globex');
  await builder.signIn('fred', 'fred-pass');
  await user.signIn('uma', 'uma-pass');
  await globex.signIn('gus', 'gus-pass');
  draftApp = await insertApp(server, 'acme', 'Draft app');
  const published = smallDefinition();
  publishedApp = await insertApp(server, 'acme', 'Live app', {
    published,
    draft: { ...published, defaultConfig: { listColumns: ['customer'] } },
  });
  globexApp = await insertApp(server, 'globex', 'Globex app');
});
afterAll(() => server?.close());

describe('setmodulereassignment', () => {
  it('switches reassignment off and on, auditing each change once', async () => {
    const off = await builder.post(REASSIGN, { moduleId: draftApp, isReassignmentDisabled: true });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({
      message: 'Reassignment setting saved',
      data: { moduleId: draftApp, is_reassignment_disabled: true },
    });
    // The same value again changes nothing and writes no audit row.
    await builder.post(REASSIGN, { moduleId: draftApp, isReassignmentDisabled: true });
    const { rows } = await server.owner.query(`SELECT is_reassignment_disabled FROM modules WHERE id = $1`, [
      draftApp,
    ]);
    expect(rows[0].is_reassignment_disabled).toBe(true);
    await builder.post(REASSIGN, { moduleId: draftApp, isReassignmentDisabled: false });
    const audit = await auditRows(server, 'app-reassignment');
    expect(audit.map((r) => [r.entity_id, r.before, r.after])).toEqual([
      [draftApp, { is_reassignment_disabled: false }, { is_reassignment_disabled: true }],
      [draftApp, { is_reassignment_disabled: true }, { is_reassignment_disabled: false }],
    ]);
    expect(audit[0].user_id).toBe(ids.fred);
  });

  it('validates the body and refuses ordinary users and other tenants', async () => {
    const bad = await builder.post(REASSIGN, { moduleId: draftApp, isReassignmentDisabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors[0].field).toBe('isReassignmentDisabled');
    expect((await user.post(REASSIGN, { moduleId: draftApp, isReassignmentDisabled: true })).statusCode).toBe(
      403,
    );
    for (const id of [globexApp, MISSING_ID, '1; drop table modules']) {
      const res = await builder.post(REASSIGN, { moduleId: id, isReassignmentDisabled: true });
      expect(res.statusCode).toBe(404);
    }
    expect(
      (await globex.post(REASSIGN, { moduleId: draftApp, isReassignmentDisabled: true })).statusCode,
    ).toBe(404);
  });
});

describe('getmoduleconfig', () => {
  it('summarises a draft app and a published one', async () => {
    const draft = await builder.get(`${CONFIG}?moduleId=${draftApp}`);
    expect(draft.statusCode).toBe(200);
    expect(draft.json().data).toEqual({
      id: draftApp,
      is_reassignment_disabled: false,
      module_version: 0,
      status: 'Draft',
      default_config: { listColumns: ['customer'] },
      record_templates: 0,
    });
    await server.owner.query(
      `INSERT INTO record_templates (tenant_id, module_id, template_name) SELECT tenant_id, id, 'T1' FROM modules WHERE id = $1`,
      [publishedApp],
    );
    const live = await builder.get(`${CONFIG}?moduleId=${publishedApp}`);
    expect(live.json().data).toMatchObject({ status: 'Published', module_version: 1, record_templates: 1 });
  });

  it('uses the draft’s default config once it differs from the published one', async () => {
    await server.owner.query(
      `UPDATE modules SET module_draft = jsonb_set(module_draft, '{defaultConfig}', '{"listColumns":["amount"]}')
        WHERE id = $1`,
      [publishedApp],
    );
    const live = await builder.get(`${CONFIG}?moduleId=${publishedApp}`);
    expect(live.json().data.default_config).toEqual({ listColumns: ['amount'] });
  });

  it('is for builders, and 404 for other tenants and unknown ids', async () => {
    expect((await user.get(`${CONFIG}?moduleId=${draftApp}`)).statusCode).toBe(403);
    expect((await globex.get(`${CONFIG}?moduleId=${draftApp}`)).statusCode).toBe(404);
    expect((await builder.get(`${CONFIG}?moduleId=${MISSING_ID}`)).statusCode).toBe(404);
    expect((await builder.get(`${CONFIG}?moduleId=x`)).statusCode).toBe(404);
  });
});

describe('UserLookup and UserLookup2', () => {
  it('pages through the tenant’s active users for every signed-in user', async () => {
    const res = await user.post(LOOKUP, { page: 1, length: 2 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.total).toBe(3);
    expect(data.items).toHaveLength(2);
    expect(Object.keys(data.items[0]).sort()).toEqual(['email', 'fullname', 'id', 'username']);
    const next = (await user.post(LOOKUP, { page: 2, length: 2 })).json().data;
    const names = [...data.items, ...next.items].map((u: { username: string }) => u.username);
    expect(names).toEqual(['fred', 'olga', 'uma']);
  });

  it('searches name and e-mail, looks users up by id, and never shows inactive users or other tenants', async () => {
    const byMail = (await user.post(LOOKUP, { search: 'O.BRIEN' })).json().data;
    expect(byMail.items.map((u: { id: string }) => u.id)).toEqual([ids.olga]);
    const byIds = (await user.post(LOOKUP, { ids: [ids.uma, ids.ivan, ids.gus, 'nope'] })).json().data;
    expect(byIds.items.map((u: { id: string }) => u.id)).toEqual([ids.uma]);
    const percent = (await user.post(LOOKUP, { search: '_' })).json().data;
    expect(percent.total).toBe(0);

    const two = await user.get(`${LOOKUP2}?search=${encodeURIComponent('fred tester')}`);
    expect(two.statusCode).toBe(200);
    expect(two.json().data).toEqual([
      { id: ids.fred, username: 'fred', fullname: 'fred Tester', email: 'fred@acme.example' },
    ]);
    expect((await globex.get(LOOKUP2)).json().data.map((u: { id: string }) => u.id)).toEqual([ids.gus]);
  });

  it('rejects special characters, pages longer than 50 and anonymous callers', async () => {
    const bad = await user.post(LOOKUP, { search: 'a<b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors[0].message).toBe('Search value cannot contain special characters');
    const bad2 = await user.get(`${LOOKUP2}?search=${encodeURIComponent('x;')}`);
    expect(bad2.statusCode).toBe(400);
    const long = await user.post(LOOKUP, { length: 51 });
    expect(long.statusCode).toBe(400);
    expect(long.json().data.errors[0].message).toBe('A page holds at most 50 users.');
    expect((await server.client('acme').post(LOOKUP, {})).statusCode).toBe(401);
  });
});
