import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

const TREE = '/api/sys/permissions/menu/sidebar/tree';
const SIDEBAR = '/api/sys/permissions/menu/sidebar';
const ORDER = '/api/sys/permissions/menu/sidebar/order';
const SAVE = '/api/sys/permissions/menu/save';
const del = (id: string) => `/api/sys/permissions/menu/${id}/delete`;

let server: TestServer;
let admin: TestClient;
let consultant: TestClient;
let user: TestClient;
let fullUser: TestClient;
let globex: TestClient;

type Node = { id: string; text: string; parent_id: string | null; order_index: number; children: Node[] };
type Placement = { id: string; parent_id: string | null; order_index: number };

const auditRows = async (entityId?: string) => {
  const { rows } = await server.owner.query(
    `SELECT a.action, a.entity_id, a.before, a.after, a.user_id, t.label
       FROM audit_log a JOIN tenants t ON t.id = a.tenant_id
      WHERE a.entity = 'menu' ${entityId ? 'AND a.entity_id = $1' : ''} ORDER BY a.id`,
    entityId ? [entityId] : [],
  );
  return rows;
};

const save = async (client: TestClient, body: Record<string, unknown>) => {
  const res = await client.post(SAVE, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; parent_id: string | null; order_index: number };
};
const group = (client: TestClient, name: string, parent_id: string | null = null) =>
  save(client, { menu_name: name, is_group: true, parent_id });
const link = (client: TestClient, name: string, parent_id: string | null = null, url = '/tasks') =>
  save(client, { menu_name: name, action_url: url, parent_id });

