import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUICK_LAUNCH_MAX, QUICK_LAUNCH_PATHS as Q } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { P, createApp } from '../../apps/__tests__/app-fixtures.ts';
import {
  MISSING_ID,
  arrangePeople,
  field,
  grantApps,
  publishApp,
  section,
  type People,
} from '../../record-lists/__tests__/record-list-fixtures.ts';

// Quick launch through the real server and PostgreSQL: the tiles of /dashboard, the apps to add,
// the order, and who may pin what.

let server: TestServer;
let people: People;
const apps: Record<string, string> = {};

type Tile = { id: string; display_name: string; order_index: number; is_published: boolean };

const tiles = async (client: TestClient) => {
  const res = await client.get(Q.get);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Tile[];
};
const names = async (client: TestClient) => (await tiles(client)).map((tile) => tile.display_name);
const setTiles = (client: TestClient, moduleIds: unknown) =>
  client.request('PUT', Q.set, { body: { moduleIds } });
const sortUpdate = (client: TestClient, body: unknown) => client.request('PATCH', Q.sortUpdate, { body });
const offered = async (client: TestClient, body: Record<string, unknown> = {}) => {
  const res = await client.post(Q.datatables, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    records: Array<{ id: string; display_name: string; in_quick_launch: boolean }>;
    recordsTotal: number;
    recordsFiltered: number;
  };
};

const publish = async (name: string, addToQuickLaunch: boolean) => {
  const id = await publishApp(people.fred, name, [section('Main', [[field('text', 'title')]])]);
  if (addToQuickLaunch) {
    const res = await people.fred.post(P.updateModule, { id, name, addToQuickLaunch: true });
    expect(res.statusCode, res.body).toBe(200);
  }
  return id;
};

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  // Published and offered: Alpha, Bravo, Charlie, Delta; published, not offered: Echo.
  apps.alpha = await publish('Alpha', true);
  apps.bravo = await publish('Bravo', true);
  apps.charlie = await publish('Charlie', true);
  apps.delta = await publish('Delta', true);
  apps.echo = await publish('Echo', false);
  // Uma (a plain user) sees Alpha and Bravo only.
  await grantApps(server, 'acme', 'uma', [{ appId: apps.alpha }, { appId: apps.bravo }]);
  // Globex has an offered app of its own.
  const gusApp = await createApp(people.globex, 'Globex App', { addToQuickLaunch: true });
  apps.globex = gusApp;
  await server.owner.query('DELETE FROM user_quick_launch');
});
afterAll(() => server?.close());

