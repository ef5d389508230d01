import { AUDIT_TRAIL_PATHS as PATHS, type AuditDataTable } from '@formloop/contracts';
import type { UserKind } from '@formloop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

let server: TestServer;
let sam: TestClient;
let samId: string;
let noraId: string;
let acmeId: string;
let globexEntryId: number;

/** Arranges an audit row directly (the owner pool): for paging, dates and secrets no route writes yet. */
async function insertAudit(
  tenantId: string,
  entry: {
    userId?: string | null;
    entity: string;
    action: string;
    before?: unknown;
    after?: unknown;
    at?: string;
  },
): Promise<number> {
  const { rows } = await server.owner.query<{ id: string }>(
    `INSERT INTO audit_log (tenant_id, user_id, entity, entity_id, action, before, after, created_at)
     VALUES ($1, $2, $3, 'e-1', $4, $5, $6, coalesce($7::timestamptz, now())) RETURNING id`,
    [
      tenantId,
      entry.userId ?? null,
      entry.entity,
      entry.action,
      entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === undefined ? null : JSON.stringify(entry.after),
      entry.at ?? null,
    ],
  );
  return Number(rows[0]!.id);
}

const list = (client: TestClient, body: unknown = {}) => client.post(PATHS.datatables, body);
const records = async (client: TestClient, body: unknown = {}) => {
  const res = await list(client, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AuditDataTable;
};

beforeAll(async () => {
  server = await createTestServer();
  acmeId = await server.createTenant('acme');
  const globexId = await server.createTenant('globex');
  samId = await server.createUser('acme', {
    username: 'sam',
    password: 'sam-pass',
    kind: 'SYSTEM_ADMINISTRATOR',
  });
  noraId = await server.createUser('acme', { username: 'nora', password: 'nora-pass', kind: 'USER' });
  const ginaId = await server.createUser('globex', {
    username: 'gina',
    password: 'gina-pass',
    kind: 'SYSTEM_ADMINISTRATOR',
  });
  globexEntryId = await insertAudit(globexId, { userId: ginaId, entity: 'module', action: 'created' });
  sam = server.client('acme');
  await sam.signIn('sam', 'sam-pass');
});
afterAll(() => server?.close());

describe('audit trail access', () => {
  it('answers 401 when signed out', async () => {
    const anonymous = server.client('acme');
    expect((await list(anonymous)).statusCode).toBe(401);
    expect((await anonymous.get(`${PATHS.entity}?id=1`)).statusCode).toBe(401);
  });

  it.each<UserKind>(['ADMINISTRATOR', 'CONSULTANT', 'FULL_USER', 'USER'])(
    'refuses %s with 403 on both routes',
    async (kind) => {
      const username = `u-${kind.toLowerCase()}`;
      await server.createUser('acme', { username, password: 'pass-word', kind });
      const client = server.client('acme');
      await client.signIn(username, 'pass-word');
      const table = await list(client);
      expect(table.statusCode).toBe(403);
      expect(table.json()).toMatchObject({ success: false, data: { code: 'FORBIDDEN' } });
      expect((await client.get(`${PATHS.entity}?id=1`)).statusCode).toBe(403);
    },
  );

  it('answers 404 for another tenant’s entry and an unknown id, 400 for a malformed id', async () => {
    const other = await sam.get(`${PATHS.entity}?id=${globexEntryId}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('This audit entry does not exist.');
    expect((await sam.get(`${PATHS.entity}?id=999999999`)).statusCode).toBe(404);
    const bad = await sam.get(`${PATHS.entity}?id=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Unknown audit entry.');
  });

  it('never lists another tenant’s entries', async () => {
    const all = await records(sam, { length: 100 });
    expect(all.records.some((row) => row.id === globexEntryId)).toBe(false);
  });
});

describe('audit trail data table', () => {
  it('shows real sign-ins and profile changes with the user’s names, newest first', async () => {
    const nora = server.client('acme');
    await nora.signIn('nora', 'nora-pass');
    const zone = await nora.post('/identity/manageauthenticator/setusertimezone', {
      timeZone: 'Europe/Berlin',
    });
    expect(zone.statusCode).toBe(200);

    const data = await records(sam, { filters: [{ field: 'user', operator: 'eq', value: 'NORA' }] });
    expect(data.records.map((row) => `${row.entity}/${row.action}`)).toEqual([
      'user/time-zone-changed',
      'session/sign-in',
    ]);
    expect(data.records[0]).toMatchObject({ user_id: noraId, username: 'nora', fullname: 'nora Tester' });
    expect(data.recordsFiltered).toBe(2);
    expect(data.recordsTotal).toBeGreaterThanOrEqual(data.recordsFiltered);

    const byId = await records(sam, { filters: [{ field: 'user', operator: 'eq', value: noraId }] });
    expect(byId.records.map((row) => row.id)).toEqual(data.records.map((row) => row.id));

    const entry = await sam.get(`${PATHS.entity}?id=${data.records[0]!.id}`);
    expect(entry.statusCode).toBe(200);
    expect(entry.json().data).toMatchObject({
      entity: 'user',
      action: 'time-zone-changed',
      username: 'nora',
      before: { time_zone: 'UTC' },
      after: { time_zone: 'Europe/Berlin' },
      diff: [{ path: 'time_zone', kind: 'changed', before: 'UTC', after: 'Europe/Berlin' }],
    });
  });

  it('pages, sorts and filters by entity, action and date range', async () => {
    for (let i = 0; i < 25; i++) {
      await insertAudit(acmeId, {
        userId: samId,
        entity: 'team',
        action: i % 2 === 0 ? 'created' : 'renamed',
        at: `2020-03-${String(1 + i).padStart(2, '0')}T12:00:00Z`,
      });
    }
    const teams = { field: 'entity', operator: 'eq', value: 'team' };
    const first = await records(sam, { length: 10, filters: [teams] });
    expect(first.records).toHaveLength(10);
    expect(first.recordsFiltered).toBe(25);
    const third = await records(sam, { page: 3, length: 10, filters: [teams] });
    expect(third.records).toHaveLength(5);
    const everyId = new Set([...first.records, ...third.records].map((row) => row.id));
    expect(everyId.size).toBe(15);

    const oldestFirst = await records(sam, {
      length: 20,
      filters: [teams],
      orders: [{ column: 'created_at', dir: 'asc' }],
    });
    expect(oldestFirst.records).toHaveLength(20);
    const byAction = await records(sam, {
      length: 50,
      filters: [teams],
      orders: [{ column: 'action', dir: 'desc' }],
    });
    expect(byAction.records[0]!.action).toBe('renamed');
    expect(byAction.records.at(-1)!.action).toBe('created');

    const renamed = await records(sam, {
      filters: [teams, { field: 'action', operator: 'neq', value: 'created' }],
    });
    expect(renamed.recordsFiltered).toBe(12);

    const march = await records(sam, {
      length: 100,
      filters: [
        { field: 'created_at', operator: 'gte', value: '2020-03-05' },
        { field: 'created_at', operator: 'lte', value: '2020-03-09' },
      ],
    });
    expect(march.recordsFiltered).toBe(5);
    const oneDay = await records(sam, {
      filters: [{ field: 'created_at', operator: 'eq', value: '2020-03-07' }],
    });
    expect(oneDay.recordsFiltered).toBe(1);

    const contains = await records(sam, {
      filters: [{ field: 'entity', operator: 'contains', value: 'EA' }],
    });
    expect(contains.recordsFiltered).toBe(25);
    const search = await records(sam, { search: 'renam' });
    expect(search.recordsFiltered).toBe(12);
    const byUser = await records(sam, {
      length: 100,
      filters: [teams, { field: 'user', operator: 'contains', value: 'Tester' }],
      orders: [{ column: 'user', dir: 'asc' }],
    });
    expect(byUser.recordsFiltered).toBe(25);
  });

  it('refuses bad table requests with 400 and a message per problem', async () => {
    for (const body of [
      { length: 15 },
      { orders: [{ column: 'before', dir: 'asc' }] },
      { filters: [{ field: 'password', operator: 'eq', value: 'x' }] },
      { filters: [{ field: 'created_at', operator: 'contains', value: '2020' }] },
      { filters: [{ field: 'created_at', operator: 'gte', value: 'not a date' }] },
      { filters: [{ field: 'entity', operator: 'isnull', value: 'x' }] },
    ]) {
      const res = await list(sam, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const size = await list(sam, { length: 15 });
    expect(size.json().message).toContain('Page size must be 10, 20, 50 or 100.');
  });

  it('redacts secrets in before, after and the diff', async () => {
    const id = await insertAudit(acmeId, {
      userId: samId,
      entity: 'user',
      action: 'password-changed',
      before: { password_hash: '$argon2id$old-hash', profile: { api_key: 'key-1', name: 'a' } },
      after: { password_hash: '$argon2id$new-hash', profile: { api_key: 'key-2', name: 'b' }, token: 't-1' },
    });
    const res = await sam.get(`${PATHS.entity}?id=${id}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    for (const secret of ['argon2id', 'key-1', 'key-2', 't-1']) expect(res.body).not.toContain(secret);
    expect(data.before).toEqual({
      password_hash: '[REDACTED]',
      profile: { api_key: '[REDACTED]', name: 'a' },
    });
    // jsonb keeps its own key order, so compare the diff sorted by path.
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect([...data.diff].sort(byPath)).toEqual([
      { path: 'password_hash', kind: 'changed', before: '[REDACTED]', after: '[REDACTED]' },
      { path: 'profile.api_key', kind: 'changed', before: '[REDACTED]', after: '[REDACTED]' },
      { path: 'profile.name', kind: 'changed', before: 'a', after: 'b' },
      { path: 'token', kind: 'added', before: null, after: '[REDACTED]' },
    ]);
  });

  it('counts exactly up to 100,000 rows and says when a count is the planner’s estimate', async () => {
    const tenantId = await server.createTenant('initech');
    await server.createUser('initech', {
      username: 'ivan',
      password: 'ivan-pass',
      kind: 'SYSTEM_ADMINISTRATOR',
    });
    const ivan = server.client('initech');
    await ivan.signIn('ivan', 'ivan-pass');
    const small = await records(ivan);
    expect(small.estimated).toBe(false);
    await server.owner.query(
      `INSERT INTO audit_log (tenant_id, entity, entity_id, action)
       SELECT $1, 'bulk', g::text, 'imported' FROM generate_series(1, 100001) g`,
      [tenantId],
    );
    const big = await records(ivan, { filters: [{ field: 'entity', operator: 'eq', value: 'bulk' }] });
    expect(big.estimated).toBe(true);
    expect(big.recordsFiltered).toBeGreaterThan(100_000);
    expect(big.recordsTotal).toBeGreaterThan(100_000);
    expect(big.records).toHaveLength(10);
  });

  it('documents both routes in the OpenAPI description', async () => {
    const docs = await server.client('acme').get('/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const paths = Object.keys(docs.json().paths);
    expect(paths).toEqual(expect.arrayContaining([PATHS.datatables, PATHS.entity]));
  });

  it('reading the trail writes nothing to it', async () => {
    const before = (await records(sam)).recordsTotal;
    await records(sam);
    expect((await records(sam)).recordsTotal).toBe(before);
  });
});
