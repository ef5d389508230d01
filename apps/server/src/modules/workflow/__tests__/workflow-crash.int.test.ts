import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RECORDS_PATHS } from '@formloop/contracts';
import { freePort } from '../../../../test/free-port.ts';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { signIn } from '../../../../test/http-client.ts';
import { startServerProcess, type ServerProcess } from '../../../../test/server-process.ts';
import { arrangePeople, userId, type People } from '../../apps/__tests__/app-fixtures.ts';
import { A, approval, approvalChain, publishWorkflowApp, user } from './workflow-fixtures.ts';

// The server killed (SIGKILL) in the middle of a load of submissions: after a restart every
// submission it acknowledged exists exactly once, with its workflow started (no record without its
// instance, no instance twice), and the workflow goes on. The server runs as its own process on this
// file's database, the way `npm start` runs it.

let server: TestServer;
let people: People;
let appId: string;
let dataDir: string;
let env: Record<string, string>;
let running: ServerProcess | undefined;

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  const fred = await userId(server, 'fred');
  appId = await publishWorkflowApp(
    people.admin,
    'Crash test',
    approvalChain([approval('check', 'Check', [user(fred)])]),
  );
  dataDir = await mkdtemp(path.join(tmpdir(), 'formloop-crash-'));
  const owner = (server.owner as unknown as { options: { connectionString: string } }).options;
  env = {
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: owner.connectionString,
    DATABASE_APP_URL: server.appRoleUrl,
    // Requests to 127.0.0.1 reach the default tenant.
    DEFAULT_TENANT: 'acme',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
  };
}, 120_000);

afterAll(async () => {
  await running?.stop('SIGKILL');
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const start = async () => {
  const port = String(await freePort());
  running = await startServerProcess({ ...env, PORT: port });
  return `http://127.0.0.1:${port}`;
};

it('keeps every acknowledged submission once after a SIGKILL, and their workflows go on', async () => {
  const base = await start();
  const ada = await signIn(base, 'ada', 'ada-pass');
  const acknowledged: string[] = [];
  let killed = false;
  const loop = async (client: number) => {
    for (let i = 0; !killed; i += 1) {
      try {
        const row = await ada.post<{ id: string }>(RECORDS_PATHS.submit, {
          moduleId: appId,
          data: { title: `load ${client}-${i}`, amount: i },
        });
        acknowledged.push(row.id);
      } catch {
        // Refused connections and reset sockets once the server is gone: not acknowledged.
        return;
      }
    }
  };
  const loops = Array.from({ length: 4 }, (_, client) => loop(client));
  while (acknowledged.length < 40) await new Promise((resolve) => setTimeout(resolve, 20));
  killed = true;
  await running!.stop('SIGKILL');
  await Promise.all(loops);

  const again = await start();
  const { rows: records } = await server.owner.query<{
    id: string;
    workflow_status: string;
    instances: number;
    open_tasks: number;
  }>(
    `SELECT r.id, r.workflow_status,
            (SELECT count(*)::int FROM workflow_instances i WHERE i.record_id = r.id) AS instances,
            (SELECT count(*)::int FROM workflow_tasks t WHERE t.record_id = r.id AND t.status = 'Open') AS open_tasks
     FROM records r WHERE r.module_id = $1`,
    [appId],
  );
  const byId = new Map(records.map((record) => [record.id, record]));
  expect(new Set(acknowledged).size).toBe(acknowledged.length);
  for (const id of acknowledged) {
    expect(byId.get(id), `acknowledged ${id}`).toMatchObject({
      workflow_status: 'Running',
      instances: 1,
      open_tasks: 1,
    });
  }
  // Whatever else was written (answered too late to be acknowledged) is whole as well.
  for (const record of records) {
    expect(record).toMatchObject({ workflow_status: 'Running', instances: 1, open_tasks: 1 });
  }

  // The restarted server carries the workflows on.
  const fred = await signIn(again, 'fred', 'fred-pass');
  const { rows } = await server.owner.query<{ id: string }>(
    `SELECT id FROM workflow_tasks WHERE record_id = $1 AND status = 'Open'`,
    [acknowledged[0]],
  );
  const done = await fred.post<{ workflowStatus: string }>(A.approve, {
    task_id: rows[0]!.id,
    accepted: true,
  });
  expect(done.workflowStatus).toBe('Completed');
}, 240_000);