describe('quick launch', () => {
  it('sets, gets, reorders and lists the apps to add (round trip)', async () => {
    const { cora } = people;
    expect(await tiles(cora)).toEqual([]);

    const page = await offered(cora, { length: 10 });
    expect(page.records.map((app) => app.display_name)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(page.recordsTotal).toBe(4);
    expect(page.records.every((app) => !app.in_quick_launch)).toBe(true);

    const set = await setTiles(cora, [apps.charlie, apps.alpha, apps.delta]);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().message).toBe('Quick launch has been saved');
    expect(set.json().data.map((tile: Tile) => [tile.display_name, tile.order_index])).toEqual([
      ['Charlie', 0],
      ['Alpha', 1],
      ['Delta', 2],
    ]);
    expect(await names(cora)).toEqual(['Charlie', 'Alpha', 'Delta']);

    const after = await offered(cora);
    expect(after.records.filter((app) => app.in_quick_launch).map((app) => app.display_name)).toEqual([
      'Alpha',
      'Charlie',
      'Delta',
    ]);

    // Named tiles first, the others after them in their order.
    const sorted = await sortUpdate(cora, { kind: 'quicklaunch', ids: [apps.delta, apps.charlie] });
    expect(sorted.statusCode, sorted.body).toBe(200);
    expect(sorted.json().message).toBe('Quick launch order saved');
    expect(await names(cora)).toEqual(['Delta', 'Charlie', 'Alpha']);
    expect((await tiles(cora)).map((tile) => tile.order_index)).toEqual([0, 1, 2]);

    // Removing a tile is a set without it.
    await setTiles(cora, [apps.delta, apps.alpha]);
    expect(await names(cora)).toEqual(['Delta', 'Alpha']);
    // Another user's tiles are their own.
    expect(await tiles(people.fred)).toEqual([]);
  });

  it('pages, searches and sorts the apps to add', async () => {
    const { cora } = people;
    const first = await offered(cora, {
      length: 10,
      page: 1,
      orders: [{ column: 'display_name', dir: 'desc' }],
    });
    expect(first.records.map((app) => app.display_name)).toEqual(['Delta', 'Charlie', 'Bravo', 'Alpha']);
    const searched = await offered(cora, { search: 'rav' });
    expect(searched.records.map((app) => app.display_name)).toEqual(['Bravo']);
    expect(searched.recordsFiltered).toBe(1);
    expect(searched.recordsTotal).toBe(4);
    const second = await offered(cora, { length: 10, page: 2 });
    expect(second.records).toEqual([]);
    expect((await cora.post(Q.datatables, { length: 15 })).statusCode).toBe(400);
  });

  it('refuses unknown, hidden, unoffered and other tenants’ apps with the same 400', async () => {
    const { uma, cora } = people;
    expect((await offered(uma)).records.map((app) => app.display_name)).toEqual(['Alpha', 'Bravo']);
    for (const id of [apps.charlie, apps.echo, apps.globex, MISSING_ID, 'not-a-uuid']) {
      const res = await setTiles(uma, [apps.alpha, id]);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data.key).toBe('quickLaunch.appNotAvailable');
      expect(res.json().message).toBe('This app cannot be added to quick launch.');
    }
    expect(await tiles(uma)).toEqual([]);
    // Cora is a builder, but another tenant's app is not hers either.
    expect((await setTiles(cora, [apps.globex])).json().data.key).toBe('quickLaunch.appNotAvailable');

    const repeated = await setTiles(uma, [apps.alpha, apps.alpha]);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().data.key).toBe('quickLaunch.duplicateApp');
    const tooMany = await setTiles(
      uma,
      Array.from({ length: QUICK_LAUNCH_MAX + 1 }, () => apps.alpha),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().data.errors[0].key).toBe('quickLaunch.tooMany');

    expect((await setTiles(uma, [apps.bravo, apps.alpha])).statusCode).toBe(200);
    const notMine = await sortUpdate(uma, { kind: 'quicklaunch', ids: [apps.charlie] });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().data.key).toBe('quickLaunch.notInQuickLaunch');
    const dashboards = await sortUpdate(uma, { kind: 'dashboard', ids: [] });
    expect(dashboards.statusCode).toBe(400);
    expect(dashboards.json().data.errors[0].key).toBe('quickLaunch.unsupportedKind');
  });

  it('drops tiles of apps no longer visible, offered or existing', async () => {
    const { uma, fred } = people;
    const doomed = await publish('Foxtrot', true);
    await grantApps(server, 'acme', 'uma', [{ appId: doomed }]);
    expect((await setTiles(uma, [apps.bravo, doomed, apps.alpha])).statusCode).toBe(200);
    expect(await names(uma)).toEqual(['Bravo', 'Foxtrot', 'Alpha']);

    // No longer offered: hidden, and back when offered again (in its place).
    await fred.post(P.updateModule, { id: apps.bravo, name: 'Bravo', addToQuickLaunch: false });
    expect(await names(uma)).toEqual(['Foxtrot', 'Alpha']);
    await fred.post(P.updateModule, { id: apps.bravo, name: 'Bravo', addToQuickLaunch: true });
    expect(await names(uma)).toEqual(['Bravo', 'Foxtrot', 'Alpha']);

    const deleted = await fred.post(P.deleteForm, { moduleId: doomed });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await names(uma)).toEqual(['Bravo', 'Alpha']);
    const { rows } = await server.owner.query('SELECT 1 FROM user_quick_launch WHERE module_id = $1', [
      doomed,
    ]);
    expect(rows).toEqual([]);
  });

  it('makes an app created with addToQuickLaunch its creator’s last tile', async () => {
    const { cora } = people;
    const before = await names(cora);
    const created = await createApp(cora, 'Golf', { addToQuickLaunch: true });
    const after = await tiles(cora);
    expect(after.map((tile) => tile.display_name)).toEqual([...before, 'Golf']);
    expect(after.at(-1)).toMatchObject({ id: created, is_published: false });
    // A draft is the builder's own: the dialog offers published apps only.
    expect((await offered(cora)).records.map((app) => app.id)).not.toContain(created);
    // Kept by a set naming it, as the web app's remove does.
    expect((await setTiles(cora, after.map((tile) => tile.id).reverse())).statusCode).toBe(200);
    // Without the flag, nothing is added.
    await createApp(cora, 'Hotel');
    expect(await names(cora)).not.toContain('Hotel');
  });

  it('queues concurrent changes of one user instead of failing them', async () => {
    const { fred } = people;
    await setTiles(fred, []);
    const lists = [
      [apps.alpha, apps.bravo],
      [apps.bravo, apps.charlie],
      [apps.charlie, apps.alpha, apps.delta],
      [apps.delta],
      [apps.alpha],
    ];
    const answers = await Promise.all(lists.map((list) => setTiles(fred, list)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const final = (await tiles(fred)).map((tile) => tile.id);
    expect(lists).toContainEqual(final);
  });

  it('answers 401 without a session', async () => {
    const anonymous = server.client('acme');
    expect((await anonymous.get(Q.get)).statusCode).toBe(401);
    expect((await anonymous.request('PUT', Q.set, { body: { moduleIds: [] } })).statusCode).toBe(401);
    expect((await anonymous.post(Q.datatables, {})).statusCode).toBe(401);
    expect(
      (await anonymous.request('PATCH', Q.sortUpdate, { body: { kind: 'quicklaunch', ids: [] } })).statusCode,
    ).toBe(401);
  });
});
