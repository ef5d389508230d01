import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

const LIST = '/api/form/Editor/category/list';
const SAVE = '/api/form/Editor/category/save';
const ORDER = '/api/form/Editor/category/order';
const del = (id: string) => `/api/form/Editor/category/${id}/delete`;

let server: TestServer;
let admin: TestClient;
let consultant: TestClient;
let user: TestClient;
let fullUser: TestClient;
let globex: TestClient;

const auditRows = async (entityId?: string) => {
  const { rows } = await server.owner.query(
    `SELECT a.action, a.entity_id, a.before, a.after, a.user_id, t.label
       FROM audit_log a JOIN tenants t ON t.id = a.tenant_id
      WHERE a.entity = 'module_category' ${entityId ? 'AND a.entity_id = $1' : ''} ORDER BY a.id`,
    entityId ? [entityId] : [],
  );
  return rows;
};

const create = async (client: TestClient, name: string, icon?: string) => {
  const res = await client.post(SAVE, { category_name: name, ...(icon ? { category_icon: icon } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json().data as { id: string; category_name: string; order_index: number };
};

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'ada', password: 'ada-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('acme', { username: 'cora', password: 'cora-pass', kind: 'CONSULTANT' });
  await server.createUser('acme', { username: 'uma', password: 'uma-pass', kind: 'USER' });
  await server.createUser('acme', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' });
  await server.createUser('globex', { username: 'gus', password: 'gus-pass', kind: 'SYSTEM_ADMINISTRATOR' });
  admin = server.client('acme');
  consultant = server.client('acme');
  user = server.client('acme');
  fullUser = server.client('acme');
  globex = server.client('globex');
  await admin.signIn('ada', 'ada-pass');
  await consultant.signIn('cora', 'cora-pass');
  await user.signIn('uma', 'uma-pass');
  await fullUser.signIn('fred', 'fred-pass');
  await globex.signIn('gus', 'gus-pass');
});
afterAll(() => server?.close());

describe('app groups', () => {
  it('creates, renames and deletes with the spec messages and an audit row for each', async () => {
    const created = await admin.post(SAVE, { category_name: 'Finance ', category_icon: 'fa fa-coins' });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Group has been saved');
    const group = created.json().data;
    expect(group).toMatchObject({ category_name: 'Finance', category_icon: 'fa fa-coins', order_index: 0 });

    const renamed = await consultant.post(SAVE, { id: group.id, category_name: 'Money' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: 'Group has been saved',
      data: { id: group.id, category_name: 'Money', category_icon: 'fa fa-coins' },
    });

    const list = await user.get(LIST);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { id: group.id, category_name: 'Money', category_icon: 'fa fa-coins', order_index: 0 },
    ]);

    const deleted = await admin.post(del(group.id));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Group has been deleted' });
    expect((await admin.get(LIST)).json().data).toEqual([]);

    const rows = await auditRows(group.id);
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated', 'deleted']);
    expect(rows[0]).toMatchObject({ before: null, after: { category_name: 'Finance' }, label: 'acme' });
    expect(rows[1]).toMatchObject({
      before: { category_name: 'Finance' },
      after: { category_name: 'Money' },
    });
    expect(rows[2]).toMatchObject({ before: { category_name: 'Money' }, after: null });
    expect(rows.every((r) => r.user_id)).toBe(true);
  });

  it('refuses writes to USER and FULL_USER kinds (403) and callers who are not signed in (401)', async () => {
    const group = await create(admin, 'Locked');
    for (const client of [user, fullUser]) {
      expect((await client.post(SAVE, { category_name: 'Nope' })).statusCode).toBe(403);
      expect((await client.post(SAVE, { id: group.id, category_name: 'Nope' })).statusCode).toBe(403);
      expect((await client.post(del(group.id))).statusCode).toBe(403);
      expect((await client.request('PUT', ORDER, { body: { ids: [group.id] } })).statusCode).toBe(403);
      expect((await client.get(LIST)).statusCode).toBe(200);
      // The role is checked before the body: a malformed request still gets the 403.
      expect((await client.post(SAVE, { category_name: '' })).statusCode).toBe(403);
    }
    const anonymous = server.client('acme');
    expect((await anonymous.get(LIST)).statusCode).toBe(401);
    expect((await anonymous.post(SAVE, { category_name: 'Nope' })).statusCode).toBe(401);
    expect((await anonymous.post(SAVE, {})).statusCode).toBe(401);
    expect((await auditRows()).filter((r) => r.after?.category_name === 'Nope')).toEqual([]);
    await admin.post(del(group.id));
  });

  it('treats another tenant’s group and unknown ids as 404, and keeps tenants apart', async () => {
    const theirs = await create(globex, 'Globex only');
    expect((await admin.post(SAVE, { id: theirs.id, category_name: 'Hijack' })).statusCode).toBe(404);
    expect((await admin.post(del(theirs.id))).statusCode).toBe(404);
    expect((await admin.request('PUT', ORDER, { body: { ids: [theirs.id] } })).statusCode).toBe(404);
    expect((await admin.post(del('not-a-uuid'))).statusCode).toBe(404);
    expect((await admin.post(del('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await admin.get(LIST)).json().data.map((g: { id: string }) => g.id)).not.toContain(theirs.id);
    expect((await globex.get(LIST)).json().data).toEqual([
      expect.objectContaining({ category_name: 'Globex only' }),
    ]);
    // The same name in another tenant is no clash.
    const mine = await create(admin, 'Globex only');
    await admin.post(del(mine.id));
  });

  it('lets only one of two simultaneous creates with the same name through', async () => {
    const [first, second] = await Promise.all([
      admin.post(SAVE, { category_name: 'Twin' }),
      consultant.post(SAVE, { category_name: 'twin' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = (first.statusCode === 200 ? first : second).json().data;
    expect((await auditRows(winner.id)).map((r) => r.action)).toEqual(['created']);
    await admin.post(del(winner.id));
  });

  it('answers a duplicate name in the tenant, in any case, with 409', async () => {
    const hr = await create(admin, 'People');
    const other = await create(admin, 'Other');
    const again = await admin.post(SAVE, { category_name: 'people' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('An app group with this name already exists.');
    const rename = await admin.post(SAVE, { id: other.id, category_name: 'PEOPLE' });
    expect(rename.statusCode).toBe(409);
    // Renaming a group to its own name in another case is fine.
    expect((await admin.post(SAVE, { id: hr.id, category_name: 'PEOPLE' })).statusCode).toBe(200);
    await admin.post(del(hr.id));
    await admin.post(del(other.id));
  });

  it('checks the name rules with the spec’s messages (400)', async () => {
    const cases: Array<[unknown, string]> = [
      ['', 'This field is required'],
      ['   ', 'This field is required'],
      [undefined, 'This field is required'],
      [' Leading', 'Cannot start with a space'],
      ['1st group', 'Cannot start with a number'],
      ['a--b', 'Cannot contain special characters'],
      ['x'.repeat(41), 'Cannot exceed 40 characters'],
    ];
    for (const [name, message] of cases) {
      const res = await admin.post(SAVE, name === undefined ? {} : { category_name: name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json().data.errors).toMatchObject([{ field: 'category_name', message }]);
    }
    expect((await admin.post(SAVE, { category_name: 'x'.repeat(40) })).statusCode).toBe(200);
    const long = (await admin.get(LIST))
      .json()
      .data.find((g: { category_name: string }) => g.category_name.length === 40);
    await admin.post(del(long.id));
  });

  it('orders groups by position, audits the change, and refuses repeated or foreign ids', async () => {
    const a = await create(admin, 'Alpha');
    const b = await create(admin, 'Bravo');
    const c = await create(admin, 'Charlie');
    expect([a.order_index, b.order_index, c.order_index]).toEqual([0, 1, 2]);

    const res = await admin.request('PUT', ORDER, { body: { ids: [c.id, a.id, b.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('App group order saved');
    const list = (await user.get(LIST)).json().data;
    expect(
      list.map((g: { category_name: string; order_index: number }) => [g.category_name, g.order_index]),
    ).toEqual([
      ['Charlie', 0],
      ['Alpha', 1],
      ['Bravo', 2],
    ]);
    const [row] = (await auditRows('order')).slice(-1);
    expect(row.action).toBe('reordered');
    expect(row.before.map((g: { id: string }) => g.id)).toEqual([a.id, b.id, c.id]);
    expect(row.after.map((g: { id: string }) => g.id)).toEqual([c.id, a.id, b.id]);

    // Groups left out keep their order after the listed ones.
    await admin.request('PUT', ORDER, { body: { ids: [b.id] } });
    expect((await admin.get(LIST)).json().data.map((g: { id: string }) => g.id)).toEqual([b.id, c.id, a.id]);

    const repeated = await admin.request('PUT', ORDER, { body: { ids: [a.id, a.id] } });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().data.errors[0].message).toBe('Each app group may appear only once in the order.');
    expect((await admin.request('PUT', ORDER, { body: { ids: [] } })).statusCode).toBe(400);
    expect((await admin.request('PUT', ORDER, { body: { ids: [a.id, 'nope'] } })).statusCode).toBe(404);
    expect((await admin.get(LIST)).json().data.map((g: { id: string }) => g.id)).toEqual([b.id, c.id, a.id]);
  });
});
