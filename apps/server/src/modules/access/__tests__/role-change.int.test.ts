import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MENU_PATHS,
  menuDeletePath,
  rolePath,
  ROLE_PATHS,
  roleDeletePath,
  roleMatrixPath,
  userPath,
  type AppMenuEntry,
} from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

// The administration modules together, through their APIs only: an administrator makes a menu and a
// role, grants the menu in the role's matrix and gives the role to a user; each step shows on the user's
// very next request with the token they already hold, and taking the role back hides the menu again.

let server: TestServer;
let admin: TestClient;
let user: TestClient;
let userId: string;

const titles = (entries: AppMenuEntry[]): string[] =>
  entries.flatMap((entry) => [entry.title, ...titles(entry.items)]);

const sidebarTitles = async (client: TestClient) => {
  const res = await client.get(MENU_PATHS.sidebar);
  expect(res.statusCode).toBe(200);
  return titles(res.json().data as AppMenuEntry[]);
};

const ok = async <T>(pending: Promise<{ statusCode: number; json(): unknown }>): Promise<T> => {
  const res = await pending;
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return (res.json() as { data: T }).data;
};

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'ada', password: 'ada-pass', kind: 'ADMINISTRATOR' });
  userId = await server.createUser('acme', { username: 'uma', password: 'uma-pass', kind: 'USER' });
  admin = server.client('acme');
  user = server.client('acme');
  await admin.signIn('ada', 'ada-pass');
  await user.signIn('uma', 'uma-pass');
});
afterAll(() => server?.close());

describe('a role change takes effect on the user’s next request', () => {
  it('grants, then withdraws, a menu through role, matrix and user roles', async () => {
    const menu = await ok<{ id: string }>(
      admin.post(MENU_PATHS.save, {
        menu_name: 'Weekly Figures',
        action_url: '/applications?menu=weekly',
        icon_class: 'bar-chart',
        description: '',
        is_group: false,
        show_on_seed: false,
      }),
    );
    expect(await sidebarTitles(user)).not.toContain('Weekly Figures');

    const role = await ok<{ id: string }>(
      admin.post(ROLE_PATHS.save, { role_name: 'Analysts', description: 'Reads the figures' }),
    );
    await ok(
      admin.put(roleMatrixPath(role.id), { grants: [{ resource: `menu:${menu.id}`, action: 'view' }] }),
    );
    // Granted to the role, but the user does not hold it yet.
    expect(await sidebarTitles(user)).not.toContain('Weekly Figures');

    await ok(admin.put(userPath('roles', userId), { role_ids: [role.id] }));
    expect(await sidebarTitles(user)).toContain('Weekly Figures');

    // Emptying the matrix hides it at once.
    await ok(admin.put(roleMatrixPath(role.id), { grants: [] }));
    expect(await sidebarTitles(user)).not.toContain('Weekly Figures');

    await ok(
      admin.put(roleMatrixPath(role.id), { grants: [{ resource: `menu:${menu.id}`, action: 'view' }] }),
    );
    expect(await sidebarTitles(user)).toContain('Weekly Figures');
    await ok(admin.put(userPath('roles', userId), { role_ids: [] }));
    expect(await sidebarTitles(user)).not.toContain('Weekly Figures');

    await ok(admin.put(userPath('roles', userId), { role_ids: [role.id] }));
    expect(await sidebarTitles(user)).toContain('Weekly Figures');
    await ok(admin.post(roleDeletePath(role.id)));
    expect(await sidebarTitles(user)).not.toContain('Weekly Figures');
  });

  it('a licence change moves the user across the spec §6 line on the next request', async () => {
    expect((await user.get(MENU_PATHS.tree)).statusCode).toBe(403);
    await ok(admin.post(userPath('licence', userId), { user_kind: 'ADMINISTRATOR' }));
    expect((await user.get(MENU_PATHS.tree)).statusCode).toBe(200);
    await ok(admin.post(userPath('licence', userId), { user_kind: 'USER' }));
    expect((await user.get(MENU_PATHS.tree)).statusCode).toBe(403);
  });

  it('deleting a menu takes its grants out of every role', async () => {
    const menu = await ok<{ id: string }>(
      admin.post(MENU_PATHS.save, { menu_name: 'Short Lived', action_url: '/applications', is_group: false }),
    );
    const role = await ok<{ id: string }>(admin.post(ROLE_PATHS.save, { role_name: 'Temporary' }));
    await ok(
      admin.put(roleMatrixPath(role.id), { grants: [{ resource: `menu:${menu.id}`, action: 'view' }] }),
    );
    await ok(admin.post(menuDeletePath(menu.id)));
    const detail = await ok<{ grants: unknown[] }>(admin.get(rolePath(role.id)));
    expect(detail.grants).toEqual([]);
    const { rows } = await server.owner.query(`SELECT 1 FROM role_permissions WHERE resource = $1`, [
      `menu:${menu.id}`,
    ]);
    expect(rows).toHaveLength(0);
  });

  it('left an audit row for every write', async () => {
    const { rows } = await server.owner.query<{ entity: string; action: string }>(
      `SELECT entity, action FROM audit_log WHERE entity IN ('menu', 'role', 'user') ORDER BY id`,
    );
    const seen = rows.map((row) => `${row.entity}:${row.action}`);
    // One row per write above: two menus, two roles, four matrix saves, a menu's and a role's deletion,
    // three role assignments and two licence changes.
    const count = (pattern: RegExp) => seen.filter((entry) => pattern.test(entry)).length;
    expect(count(/^menu:create/)).toBe(2);
    expect(count(/^role:create/)).toBe(2);
    expect(count(/^role:(matrix|permissions)/)).toBe(4);
    expect(count(/^menu:delete/)).toBe(1);
    expect(count(/^role:delete/)).toBe(1);
    expect(count(/^user:roles/)).toBe(3);
    expect(count(/^user:licence/)).toBe(2);
  });
});
