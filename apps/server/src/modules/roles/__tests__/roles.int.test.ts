import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  CATALOGUE,
  LIST,
  SAVE,
  assignRole,
  auditRows,
  createRole,
  deletePath,
  detailPath,
  matrixPath,
  putMatrix,
} from './role-fixtures.ts';

let server: TestServer;
let admin: TestClient;
let consultant: TestClient;
let sysAdmin: TestClient;
let user: TestClient;
let fullUser: TestClient;
let globex: TestClient;

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'ada', password: 'ada-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('acme', { username: 'cora', password: 'cora-pass', kind: 'CONSULTANT' });
  await server.createUser('acme', { username: 'sam', password: 'sam-pass', kind: 'SYSTEM_ADMINISTRATOR' });
  await server.createUser('acme', { username: 'uma', password: 'uma-pass', kind: 'USER' });
  await server.createUser('acme', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' });
  await server.createUser('globex', { username: 'gus', password: 'gus-pass', kind: 'SYSTEM_ADMINISTRATOR' });
  const signIn = async (label: string, name: string) => {
    const client = server.client(label);
    await client.signIn(name, `${name}-pass`);
    return client;
  };
  admin = await signIn('acme', 'ada');
  consultant = await signIn('acme', 'cora');
  sysAdmin = await signIn('acme', 'sam');
  user = await signIn('acme', 'uma');
  fullUser = await signIn('acme', 'fred');
  globex = await signIn('globex', 'gus');
});
afterAll(() => server?.close());

