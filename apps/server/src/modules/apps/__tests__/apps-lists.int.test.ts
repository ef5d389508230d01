import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  MISSING_ID,
  P,
  arrangePeople,
  createApp,
  createGroup,
  field,
  grantApps,
  saveForm,
  section,
  type People,
} from './app-fixtures.ts';

let server: TestServer;
let people: People;
let group: string;
/** acme's apps by name: Budget and Timesheets published; Asset register and Zebra drafts. */
const app: Record<string, string> = {};

const names = (rows: Array<{ display_name: string }>) => rows.map((row) => row.display_name);

async function publish(client: TestClient, id: string) {
  expect((await saveForm(client, id, [section('main', [[field('text', 'title')]])])).statusCode).toBe(200);
  expect((await client.post(P.publish, { id })).statusCode).toBe(200);
}

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  group = await createGroup(people.admin, 'People', 'fa fa-users');
  app.Timesheets = await createApp(people.fred, 'Timesheets', {
    description: 'Hours per week',
    categoryId: group,
    addToQuickLaunch: true,
  });
  app.Budget = await createApp(people.fred, 'Budget', { description: 'Yearly plan', appIcon: 'fa fa-chart' });
  app.Asset = await createApp(people.cora, 'Asset register', {
    description: 'Laptops & phones (cost_centre)',
  });
  app.Zebra = await createApp(people.fred, 'Zebra', { categoryId: group });
  await publish(people.fred, app.Timesheets);
  await publish(people.fred, app.Budget);
  await createApp(people.globex, 'Globex timesheets');
});
afterAll(() => server?.close());

