import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HubConnection } from '@microsoft/signalr';
import pg from 'pg';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { RECORDS_PATHS } from '@formloop/contracts';
import { freePort } from '../../../../test/free-port.ts';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { signIn } from '../../../../test/http-client.ts';
import { startServerProcess, type ServerProcess } from '../../../../test/server-process.ts';
import {
  arrangePeople,
  tenantId,
  userId,
  type People,
} from '../../../modules/apps/__tests__/app-fixtures.ts';
import {
  approval,
  approvalChain,
  publishWorkflowApp,
  user,
} from '../../../modules/workflow/__tests__/workflow-fixtures.ts';
import { createTenantDb } from '../../database/tenant-db.ts';
import { NOTIFICATION_TARGET, publishToUsers, type NotificationPush } from '../hub-publish.ts';
import { collect, connectedHubClient, handshakenRawHub, notPing } from './hub-clients.ts';

// Two server processes on one database, the way several web nodes behind a load balancer run: this
// test's own server (node 1, in this process) and src/main.ts started as a process of its own
// (node 2). A push published on either reaches a client connected to the other, through
// PostgreSQL LISTEN/NOTIFY. Both nodes share the JWT key pair, as a deployment of several must.

let server: TestServer;
let people: People;
let node2: ServerProcess | undefined;
let base1: string;
let base2: string;
let dataDir: string;
let acmeId: string;
let fredId: string;
let appId: string;
const started: HubConnection[] = [];

beforeAll(async () => {
  const keys = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const sharedKeys = { JWT_PRIVATE_KEY: keys.privateKey, JWT_PUBLIC_KEY: keys.publicKey };
  server = await createTestServer(sharedKeys);
  people = await arrangePeople(server);
  acmeId = await tenantId(server, 'acme');
  fredId = await userId(server, 'fred');
  appId = await publishWorkflowApp(
    people.admin,
    'Hub scale-out',
    approvalChain([approval('check', 'Check', [user(fredId)])]),
  );
  base1 = await server.app.listen({ port: 0, host: '127.0.0.1' });

  dataDir = await mkdtemp(path.join(tmpdir(), 'formloop-hub-'));
  const owner = (server.owner as unknown as { options: { connectionString: string } }).options;
  const port = await freePort();
  node2 = await startServerProcess({
    ...sharedKeys,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: owner.connectionString,
    DATABASE_APP_URL: server.appRoleUrl,
    // Requests to 127.0.0.1 reach the default tenant.
    DEFAULT_TENANT: 'acme',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  });
  base2 = `http://127.0.0.1:${port}`;
}, 240_000);

afterAll(async () => {
  await Promise.all(started.map((connection) => connection.stop()));
  await node2?.stop();
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const connect = async (base: string) => {
  const connection = await connectedHubClient(base, { token: people.fred.token!, userId: fredId });
  started.push(connection);
  return connection;
};

it('delivers a push published in this process (node 1) to a client connected to node 2', async () => {
  const fredOnNode2 = await connect(base2);
  const received = collect(fredOnNode2, NOTIFICATION_TARGET);
  const pool = new pg.Pool({ connectionString: server.appRoleUrl, max: 1 });
  try {
    const push: NotificationPush = {
      content: 'from node 1',
      moduleId: appId,
      recordId: null,
      notificationId: null,
      type: 'test',
      params: { step: 'Check' },
    };
    await createTenantDb(pool).inTenant(acmeId, (tx) =>
      publishToUsers(tx, acmeId, [fredId], NOTIFICATION_TARGET, [push]),
    );
    await vi.waitFor(() => expect(received).toEqual([push]), { timeout: 10_000 });
  } finally {
    await pool.end();
  }
});

it('opens on node 2 a connection negotiated on node 1 (no sticky sessions needed)', async () => {
  const res = await fetch(`${base1}/TaskHub/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${people.fred.token}` },
  });
  const { connectionId, connectionToken } = (await res.json()) as {
    connectionId: string;
    connectionToken: string;
  };
  const hub = await handshakenRawHub(`${base2}/TaskHub?id=${connectionToken}`);
  try {
    hub.sendRecords({ type: 1, invocationId: '0', target: 'GetConnectionId', arguments: [] });
    expect(await hub.next(notPing)).toEqual({ type: 3, invocationId: '0', result: connectionId });
  } finally {
    hub.socket.close();
  }
});

it('pushes ReceiveNotification to the assignee on node 1 when a record submitted on node 2 gives them a task', async () => {
  const fredOnNode1 = await connect(base1);
  const received = collect(fredOnNode1, NOTIFICATION_TARGET);
  const ada = await signIn(base2, 'ada', 'ada-pass');
  const record = await ada.post<{ id: string }>(RECORDS_PATHS.submit, {
    moduleId: appId,
    data: { title: 'needs a check', amount: 1 },
  });
  await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
  const { rows } = await server.owner.query<{ id: string }>(
    `SELECT id FROM notifications WHERE user_id = $1 AND record_id = $2`,
    [fredId, record.id],
  );
  expect(received[0]).toMatchObject({
    moduleId: appId,
    recordId: record.id,
    notificationId: rows[0]!.id,
    content: expect.any(String),
  });
});