describe('roles', () => {
  it('creates, lists, renames and deletes with an audit row for each write', async () => {
    const created = await admin.post(SAVE, { role_name: 'Clerks ', description: 'Front office' });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Role has been saved');
    const role = created.json().data;
    expect(role).toMatchObject({ role_name: 'Clerks', description: 'Front office', user_count: 0 });

    await assignRole(server, 'acme', 'uma', role.id);
    await assignRole(server, 'acme', 'fred', role.id);
    const list = await consultant.get(LIST);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      { id: role.id, role_name: 'Clerks', description: 'Front office', user_count: 2, grant_count: 0 },
    ]);

    const renamed = await sysAdmin.post(SAVE, { id: role.id, role_name: 'Counter staff' });
    expect(renamed.statusCode).toBe(200);
    // Left out, the description stays.
    expect(renamed.json().data).toMatchObject({ role_name: 'Counter staff', description: 'Front office' });
    const redescribed = await admin.post(SAVE, { id: role.id, role_name: 'Counter staff', description: '' });
    expect(redescribed.json().data.description).toBe('');

    const detail = await admin.get(detailPath(role.id));
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toEqual({
      id: role.id,
      role_name: 'Counter staff',
      description: '',
      grants: [],
      members: [
        { id: expect.any(String), username: 'fred', fullname: 'fred Tester' },
        { id: expect.any(String), username: 'uma', fullname: 'uma Tester' },
      ],
    });

    const deleted = await admin.post(deletePath(role.id));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ message: 'Role has been deleted', data: { id: role.id } });
    expect((await admin.get(LIST)).json().data).toEqual([]);
    const { rows: held } = await server.owner.query('SELECT 1 FROM user_roles WHERE role_id = $1', [role.id]);
    expect(held).toEqual([]);

    const rows = await auditRows(server, role.id);
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated', 'updated', 'deleted']);
    expect(rows[0]).toMatchObject({
      before: null,
      after: { role_name: 'Clerks', grants: [] },
      label: 'acme',
    });
    expect(rows[1]).toMatchObject({ before: { role_name: 'Clerks' }, after: { role_name: 'Counter staff' } });
    expect(rows[3]).toMatchObject({ before: { role_name: 'Counter staff', members: ['fred', 'uma'] } });
    expect(rows[3].after).toBeNull();
    expect(rows.every((r) => r.user_id)).toBe(true);
  });

  it('writes no audit row when a save changes nothing', async () => {
    const role = await createRole(admin, 'Steady', 'Same');
    expect(
      (await admin.post(SAVE, { id: role.id, role_name: 'Steady', description: 'Same' })).statusCode,
    ).toBe(200);
    expect((await putMatrix(admin, role.id, [])).statusCode).toBe(200);
    expect((await auditRows(server, role.id)).map((r) => r.action)).toEqual(['created']);
    await admin.post(deletePath(role.id));
  });

  it('refuses USER and FULL_USER kinds on every route (403), before the body, and anonymous callers (401)', async () => {
    const role = await createRole(admin, 'Locked');
    const calls = (client: TestClient) => [
      client.get(LIST),
      client.get(CATALOGUE),
      client.get(detailPath(role.id)),
      client.post(SAVE, { role_name: 'Nope' }),
      client.post(SAVE, { id: role.id, role_name: 'Nope' }),
      // Malformed bodies still get the 403: the role is checked first.
      client.post(SAVE, { role_name: '' }),
      client.post(deletePath(role.id)),
      putMatrix(client, role.id, []),
      putMatrix(client, role.id, 'not a list'),
    ];
    for (const client of [user, fullUser]) {
      const statuses = (await Promise.all(calls(client))).map((res) => res.statusCode);
      expect(statuses).toEqual(Array(statuses.length).fill(403));
    }
    const anonymous = server.client('acme');
    const statuses = (await Promise.all(calls(anonymous))).map((res) => res.statusCode);
    expect(statuses).toEqual(Array(statuses.length).fill(401));
    expect((await admin.get(detailPath(role.id))).json().data.role_name).toBe('Locked');
    expect((await auditRows(server)).filter((r) => r.after?.role_name === 'Nope')).toEqual([]);
    await admin.post(deletePath(role.id));
  });

  it('treats another tenant’s role and unknown or malformed ids as 404, and keeps tenants apart', async () => {
    const theirs = await createRole(globex, 'Globex only');
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const id of [theirs.id, unknown, 'not-a-uuid']) {
      expect((await admin.get(detailPath(id))).statusCode, id).toBe(404);
      expect((await admin.post(SAVE, { id, role_name: 'Hijack' })).statusCode, id).toBe(404);
      expect((await admin.post(deletePath(id))).statusCode, id).toBe(404);
      expect((await putMatrix(admin, id, [])).statusCode, id).toBe(404);
    }
    expect((await admin.get(detailPath(theirs.id))).json().message).toBe('This role does not exist.');
    expect((await admin.get(LIST)).json().data.map((r: { id: string }) => r.id)).not.toContain(theirs.id);
    expect((await globex.get(detailPath(theirs.id))).json().data.role_name).toBe('Globex only');
    // The same name in another tenant is no clash.
    const mine = await createRole(admin, 'Globex only');
    await admin.post(deletePath(mine.id));
    await globex.post(deletePath(theirs.id));
  });

  it('answers a duplicate name in the tenant, in any case, with 409, also when two creates race', async () => {
    const people = await createRole(admin, 'People');
    const other = await createRole(admin, 'Other');
    const again = await admin.post(SAVE, { role_name: 'people' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A role with this name already exists.');
    expect((await admin.post(SAVE, { id: other.id, role_name: 'PEOPLE' })).statusCode).toBe(409);
    // Renaming a role to its own name in another case is fine.
    expect((await admin.post(SAVE, { id: people.id, role_name: 'PEOPLE' })).statusCode).toBe(200);

    const [first, second] = await Promise.all([
      admin.post(SAVE, { role_name: 'Twin' }),
      consultant.post(SAVE, { role_name: 'twin' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = (first.statusCode === 200 ? first : second).json().data;
    for (const id of [people.id, other.id, winner.id]) await admin.post(deletePath(id));
  });

  it('checks the name and description rules with the spec’s messages (400)', async () => {
    const names: Array<[unknown, string]> = [
      ['', 'This field is required'],
      ['   ', 'This field is required'],
      [undefined, 'This field is required'],
      [' Leading', 'Cannot start with a space'],
      ['1st role', 'Cannot start with a number'],
      ['a--b', 'Cannot contain special characters'],
      ['x'.repeat(41), 'Cannot exceed 40 characters'],
    ];
    for (const [name, message] of names) {
      const res = await admin.post(SAVE, name === undefined ? {} : { role_name: name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json().data.errors).toMatchObject([{ field: 'role_name', message }]);
    }
    const descriptions: Array<[string, string]> = [
      [' Leading', 'Value cannot start with a space'],
      ['Costs <all>', 'Value cannot contain special characters'],
      ['d'.repeat(251), 'Value can not exceed 250 characters'],
    ];
    for (const [description, message] of descriptions) {
      const res = await admin.post(SAVE, { role_name: 'Fine', description });
      expect(res.statusCode, description).toBe(400);
      expect(res.json().data.errors).toMatchObject([{ field: 'description', message }]);
    }
    const longest = await createRole(admin, 'x'.repeat(40), `${'d'.repeat(249)}.`);
    expect(longest.role_name).toHaveLength(40);
    await admin.post(deletePath(longest.id));
    expect((await admin.get(LIST)).json().data).toEqual([]);
  });

  it('documents the routes in OpenAPI', async () => {
    const docs = await server.client('acme').get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    expect(Object.keys(docs.json().paths)).toEqual(
      expect.arrayContaining([
        LIST,
        CATALOGUE,
        SAVE,
        detailPath('{id}'),
        deletePath('{id}'),
        matrixPath('{id}'),
      ]),
    );
  });
});