const tree = async (client: TestClient = admin): Promise<Node[]> => {
  const res = await client.get(TREE);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
/** The current arrangement, as the order request wants it. */
const placements = (nodes: Node[]): Placement[] =>
  nodes.flatMap((node) => [
    { id: node.id, parent_id: node.parent_id, order_index: node.order_index },
    ...placements(node.children),
  ]);
const shape = (nodes: Node[]): unknown[] =>
  nodes.map((node) => (node.children.length ? [node.text, shape(node.children)] : node.text));
const order = (client: TestClient, items: Placement[]) => client.request('PUT', ORDER, { body: { items } });
const clear = async () => {
  for (const node of await tree()) await admin.post(del(node.id));
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

describe('stored menus', () => {
  it('creates, edits and deletes (children with it), with messages and an audit row for each', async () => {
    const finance = await group(admin, 'Finance');
    const created = await admin.post(SAVE, {
      menu_name: 'Invoices ',
      action_url: '/module/42',
      icon_class: 'FileTextOutlined',
      description: 'All invoices',
      parent_id: finance.id,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      message: 'Menu has been saved',
      data: {
        menu_name: 'Invoices',
        action_url: '/module/42',
        icon_class: 'FileTextOutlined',
        description: 'All invoices',
        is_group: false,
        show_on_seed: false,
        parent_id: finance.id,
        order_index: 0,
      },
    });
    const invoices = created.json().data;
    const second = await link(consultant, 'Reports', finance.id, 'https://reports.example.com/x?y=1');
    expect(second.order_index).toBe(1);

    const edited = await admin.post(SAVE, { id: invoices.id, menu_name: 'Bills', action_url: '/module/43' });
    expect(edited.statusCode).toBe(200);
    // Fields left out keep their values: the entry stays in its group and place, with its icon.
    expect(edited.json().data).toMatchObject({
      menu_name: 'Bills',
      parent_id: finance.id,
      order_index: 0,
      icon_class: 'FileTextOutlined',
      description: 'All invoices',
    });

    expect(await tree()).toEqual([
      expect.objectContaining({
        id: finance.id,
        text: 'Finance',
        type: 'group',
        is_group: true,
        action_url: '',
        icon: null,
        children: [
          expect.objectContaining({ text: 'Bills', type: 'Module', icon: 'FileTextOutlined', children: [] }),
          expect.objectContaining({ text: 'Reports', action_url: 'https://reports.example.com/x?y=1' }),
        ],
      }),
    ]);

    const deleted = await admin.post(del(finance.id));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({
      message: 'Menu has been deleted',
      data: { id: finance.id, deleted: [finance.id, invoices.id, second.id] },
    });
    expect(await tree()).toEqual([]);

    expect((await auditRows(invoices.id)).map((r) => r.action)).toEqual(['created', 'updated', 'deleted']);
    const [createdRow, updatedRow, deletedRow] = await auditRows(invoices.id);
    expect(createdRow).toMatchObject({ before: null, after: { menu_name: 'Invoices' }, label: 'acme' });
    expect(updatedRow).toMatchObject({ before: { menu_name: 'Invoices' }, after: { menu_name: 'Bills' } });
    expect(deletedRow).toMatchObject({ before: { menu_name: 'Bills' }, after: null });
    expect((await auditRows(finance.id)).map((r) => r.action)).toEqual(['created', 'deleted']);
    expect((await auditRows()).every((r) => r.user_id)).toBe(true);
  });

  it('refuses tree, save, delete and order to USER and FULL_USER (403) and strangers (401)', async () => {
    const mine = await link(admin, 'Locked');
    for (const client of [user, fullUser]) {
      expect((await client.get(TREE)).statusCode).toBe(403);
      expect((await client.post(SAVE, { menu_name: 'Nope', action_url: '/x' })).statusCode).toBe(403);
      expect((await client.post(SAVE, { id: mine.id, menu_name: 'Nope', action_url: '/x' })).statusCode).toBe(
        403,
      );
      expect((await client.post(del(mine.id))).statusCode).toBe(403);
      expect((await order(client, [{ id: mine.id, parent_id: null, order_index: 0 }])).statusCode).toBe(403);
      // The role is checked before the body: a malformed request still gets the 403.
      expect((await client.post(SAVE, { menu_name: '' })).statusCode).toBe(403);
      expect((await client.get(SIDEBAR)).statusCode).toBe(200);
    }
    const anonymous = server.client('acme');
    expect((await anonymous.get(SIDEBAR)).statusCode).toBe(401);
    expect((await anonymous.get(TREE)).statusCode).toBe(401);
    expect((await anonymous.post(SAVE, {})).statusCode).toBe(401);
    expect((await auditRows()).filter((r) => r.after?.menu_name === 'Nope')).toEqual([]);
    expect(shape(await tree())).toEqual(['Locked']);
    await clear();
  });

  it('treats another tenant’s menus and unknown ids as 404, and keeps tenants apart', async () => {
    const theirs = await group(globex, 'Globex only');
    const mine = await link(admin, 'Mine');
    expect((await admin.post(SAVE, { id: theirs.id, menu_name: 'Hijack', is_group: true })).statusCode).toBe(
      404,
    );
    expect(
      (await admin.post(SAVE, { menu_name: 'Inside', action_url: '/x', parent_id: theirs.id })).statusCode,
    ).toBe(404);
    expect((await admin.post(del(theirs.id))).statusCode).toBe(404);
    expect((await admin.post(del('not-a-uuid'))).statusCode).toBe(404);
    expect((await admin.post(del('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    const foreign = await order(admin, [
      { id: mine.id, parent_id: null, order_index: 0 },
      { id: theirs.id, parent_id: null, order_index: 1 },
    ]);
    expect(foreign.statusCode).toBe(404);
    const foreignParent = await order(admin, [{ id: mine.id, parent_id: theirs.id, order_index: 0 }]);
    expect(foreignParent.statusCode).toBe(404);
    expect(shape(await tree())).toEqual(['Mine']);
    expect(shape(await tree(globex))).toEqual(['Globex only']);
    await clear();
  });

  it('checks names and addresses (400): no script URLs, a link needs one, a group has none', async () => {
    const nameCases: Array<[unknown, string]> = [
      ['', 'This field is required'],
      [undefined, 'This field is required'],
      [' Leading', 'Cannot start with a space'],
      ['1st menu', 'Cannot start with a number'],
      ['a--b', 'Cannot contain special characters'],
      ['x'.repeat(41), 'Cannot exceed 40 characters'],
    ];
    for (const [name, message] of nameCases) {
      const res = await admin.post(SAVE, {
        ...(name === undefined ? {} : { menu_name: name }),
        is_group: true,
      });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json().data.errors).toMatchObject([{ field: 'menu_name', message }]);
    }
    const invalid = 'Enter an app path starting with / (such as /tasks) or an http(s) address.';
    const urlCases: Array<[Record<string, unknown>, string]> = [
      [{ action_url: 'javascript:alert(1)' }, invalid],
      [{ action_url: 'JavaScript:alert(1)' }, invalid],
      [{ action_url: 'java\tscript:alert(1)' }, invalid],
      [{ action_url: 'data:text/html,hi' }, invalid],
      [{ action_url: '//evil.example.com' }, invalid],
      [{ action_url: '/\\evil.example.com' }, invalid],
      [{ action_url: 'ftp://files.example.com' }, invalid],
      [{ action_url: 'tasks' }, invalid],
      [{ action_url: 'https://' }, invalid],
      [{}, 'A link needs an address.'],
      [{ action_url: '   ' }, 'A link needs an address.'],
      [{ is_group: true, action_url: '/tasks' }, 'A group has no address.'],
    ];
    for (const [body, message] of urlCases) {
      const res = await admin.post(SAVE, { menu_name: 'Menu', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.errors).toMatchObject([{ field: 'action_url', message }]);
    }
    // Editing checks the address against the kind the entry ends up with.
    const folder = await group(admin, 'Folder');
    const groupUrl = await admin.post(SAVE, { id: folder.id, menu_name: 'Folder', action_url: '/x' });
    expect(groupUrl.statusCode).toBe(400);
    expect(groupUrl.json().data.errors).toMatchObject([
      { field: 'action_url', message: 'A group has no address.' },
    ]);
    const toLink = await admin.post(SAVE, { id: folder.id, menu_name: 'Folder', is_group: false });
    expect(toLink.statusCode).toBe(400);
    expect(toLink.json().data.errors).toMatchObject([
      { field: 'action_url', message: 'A link needs an address.' },
    ]);
    const jsEdit = await admin.post(SAVE, {
      id: folder.id,
      menu_name: 'F',
      is_group: false,
      action_url: 'javascript:x',
    });
    expect(jsEdit.statusCode).toBe(400);
    const becameLink = await admin.post(SAVE, {
      id: folder.id,
      menu_name: 'Folder',
      is_group: false,
      action_url: '/f',
    });
    expect(becameLink.json().data).toMatchObject({ is_group: false, action_url: '/f' });
    const backToGroup = await admin.post(SAVE, { id: folder.id, menu_name: 'Folder', is_group: true });
    expect(backToGroup.json().data).toMatchObject({ is_group: true, action_url: '' });
    for (const url of ['/tasks', '/module/1?from=x#top', 'http://example.com', 'HTTPS://Example.com/ab']) {
      const ok = await admin.post(SAVE, { menu_name: 'Fine', action_url: url });
      expect(ok.statusCode, url).toBe(200);
    }
    await clear();
  });

  it('refuses a parent that is not a group, nesting deeper than 4, and a group with entries becoming a link', async () => {
    const plain = await link(admin, 'Plain');
    const underLink = await admin.post(SAVE, { menu_name: 'Child', action_url: '/x', parent_id: plain.id });
    expect(underLink.statusCode).toBe(400);
    expect(underLink.json().message).toBe('Menus can only be put inside a group.');

    const one = await group(admin, 'One');
    const two = await group(admin, 'Two', one.id);
    const three = await group(admin, 'Three', two.id);
    await link(admin, 'Four', three.id);
    const five = await admin.post(SAVE, {
      menu_name: 'Five',
      is_group: true,
      parent_id: (await group(admin, 'Four b', three.id)).id,
    });
    expect(five.statusCode).toBe(400);
    expect(five.json().message).toBe('Menus can be nested at most 4 levels deep.');

    const becomeLink = await admin.post(SAVE, {
      id: one.id,
      menu_name: 'One',
      is_group: false,
      action_url: '/x',
    });
    expect(becomeLink.statusCode).toBe(400);
    expect(becomeLink.json().message).toBe('A group that still has entries cannot become a link.');

    // Moving a group into its own subtree through save is a cycle.
    const cycle = await admin.post(SAVE, {
      id: one.id,
      menu_name: 'One',
      is_group: true,
      parent_id: three.id,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe('A group cannot be put inside itself or one of its own entries.');
    await clear();
  });

  it('saves a whole arrangement in one go, audits it once and shows it in the sidebar', async () => {
    const a = await group(admin, 'Alpha');
    const b = await link(admin, 'Bravo', null, '/b');
    const c = await link(admin, 'Charlie', a.id, '/c');
    const d = await link(admin, 'Delta', a.id, '/d');
    expect(shape(await tree())).toEqual([['Alpha', ['Charlie', 'Delta']], 'Bravo']);

    const res = await order(admin, [
      { id: b.id, parent_id: null, order_index: 0 },
      { id: a.id, parent_id: null, order_index: 1 },
      { id: d.id, parent_id: a.id, order_index: 0 },
      { id: c.id, parent_id: a.id, order_index: 7 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Menu order saved');
    expect(shape(res.json().data)).toEqual(['Bravo', ['Alpha', ['Delta', 'Charlie']]]);
    // Siblings are renumbered densely.
    expect(placements(await tree()).find((p) => p.id === c.id)?.order_index).toBe(1);

    const sidebar = (await admin.get(SIDEBAR)).json().data;
    expect(sidebar.map((e: { title: string }) => e.title)).toEqual([
      'Home',
      'Apps',
      'Settings',
      'Bravo',
      'Alpha',
    ]);
    expect(sidebar[4].items.map((e: { title: string; href: string }) => [e.title, e.href])).toEqual([
      ['Delta', '/d'],
      ['Charlie', '/c'],
    ]);

    const [row] = (await auditRows('order')).slice(-1);
    expect(row.action).toBe('reordered');
    expect(row.before.map((p: Placement) => p.id).sort()).toEqual([a.id, b.id, c.id, d.id].sort());
    expect(row.after.find((p: Placement) => p.id === c.id)).toMatchObject({
      parent_id: a.id,
      order_index: 1,
    });
    const rowsBefore = (await auditRows('order')).length;

    // Moving a link out of its group to the top.
    const moved = await order(admin, [
      { id: c.id, parent_id: null, order_index: 0 },
      { id: b.id, parent_id: null, order_index: 1 },
      { id: a.id, parent_id: null, order_index: 2 },
      { id: d.id, parent_id: a.id, order_index: 0 },
    ]);
    expect(moved.statusCode).toBe(200);
    expect(shape(await tree())).toEqual(['Charlie', 'Bravo', ['Alpha', ['Delta']]]);
    expect((await auditRows('order')).length).toBe(rowsBefore + 1);

    // Unchanged arrangement: nothing written, nothing audited.
    expect((await order(admin, placements(await tree()))).statusCode).toBe(200);
    expect((await auditRows('order')).length).toBe(rowsBefore + 1);
    await clear();
  });

  it('refuses a missing item, a repeat, a parent that is not a group, a cycle and nesting deeper than 4 (400)', async () => {
    const g1 = await group(admin, 'G1');
    const g2 = await group(admin, 'G2', g1.id);
    const g3 = await group(admin, 'G3');
    const l1 = await link(admin, 'L1');
    const base = placements(await tree());
    const problems: Array<[Placement[], string]> = [
      [base.filter((p) => p.id !== l1.id), 'The order must list every menu exactly once.'],
      [
        base.map((p) => (p.id === g3.id ? { ...p, parent_id: l1.id } : p)),
        'Menus can only be put inside a group.',
      ],
      [
        base.map((p) => (p.id === g1.id ? { ...p, parent_id: g2.id } : p)),
        'A group cannot be put inside itself or one of its own entries.',
      ],
      [
        base.map((p) => (p.id === g1.id ? { ...p, parent_id: g1.id } : p)),
        'A group cannot be put inside itself or one of its own entries.',
      ],
    ];
    for (const [items, message] of problems) {
      const res = await order(admin, items);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const repeated = await order(admin, [...base, base[0]!]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().data.errors[0].message).toBe('Each menu may appear only once in the order.');

    const g4 = await group(admin, 'G4', g2.id);
    const leaf = await link(admin, 'Leaf', g4.id);
    // G3 -> G1 -> G2 -> G4 -> Leaf is five levels.
    const deep = placements(await tree()).map((p) => (p.id === g1.id ? { ...p, parent_id: g3.id } : p));
    const tooDeep = await order(admin, deep);
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().message).toBe('Menus can be nested at most 4 levels deep.');
    expect(shape(await tree())).toEqual([['G1', [['G2', [['G4', ['Leaf']]]]]], 'G3', 'L1']);
    expect(leaf.parent_id).toBe(g4.id);
    await clear();
  });
});
