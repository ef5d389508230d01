import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_MESSAGES, RECORDS_PATHS } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  arrangePeople,
  field,
  grantApps,
  publishApp,
  section,
  userId,
  type People,
} from './record-list-fixtures.ts';

// The list's table configuration: each user's own (setuserconfig), the one a builder gives every
// user (applyconfigalluser: copies theirs, clears personal ones), and what getuserconfig answers.

let server: TestServer;
let people: People;
let appId: string;

const config = (columns: string[], extra: Record<string, unknown> = {}) => ({ columns, ...extra });
const getConfig = (client: TestClient, tabConfig?: string) =>
  client.get(`${RECORDS_PATHS.getUserConfig}?moduleId=${appId}${tabConfig ? `&tabConfig=${tabConfig}` : ''}`);
const setConfig = (client: TestClient, data: unknown, tabConfig?: string) =>
  client.put(RECORDS_PATHS.setUserConfig, { moduleId: appId, data, ...(tabConfig ? { tabConfig } : {}) });

async function auditActions(entityId: string) {
  const { rows } = await server.owner.query<{ action: string; user_id: string }>(
    `SELECT action, user_id FROM audit_log WHERE entity = 'record_list_config' AND entity_id = $1 ORDER BY id`,
    [entityId],
  );
  return rows;
}

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  appId = await publishApp(people.fred, 'Configured', [
    section('main', [[field('text', 'title'), field('number', 'amount')]]),
  ]);
  await grantApps(server, 'acme', 'uma', [{ appId }]);
});
afterAll(() => server?.close());

describe('table configuration', () => {
  it('starts with none, then keeps each user’s own', async () => {
    expect((await getConfig(people.uma)).json().data).toEqual({ scope: 'none', data: null });
    const saved = await setConfig(people.uma, config(['amount', 'title', 'status'], { pageSize: 50 }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({
      scope: 'user',
      data: { columns: ['amount', 'title', 'status'], pageSize: 50 },
    });
    expect((await getConfig(people.uma)).json().data.data.columns).toEqual(['amount', 'title', 'status']);
    // Saving again replaces it; fred still has none; another tab is separate.
    await setConfig(people.uma, config(['title'], { orders: [{ column: 'amount', dir: 'desc' }] }));
    expect((await getConfig(people.uma)).json().data).toEqual({
      scope: 'user',
      data: { columns: ['title'], orders: [{ column: 'amount', dir: 'desc' }] },
    });
    expect((await getConfig(people.fred)).json().data.scope).toBe('none');
    expect((await getConfig(people.uma, 'drafts')).json().data.scope).toBe('none');
    expect(await auditActions(appId)).toEqual([
      { action: 'user_config_saved', user_id: await userId(server, 'uma') },
      { action: 'user_config_saved', user_id: await userId(server, 'uma') },
    ]);
  });

  it('refuses unknown columns, filters and page sizes', async () => {
    const unknownColumn = await setConfig(people.uma, config(['title', 'nope']));
    expect(unknownColumn.statusCode).toBe(400);
    expect(unknownColumn.json()).toMatchObject({
      message: RECORDS_MESSAGES.unknownField,
      data: { errors: [{ field: 'nope', message: RECORDS_MESSAGES.unknownField }] },
    });
    const badFilter = await setConfig(
      people.uma,
      config(['title'], { filters: [{ field: 'amount', operator: 'gt', value: 'many' }] }),
    );
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().message).toBe(RECORDS_MESSAGES.badFilterValue);
    expect((await setConfig(people.uma, config(['title'], { pageSize: 15 }))).statusCode).toBe(400);
  });

  it('applies a builder’s configuration to every user and clears their own', async () => {
    // Only builders; a plain user is refused before the body is read.
    const refused = await people.uma.post(RECORDS_PATHS.applyConfigAllUser, { moduleId: appId });
    expect(refused.statusCode).toBe(403);
    // A builder without a configuration of their own has nothing to apply.
    const nothing = await people.fred.post(RECORDS_PATHS.applyConfigAllUser, { moduleId: appId });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe(RECORDS_MESSAGES.noListConfig);

    const filter = { field: 'amount', operator: 'gt', value: 3 };
    const fredConfig = config(['status', 'title'], { pageSize: 20, filters: [filter] });
    expect((await setConfig(people.fred, fredConfig)).statusCode).toBe(200);
    const applied = await people.fred.post(RECORDS_PATHS.applyConfigAllUser, { moduleId: appId });
    expect(applied.statusCode, applied.body).toBe(200);
    const everyone = {
      scope: 'all',
      data: { ...fredConfig, filters: [{ ...filter, ignoreCase: false, matchesAll: false }] },
    };
    expect(applied.json().data).toEqual(everyone);
    // uma's own configuration is gone: she sees everyone's; so does fred (his own was cleared too).
    expect((await getConfig(people.uma)).json().data).toEqual(everyone);
    expect((await getConfig(people.fred)).json().data).toEqual(everyone);
    const { rows } = await server.owner.query(
      'SELECT user_id FROM record_list_configs WHERE module_id = $1',
      [appId],
    );
    expect(rows).toEqual([{ user_id: null }]);
    // A user may still keep their own afterwards, which wins for them only.
    await setConfig(people.uma, config(['title']));
    expect((await getConfig(people.uma)).json().data.scope).toBe('user');
    expect((await getConfig(people.fred)).json().data.scope).toBe('all');
    expect((await auditActions(appId)).map((row) => row.action)).toContain('config_applied_to_all');
  });

  it('answers 404 for another tenant’s app and for users who may not view it', async () => {
    const foreign = await publishApp(people.globex, 'Theirs', [section('main', [[field('text', 'title')]])]);
    const cases: Array<[TestClient, string]> = [
      [people.fred, foreign],
      [people.globex, appId],
    ];
    for (const [client, moduleId] of cases) {
      expect((await client.get(`${RECORDS_PATHS.getUserConfig}?moduleId=${moduleId}`)).statusCode).toBe(404);
      const put = await client.put(RECORDS_PATHS.setUserConfig, { moduleId, data: { columns: [] } });
      expect(put.statusCode).toBe(404);
    }
    expect((await people.fred.post(RECORDS_PATHS.applyConfigAllUser, { moduleId: foreign })).statusCode).toBe(
      404,
    );
    const cora = people.cora;
    expect((await cora.get(`${RECORDS_PATHS.getUserConfig}?moduleId=${appId}`)).statusCode).toBe(200);
  });
});
