import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flagsForKind, menuResource, type UserKind } from '@formloop/domain';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { createTenantDb, type TenantDb } from '../../../platform/database/tenant-db.ts';
import { registerErrorHandler } from '../../../platform/http/error-handler.ts';
import { grantedResources } from '../../access/index.ts';
import { createGrantCheck } from '../role-check.ts';
import {
  CATALOGUE,
  assignRole,
  auditRows,
  createRole,
  deletePath,
  detailPath,
  insertMenu,
  putMatrix,
  tenantId,
  userId,
} from './role-fixtures.ts';

let server: TestServer;
let admin: TestClient;
let globex: TestClient;
/** The app role's own pool: what the server reads grants through, row-level security and all. */
let appPool: pg.Pool;
let db: TenantDb;
let acme: string;
let uma: string;

// The acme menu tree, inserted out of order on purpose:
//   Finance (group, 0)          Reports (link, 1)
//     Invoices (1)  Budgets (0)
//     Archive (group, 2)
//       Old (0)
const menu: Record<string, string> = {};
let foreignMenu: string;
const app: Record<string, string> = {};
let foreignApp: string;

/** An app, inserted directly (the Editor API is tested in the apps module). */
async function insertApp(label: string, name: string): Promise<string> {
  const { rows } = await server.owner.query<{ id: string }>(
    `INSERT INTO modules (tenant_id, display_name, module_draft) VALUES ($1, $2, '{}'::jsonb) RETURNING id`,
    [await tenantId(server, label), name],
  );
  return rows[0]!.id;
}

const granted = () => db.inTenant(acme, (tx) => grantedResources(tx, acme, uma, 'view', 'menu:'));
const view = (name: string) => ({ resource: menuResource(menu[name]!), action: 'view' });

beforeAll(async () => {
  server = await createTestServer();
  await server.createUser('acme', { username: 'ada', password: 'ada-pass', kind: 'ADMINISTRATOR' });
  await server.createUser('acme', { username: 'uma', password: 'uma-pass', kind: 'USER' });
  await server.createUser('globex', { username: 'gus', password: 'gus-pass', kind: 'SYSTEM_ADMINISTRATOR' });
  admin = server.client('acme');
  globex = server.client('globex');
  await admin.signIn('ada', 'ada-pass');
  await globex.signIn('gus', 'gus-pass');
  acme = await tenantId(server, 'acme');
  uma = await userId(server, 'uma');
  appPool = new pg.Pool({ connectionString: server.appRoleUrl, max: 2 });
  db = createTenantDb(appPool);

  menu.Reports = await insertMenu(server, 'acme', { name: 'Reports', order: 1 });
  menu.Finance = await insertMenu(server, 'acme', { name: 'Finance', group: true, order: 0 });
  menu.Archive = await insertMenu(server, 'acme', {
    name: 'Archive',
    group: true,
    order: 2,
    parent: menu.Finance,
  });
  menu.Invoices = await insertMenu(server, 'acme', { name: 'Invoices', order: 1, parent: menu.Finance });
  menu.Budgets = await insertMenu(server, 'acme', { name: 'Budgets', order: 0, parent: menu.Finance });
  menu.Old = await insertMenu(server, 'acme', { name: 'Old', parent: menu.Archive });
  foreignMenu = await insertMenu(server, 'globex', { name: 'Globex menu' });
  app.Orders = await insertApp('acme', 'Orders');
  app.Expenses = await insertApp('acme', 'expenses');
  foreignApp = await insertApp('globex', 'Globex app');
});
afterAll(async () => {
  await appPool?.end();
  await server?.close();
});

