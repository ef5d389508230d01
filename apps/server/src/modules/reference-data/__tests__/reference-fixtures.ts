import { REFERENCE_DATA_PATHS as P } from '@formloop/contracts';
import { expect } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

// Who calls in the reference-data tests: builders (full user, consultant, administrator), an ordinary
// user, a caller who is not signed in, and a full user of another tenant.

export interface ReferenceWorld {
  server: TestServer;
  admin: TestClient;
  consultant: TestClient;
  fullUser: TestClient;
  user: TestClient;
  anonymous: TestClient;
  globex: TestClient;
}

export async function createReferenceWorld(): Promise<ReferenceWorld> {
  const server = await createTestServer();
  const people = [
    ['acme', 'ada', 'ADMINISTRATOR'],
    ['acme', 'cora', 'CONSULTANT'],
    ['acme', 'fred', 'FULL_USER'],
    ['acme', 'uma', 'USER'],
    ['globex', 'gus', 'FULL_USER'],
  ] as const;
  const clients: TestClient[] = [];
  for (const [tenant, username, kind] of people) {
    await server.createUser(tenant, { username, password: `${username}-pass`, kind });
    const client = server.client(tenant);
    await client.signIn(username, `${username}-pass`);
    clients.push(client);
  }
  const [admin, consultant, fullUser, user, globex] = clients as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  return { server, admin, consultant, fullUser, user, globex, anonymous: server.client('acme') };
}

export type SavedValue = { row_id?: string; value: string; data?: Record<string, string> };

/** Creates a list through the API and answers its id. */
export async function createList(
  client: TestClient,
  keyName: string,
  values: Array<string | SavedValue>,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await client.post(P.save, {
    key_name: keyName,
    values: values.map((value) => (typeof value === 'string' ? { value } : value)),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.record_id as string;
}

export const detailOf = async (client: TestClient, id: string) => {
  const res = await client.get(`${P.detail}?id=${encodeURIComponent(id)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: string;
    key_name: string;
    categories: string;
    description: string;
    columns: string[];
    values: Array<{ row_id: string; value: string; data: Record<string, string>; order_index: number }>;
  };
};

export const valuesOf = async (client: TestClient, id: string) =>
  (await detailOf(client, id)).values.map((row) => row.value);

/** The audit rows of one entity kind (and optionally one id), oldest first. */
export async function auditRows(server: TestServer, entity: string, entityId?: string) {
  const { rows } = await server.owner.query(
    `SELECT a.action, a.entity_id, a.before, a.after, a.user_id, t.label
       FROM audit_log a JOIN tenants t ON t.id = a.tenant_id
      WHERE a.entity = $1 ${entityId ? 'AND a.entity_id = $2' : ''} ORDER BY a.id`,
    entityId ? [entity, entityId] : [entity],
  );
  return rows;
}

export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