describe('ListForms', () => {
  it('lists every app of the tenant for builders, by name, with status, group and names', async () => {
    const res = await people.cora.get(P.listForms);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data;
    expect(names(rows)).toEqual(['Asset register', 'Budget', 'Timesheets', 'Zebra']);
    expect(rows[2]).toMatchObject({
      id: app.Timesheets,
      module_description: 'Hours per week',
      application_module_category_id: group,
      category_name: 'People',
      category_icon: 'fa fa-users',
      add_to_quick_launch: true,
      module_version: 1,
      status: 'Published',
      is_favourite: false,
      created_by_name: 'fred Tester',
      modified_by_name: 'fred Tester',
    });
    expect(rows[0]).toMatchObject({ status: 'Draft', module_version: 0, category_name: null });
  });

  it('searches name and description, ignoring case and taking _ literally', async () => {
    const search = async (term: string) =>
      names((await people.fred.get(`${P.listForms}?searchTerm=${encodeURIComponent(term)}`)).json().data);
    expect(await search('TIME')).toEqual(['Timesheets']);
    expect(await search('per week')).toEqual(['Timesheets']);
    expect(await search('yearly')).toEqual(['Budget']);
    expect(await search('_')).toEqual(['Asset register']);
    expect(await search('r&d')).toEqual([]);
    expect(await search('nothing like it')).toEqual([]);
  });

  it('refuses special characters in the search, and plain users', async () => {
    const res = await people.fred.get(`${P.listForms}?searchTerm=${encodeURIComponent('a<b')}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toMatchObject([
      { field: 'searchTerm', message: 'Search value cannot contain special characters' },
    ]);
    expect((await people.uma.get(P.listForms)).statusCode).toBe(403);
  });
});

describe('ListApplications', () => {
  it('gives builders every published app and a plain user only the published apps granted to them', async () => {
    expect(names((await people.fred.get(P.listApplications)).json().data)).toEqual(['Budget', 'Timesheets']);
    expect((await people.uma.get(P.listApplications)).json().data).toEqual([]);
    const role = await grantApps(server, 'acme', 'uma', [
      { appId: app.Timesheets! },
      { appId: app.Zebra! },
      { appId: app.Budget!, action: 'edit' },
    ]);
    const granted = (await people.uma.get(P.listApplications)).json().data;
    expect(names(granted)).toEqual(['Timesheets']);
    expect(granted[0]).toMatchObject({ add_to_quick_launch: true, status: 'Published' });
    await server.owner.query('DELETE FROM roles WHERE id = $1', [role]);
    expect((await people.uma.get(P.listApplications)).json().data).toEqual([]);
  });
});

describe('data tables', () => {
  const modules = (body: Record<string, unknown>, client = people.fred) =>
    client.post(P.modulesDatatables, body);

  it('pages, sorts, searches and filters every app for builders', async () => {
    const first = await modules({ page: 1, length: 10 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ recordsTotal: 4, recordsFiltered: 4 });
    expect(names(first.json().data.data)).toEqual(['Asset register', 'Budget', 'Timesheets', 'Zebra']);

    const byStatus = await modules({
      orders: [
        { column: 'status', dir: 'desc' },
        { column: 'display_name', dir: 'desc' },
      ],
    });
    expect(names(byStatus.json().data.data)).toEqual(['Timesheets', 'Budget', 'Zebra', 'Asset register']);

    const drafts = await modules({ filters: [{ field: 'status', value: 'Draft' }] });
    expect(drafts.json().data).toMatchObject({ recordsTotal: 4, recordsFiltered: 2 });
    expect(names(drafts.json().data.data)).toEqual(['Asset register', 'Zebra']);

    const grouped = await modules({ filters: [{ field: 'application_module_category_id', value: group }] });
    expect(names(grouped.json().data.data)).toEqual(['Timesheets', 'Zebra']);
    const ungrouped = await modules({ filters: [{ field: 'application_module_category_id', value: '' }] });
    expect(names(ungrouped.json().data.data)).toEqual(['Asset register', 'Budget']);
    const unknownGroup = await modules({
      filters: [{ field: 'application_module_category_id', value: 'x' }],
    });
    expect(unknownGroup.json().data).toMatchObject({ data: [], recordsFiltered: 0 });

    const searched = await modules({ search: 'e', orders: [{ column: 'modified_on', dir: 'asc' }] });
    expect(searched.json().data.recordsFiltered).toBe(4);

    // Pages of 10 need more apps: 12 in all, page 2 holds the last two.
    for (let n = 0; n < 8; n += 1) await createApp(people.fred, `Bulk ${String(n).padStart(2, '0')}`);
    const page2 = await modules({ page: 2, length: 10 });
    expect(page2.json().data).toMatchObject({ recordsTotal: 12, recordsFiltered: 12 });
    expect(names(page2.json().data.data)).toEqual(['Timesheets', 'Zebra']);
  });

  it('refuses page sizes other than 10/20/50/100 and special characters, and plain users', async () => {
    const bad = await modules({ length: 15 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toMatchObject([
      { field: 'length', message: 'The page size must be 10, 20, 50 or 100.' },
    ]);
    expect((await modules({ search: 'a;b' })).statusCode).toBe(400);
    expect((await modules({ orders: [{ column: 'secret', dir: 'asc' }] })).statusCode).toBe(400);
    expect((await modules({}, people.uma)).statusCode).toBe(403);
  });

  it('pages the apps a caller may use', async () => {
    const builder = await people.fred.post(P.applicationsDatatables, { length: 20 });
    expect(builder.json().data).toMatchObject({ recordsTotal: 2, recordsFiltered: 2 });
    const plain = await people.uma.post(P.applicationsDatatables, {});
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data).toEqual({ data: [], recordsTotal: 0, recordsFiltered: 0 });
    const role = await grantApps(server, 'acme', 'uma', [{ appId: app.Budget! }]);
    const granted = await people.uma.post(P.applicationsDatatables, {});
    expect(granted.json().data).toMatchObject({ recordsTotal: 1, recordsFiltered: 1 });
    expect(names(granted.json().data.data)).toEqual(['Budget']);
    await server.owner.query('DELETE FROM roles WHERE id = $1', [role]);
  });
});

describe('favourites', () => {
  it('adds and removes idempotently, in the order added, with the spec’s shape', async () => {
    const add = (id: string, client = people.fred) =>
      client.post(P.favouriteAdd, { moduleId: id, isAdd: true });
    const remove = (id: string, client = people.fred) =>
      client.post(P.favouriteRemove, { moduleId: id, isAdd: false });
    expect((await add(app.Budget!)).json().data).toEqual({ id: app.Budget, is_favourite: true });
    expect((await add(app.Timesheets!)).statusCode).toBe(200);
    expect((await add(app.Budget!)).statusCode).toBe(200);
    const list = await people.fred.get(P.favouriteList);
    expect(list.json().data).toEqual([
      { id: app.Budget, display_name: 'Budget', title: 'Budget', category_icon: 'fa fa-chart' },
      { id: app.Timesheets, display_name: 'Timesheets', title: 'Timesheets', category_icon: 'fa fa-users' },
    ]);
    const listed = (await people.fred.get(P.listForms)).json().data;
    expect(listed.find((row: { id: string }) => row.id === app.Budget).is_favourite).toBe(true);
    // Personal: another builder's list is their own.
    expect((await people.cora.get(P.favouriteList)).json().data).toEqual([]);

    expect((await remove(app.Budget!)).json().data).toEqual({ id: app.Budget, is_favourite: false });
    expect((await remove(app.Budget!)).statusCode).toBe(200);
    expect((await people.fred.get(P.favouriteList)).json().data.map((f: { id: string }) => f.id)).toEqual([
      app.Timesheets,
    ]);
  });

  it('lets a plain user favourite only apps they may see, and hides one they no longer may', async () => {
    const add = (id: string) => people.uma.post(P.favouriteAdd, { moduleId: id, isAdd: true });
    expect((await add(app.Timesheets!)).statusCode).toBe(404);
    const role = await grantApps(server, 'acme', 'uma', [{ appId: app.Timesheets! }, { appId: app.Zebra! }]);
    expect((await add(app.Timesheets!)).statusCode).toBe(200);
    expect((await add(app.Zebra!)).statusCode).toBe(404);
    expect((await people.uma.get(P.favouriteList)).json().data.map((f: { id: string }) => f.id)).toEqual([
      app.Timesheets,
    ]);
    await server.owner.query('DELETE FROM roles WHERE id = $1', [role]);
    expect((await people.uma.get(P.favouriteList)).json().data).toEqual([]);
  });

  it('answers 404 for another tenant’s app or a bad id', async () => {
    const { rows } = await server.owner.query(
      "SELECT id FROM modules WHERE display_name = 'Globex timesheets'",
    );
    for (const id of [rows[0].id, MISSING_ID, 'x']) {
      expect((await people.fred.post(P.favouriteAdd, { moduleId: id, isAdd: true })).statusCode, id).toBe(
        404,
      );
      expect((await people.fred.post(P.favouriteRemove, { moduleId: id, isAdd: false })).statusCode, id).toBe(
        404,
      );
    }
  });
});

describe('usage and ListMostUsed', () => {
  it('counts each use per user and lists the top apps by uses, then most recent', async () => {
    const use = (id: string, client = people.cora) => client.post(P.usage, { moduleId: id });
    expect((await use(app.Budget!)).json().data).toEqual({ id: app.Budget, use_count: 1 });
    await use(app.Timesheets!);
    await use(app.Timesheets!);
    await use(app.Asset!);
    expect((await use(app.Budget!)).json().data.use_count).toBe(2);
    const most = (await people.cora.get(P.mostUsed)).json().data;
    // Budget and Timesheets both twice: Budget used last.
    expect(names(most)).toEqual(['Budget', 'Timesheets', 'Asset register']);
    expect(most[0]).toMatchObject({ use_count: 2, status: 'Published' });
    expect(Date.parse(most[0].last_used_at)).not.toBeNaN();
    expect((await people.fred.get(P.mostUsed)).json().data).toEqual([]);

    for (let n = 0; n < 12; n += 1) {
      const id = await createApp(people.cora, `Used ${String(n).padStart(2, '0')}`);
      for (let k = 0; k <= n; k += 1) await use(id);
    }
    const top = (await people.cora.get(P.mostUsed)).json().data;
    expect(top).toHaveLength(10);
    expect(top[0]).toMatchObject({ display_name: 'Used 11', use_count: 12 });
  });

  it('keeps a plain user to the apps they may see', async () => {
    expect((await people.uma.post(P.usage, { moduleId: app.Budget })).statusCode).toBe(404);
    const role = await grantApps(server, 'acme', 'uma', [{ appId: app.Budget! }]);
    expect((await people.uma.post(P.usage, { moduleId: app.Budget })).statusCode).toBe(200);
    expect(names((await people.uma.get(P.mostUsed)).json().data)).toEqual(['Budget']);
    await server.owner.query('DELETE FROM roles WHERE id = $1', [role]);
    expect((await people.uma.get(P.mostUsed)).json().data).toEqual([]);
    expect((await people.fred.post(P.usage, { moduleId: MISSING_ID })).statusCode).toBe(404);
  });
});