describe('the permission matrix', () => {
  it('lists the tenant’s menus as matrix rows in tree order, then its apps by name', async () => {
    const res = await admin.get(CATALOGUE);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(rows.map((row: { label: string; depth: number }) => `${row.depth}:${row.label}`)).toEqual([
      '0:Finance',
      '1:Budgets',
      '1:Invoices',
      '1:Archive',
      '2:Old',
      '0:Reports',
      '0:expenses',
      '0:Orders',
    ]);
    expect(rows[7]).toEqual({
      resource: `app:${app.Orders}`,
      kind: 'app',
      id: app.Orders,
      label: 'Orders',
      parent: null,
      depth: 0,
      is_group: false,
      actions: ['view', 'create', 'edit', 'delete'],
    });
    expect(rows[0]).toEqual({
      resource: `menu:${menu.Finance}`,
      kind: 'menu',
      id: menu.Finance,
      label: 'Finance',
      parent: null,
      depth: 0,
      is_group: true,
      actions: ['view'],
    });
    expect(rows[4]).toMatchObject({ label: 'Old', parent: `menu:${menu.Archive}`, is_group: false });
    // Another tenant sees only its own.
    expect((await globex.get(CATALOGUE)).json().data.map((row: { id: string }) => row.id)).toEqual([
      foreignMenu,
      foreignApp,
    ]);
  });

  it('grants every app action on the tenant’s apps, read per request like menu grants', async () => {
    const role = await createRole(admin, 'Order clerks');
    await assignRole(server, 'acme', 'uma', role.id);
    const grants = ['view', 'create', 'edit', 'delete'].map((action) => ({
      resource: `app:${app.Orders}`,
      action,
    }));
    const res = await putMatrix(admin, role.id, [...grants, view('Reports')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.grants).toHaveLength(5);
    const appsGranted = (action: string) =>
      db.inTenant(acme, (tx) => grantedResources(tx, acme, uma, action, 'app:'));
    expect(await appsGranted('view')).toEqual(new Set([`app:${app.Orders}`]));
    expect(await appsGranted('delete')).toEqual(new Set([`app:${app.Orders}`]));
    const rows = await auditRows(server, role.id);
    expect(rows.at(-1)!.after.grants).toContain(`app:${app.Orders}:edit`);
    expect((await admin.post(deletePath(role.id))).statusCode).toBe(200);
  });

  it('grants take effect on the user’s very next transaction, and go with the grant or the role', async () => {
    const role = await createRole(admin, 'Accounts');
    await assignRole(server, 'acme', 'uma', role.id);
    expect(await granted()).toEqual(new Set());

    const res = await putMatrix(admin, role.id, [view('Finance'), view('Invoices'), view('Invoices')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Permissions have been saved');
    // Duplicates collapsed; the answer is the role as GET shows it.
    expect(res.json().data.grants).toEqual(
      [view('Finance'), view('Invoices')].sort((a, b) => (a.resource < b.resource ? -1 : 1)),
    );
    expect(res.json().data.members).toEqual([{ id: uma, username: 'uma', fullname: 'uma Tester' }]);
    expect(await granted()).toEqual(new Set([view('Finance').resource, view('Invoices').resource]));

    expect((await putMatrix(admin, role.id, [view('Invoices')])).statusCode).toBe(200);
    expect(await granted()).toEqual(new Set([view('Invoices').resource]));
    expect((await admin.get(detailPath(role.id))).json().data.grants).toEqual([view('Invoices')]);

    const list = (await admin.get('/api/sys/permissions/roles')).json().data;
    expect(list).toContainEqual(expect.objectContaining({ id: role.id, user_count: 1, grant_count: 1 }));

    expect((await admin.post(deletePath(role.id))).statusCode).toBe(200);
    expect(await granted()).toEqual(new Set());

    const rows = await auditRows(server, role.id);
    expect(rows.map((r) => r.action)).toEqual([
      'created',
      'permissions_updated',
      'permissions_updated',
      'deleted',
    ]);
    const lines = (...names: string[]) => names.map((name) => `menu:${menu[name]}:view`).sort();
    expect(rows[1].before.grants).toEqual([]);
    expect(rows[1].after.grants).toEqual(lines('Finance', 'Invoices'));
    expect(rows[2].before.grants).toEqual(lines('Finance', 'Invoices'));
    expect(rows[2].after.grants).toEqual(lines('Invoices'));
    expect(rows[3].before).toMatchObject({ grants: lines('Invoices'), members: ['uma'] });
  });

  it('refuses unknown, foreign, malformed and app resources and actions a kind does not offer (400), writing nothing', async () => {
    const role = await createRole(admin, 'Strict');
    await putMatrix(admin, role.id, [view('Reports')]);
    const cases: Array<[{ resource: string; action: string }, string]> = [
      [
        { resource: 'menu:00000000-0000-4000-8000-000000000000', action: 'view' },
        'This menu or app does not exist.',
      ],
      [{ resource: menuResource(foreignMenu), action: 'view' }, 'This menu or app does not exist.'],
      [{ resource: 'menu:not-an-id', action: 'view' }, 'This menu or app does not exist.'],
      [{ resource: 'feature:export', action: 'view' }, 'This menu or app does not exist.'],
      [{ resource: 'menu', action: 'view' }, 'This menu or app does not exist.'],
      [
        { resource: menuResource(menu.Reports!), action: 'delete' },
        'This action cannot be granted on this kind of entry.',
      ],
      [
        { resource: menuResource(menu.Reports!), action: 'approve' },
        'This action cannot be granted on this kind of entry.',
      ],
      // A menu's id is not an app's.
      [{ resource: `app:${menu.Reports}`, action: 'view' }, 'This menu or app does not exist.'],
      [{ resource: `app:${foreignApp}`, action: 'view' }, 'This menu or app does not exist.'],
      [{ resource: 'app:not-an-id', action: 'view' }, 'This menu or app does not exist.'],
      [
        { resource: `app:${app.Orders}`, action: 'approve' },
        'This action cannot be granted on this kind of entry.',
      ],
    ];
    for (const [bad, message] of cases) {
      const res = await putMatrix(admin, role.id, [view('Budgets'), bad]);
      expect(res.statusCode, bad.resource).toBe(400);
      expect(res.json().message).toBe('Some permissions could not be granted.');
      expect(res.json().data.errors, bad.resource).toMatchObject([{ field: 'grants.1', message }]);
    }
    // Every bad entry is named, not just the first, in entry order.
    const several = await putMatrix(admin, role.id, [
      view('Budgets'),
      { resource: menuResource(foreignMenu), action: 'view' },
      { resource: 'x:y', action: 'view' },
      view('Old'),
      { resource: menuResource(menu.Old!), action: 'edit' },
    ]);
    expect(several.json().data.errors).toMatchObject([
      { field: 'grants.1', message: 'This menu or app does not exist.' },
      { field: 'grants.2', message: 'This menu or app does not exist.' },
      { field: 'grants.4', message: 'This action cannot be granted on this kind of entry.' },
    ]);
    // Shape errors come from the schema.
    expect((await putMatrix(admin, role.id, 'all')).statusCode).toBe(400);
    expect(
      (await admin.request('PUT', `/api/sys/permissions/roles/${role.id}/matrix`, { body: {} })).statusCode,
    ).toBe(400);

    expect((await admin.get(detailPath(role.id))).json().data.grants).toEqual([view('Reports')]);
    expect((await auditRows(server, role.id)).map((r) => r.action)).toEqual([
      'created',
      'permissions_updated',
    ]);
    await admin.post(deletePath(role.id));
  });

  it('keeps the catalogue empty for a tenant without menus', async () => {
    await server.createUser('initech', { username: 'ivy', password: 'ivy-pass', kind: 'CONSULTANT' });
    const initech = server.client('initech');
    await initech.signIn('ivy', 'ivy-pass');
    expect((await initech.get(CATALOGUE)).json().data).toEqual([]);
  });
});

describe('requireGrant', () => {
  let probe: FastifyInstance;

  beforeAll(async () => {
    const { requireGrant } = createGrantCheck(db);
    probe = Fastify();
    registerErrorHandler(probe);
    probe.decorateRequest('auth', null);
    // Stands in for the guard's authenticate: the caller is named by headers.
    const as = async (request: { headers: Record<string, unknown>; auth: unknown }) => {
      const kind = String(request.headers['x-kind'] ?? 'USER') as UserKind;
      request.auth = {
        userId: String(request.headers['x-user']),
        tenantId: acme,
        sessionId: 's',
        userKind: kind,
        flags: flagsForKind(kind),
        expiresAt: new Date(Date.now() + 60_000),
      };
    };
    probe.get<{ Params: { menuId: string } }>(
      '/probe/:menuId',
      {
        preValidation: [
          as,
          requireGrant((request) => menuResource((request.params as { menuId: string }).menuId), 'view'),
        ],
      },
      async () => ({ ok: true }),
    );
    await probe.ready();
  });
  afterAll(() => probe?.close());

  const call = (menuId: string, kind: UserKind = 'USER') =>
    probe.inject({ method: 'GET', url: `/probe/${menuId}`, headers: { 'x-user': uma, 'x-kind': kind } });

  it('lets a granted user through, refuses others with 403, and lets settings roles through', async () => {
    const role = await createRole(admin, 'Probe');
    await assignRole(server, 'acme', 'uma', role.id);
    expect((await call(menu.Reports!)).statusCode).toBe(403);
    await putMatrix(admin, role.id, [view('Reports')]);
    expect((await call(menu.Reports!)).statusCode).toBe(200);
    expect((await call(menu.Budgets!)).statusCode).toBe(403);
    expect((await call(menu.Budgets!, 'ADMINISTRATOR')).statusCode).toBe(200);
    expect((await call(menu.Budgets!, 'CONSULTANT')).statusCode).toBe(200);
    expect((await call(menu.Budgets!, 'FULL_USER')).statusCode).toBe(403);
    await putMatrix(admin, role.id, []);
    expect((await call(menu.Reports!)).statusCode).toBe(403);
    await admin.post(deletePath(role.id));
  });
});
