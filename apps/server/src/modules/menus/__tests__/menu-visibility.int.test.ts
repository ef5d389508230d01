import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

const SIDEBAR = '/api/sys/permissions/menu/sidebar';
const SAVE = '/api/sys/permissions/menu/save';

type Entry = {
  id: string;
  title: string;
  href: string;
  icon: string | null;
  items: Entry[];
  disabled: boolean;
};

let server: TestServer;
let tenantId: string;
let umaId: string;
let admin: TestClient;
let user: TestClient;
let fullUser: TestClient;

const save = async (body: Record<string, unknown>) => {
  const res = await admin.post(SAVE, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string };
};
const sidebar = async (client: TestClient): Promise<Entry[]> => {
  const res = await client.get(SIDEBAR);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
/** Titles, nested: a group as [title, [children]]. */
const shape = (entries: Entry[]): unknown[] =>
  entries.map((entry) => (entry.items.length ? [entry.title, shape(entry.items)] : entry.title));

let roleCount = 0;

/** Arranged as the roles screen would leave it: a role granting view on menu:{id}, held by the user. */
async function grantView(userId: string, menuId: string): Promise<string> {
  roleCount += 1;
  const { rows } = await server.owner.query<{ id: string }>(
    `INSERT INTO roles (tenant_id, role_name) VALUES ($1, $2) RETURNING id`,
    [tenantId, `Viewers ${roleCount}`],
  );
  const roleId = rows[0]!.id;
  await server.owner.query(
    `INSERT INTO role_permissions (tenant_id, role_id, resource, action) VALUES ($1, $2, $3, 'view')`,
    [tenantId, roleId, `menu:${menuId}`],
  );
  await server.owner.query(`INSERT INTO user_roles (tenant_id, user_id, role_id) VALUES ($1, $2, $3)`, [
    tenantId,
    userId,
    roleId,
  ]);
  return roleId;
}

beforeAll(async () => {
  server = await createTestServer();
  tenantId = await server.createTenant('acme');
  await server.createUser('acme', { username: 'ada', password: 'ada-pass', kind: 'ADMINISTRATOR' });
  umaId = await server.createUser('acme', { username: 'uma', password: 'uma-pass', kind: 'USER' });
  await server.createUser('acme', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' });
  admin = server.client('acme');
  user = server.client('acme');
  fullUser = server.client('acme');
  await admin.signIn('ada', 'ada-pass');
  await user.signIn('uma', 'uma-pass');
  await fullUser.signIn('fred', 'fred-pass');
});
afterAll(() => server?.close());

describe('who sees which stored menu', () => {
  let sales: { id: string };
  let hidden: { id: string };
  let emptyGroup: { id: string };

  it('shows settings roles everything, and others only show_on_seed entries', async () => {
    const everyone = await save({
      menu_name: 'Handbook',
      action_url: 'https://wiki.example.com',
      show_on_seed: true,
    });
    sales = await save({ menu_name: 'Sales', is_group: true, icon_class: 'ShopOutlined' });
    await save({
      menu_name: 'Orders',
      action_url: '/module/orders',
      parent_id: sales.id,
      show_on_seed: true,
    });
    hidden = await save({ menu_name: 'Margins', action_url: '/module/margins', parent_id: sales.id });
    emptyGroup = await save({ menu_name: 'Later', is_group: true, show_on_seed: true });

    const mine = await sidebar(admin);
    expect(shape(mine)).toEqual([
      'Home',
      'Apps',
      'Settings',
      'Handbook',
      ['Sales', ['Orders', 'Margins']],
      'Later',
    ]);
    expect(mine[3]).toEqual({
      id: everyone.id,
      title: 'Handbook',
      href: 'https://wiki.example.com',
      icon: null,
      items: [],
      disabled: false,
    });
    expect(mine[4]).toMatchObject({ id: sales.id, href: '', icon: 'ShopOutlined', disabled: false });
    // An empty group leads nowhere: settings roles still see it, disabled.
    expect(mine[5]).toMatchObject({ id: emptyGroup.id, items: [], disabled: true });

    // A group without show_on_seed still shows when something inside it does; an empty one never.
    expect(shape(await sidebar(user))).toEqual(['Home', 'Apps', 'Handbook', ['Sales', ['Orders']]]);
    expect(shape(await sidebar(fullUser))).toEqual(['Home', 'Apps', 'Handbook', ['Sales', ['Orders']]]);
  });

  it('applies a role grant on the very next request, and its removal too', async () => {
    const roleId = await grantView(umaId, hidden.id);
    expect(shape(await sidebar(user))).toEqual([
      'Home',
      'Apps',
      'Handbook',
      ['Sales', ['Orders', 'Margins']],
    ]);
    expect(shape(await sidebar(fullUser))).toEqual(['Home', 'Apps', 'Handbook', ['Sales', ['Orders']]]);

    await server.owner.query(`DELETE FROM role_permissions WHERE role_id = $1`, [roleId]);
    expect(shape(await sidebar(user))).toEqual(['Home', 'Apps', 'Handbook', ['Sales', ['Orders']]]);
  });

  it('brings a granted link’s parent group along even when nothing else in it is shown', async () => {
    const secret = await save({ menu_name: 'Secret', is_group: true });
    const inner = await save({ menu_name: 'Inner', is_group: true, parent_id: secret.id });
    const vault = await save({ menu_name: 'Vault', action_url: '/module/vault', parent_id: inner.id });
    expect(JSON.stringify(await sidebar(user))).not.toContain('Secret');

    const roleId = await grantView(umaId, vault.id);
    const entries = await sidebar(user);
    expect(shape(entries).slice(-1)).toEqual([['Secret', [['Inner', ['Vault']]]]]);
    await server.owner.query(`DELETE FROM user_roles WHERE role_id = $1`, [roleId]);
    expect(JSON.stringify(await sidebar(user))).not.toContain('Secret');

    // A grant on the group alone shows nothing: the group would be empty.
    const groupRole = await grantView(umaId, secret.id);
    expect(JSON.stringify(await sidebar(user))).not.toContain('Secret');
    await server.owner.query(`DELETE FROM roles WHERE id = $1`, [groupRole]);
  });

  it('puts the same list in the session token as GET /sidebar answers', async () => {
    const roleId = await grantView(umaId, hidden.id);
    for (const [client, username, password] of [
      [user, 'uma', 'uma-pass'],
      [admin, 'ada', 'ada-pass'],
      [fullUser, 'fred', 'fred-pass'],
    ] as const) {
      const fresh = server.client('acme');
      const token = await fresh.signIn(username, password);
      expect(token.config.appMenu).toEqual(await sidebar(client));
    }
    await server.owner.query(`DELETE FROM roles WHERE id = $1`, [roleId]);
  });

  it('shows a new order in the sidebar at once', async () => {
    const before = await sidebar(admin);
    const stored = before.slice(3);
    const reversed = [...stored].reverse();
    const items = [
      ...reversed.map((entry, index) => ({ id: entry.id, parent_id: null, order_index: index })),
      ...stored.flatMap((entry) => placementsBelow(entry)),
    ];
    const res = await admin.request('PUT', '/api/sys/permissions/menu/sidebar/order', { body: { items } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await sidebar(admin)).slice(3).map((entry) => entry.title)).toEqual(
      reversed.map((entry) => entry.title),
    );
  });
});

describe('API description', () => {
  it('documents every menu route in the OpenAPI description', async () => {
    const docs = await server.client('acme').get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = docs.json().paths as Record<string, Record<string, { summary?: string }>>;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        SIDEBAR,
        '/api/sys/permissions/menu/sidebar/tree',
        '/api/sys/permissions/menu/sidebar/order',
        SAVE,
        '/api/sys/permissions/menu/{id}/delete',
      ]),
    );
    expect(paths[SIDEBAR]?.get?.summary).toBeTruthy();
  });
});

function placementsBelow(entry: Entry): Array<{ id: string; parent_id: string | null; order_index: number }> {
  return entry.items.flatMap((child, index) => [
    { id: child.id, parent_id: entry.id, order_index: index },
    ...placementsBelow(child),
  ]);
}
