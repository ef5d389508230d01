import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActivity, type WorkflowActivity, type WorkflowDefinition } from '@formloop/workflow';
import { freePort } from '../../../../test/free-port.ts';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { startSmtpCapture } from '../../../../test/smtp-capture.ts';
import { arrangePeople, userId, type People } from '../../apps/__tests__/app-fixtures.ts';
import { saved, submitRecord } from '../../records/__tests__/record-fixtures.ts';
import {
  approval,
  historyOf,
  link,
  openTask,
  publishWorkflowApp,
  recordColumns,
  steps,
  user,
} from './workflow-fixtures.ts';

// Job activities run as pg-boss jobs by the server's worker: set field, send e-mail (to a real SMTP
// server), HTTP request (to a real HTTP server), timer; then the workflow goes on to its next task.
// A request that keeps failing faults the instance with its error once the retries are spent.

let server: TestServer;
let people: People;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let http: Server;
let httpBase: string;
const calls: Array<{ method: string; url: string; body: string }> = [];

const activity = (
  type: Parameters<typeof createActivity>[0],
  id: string,
  properties: Record<string, unknown>,
) => {
  const made = createActivity(type, id, { x: 0, y: 0 });
  return { ...made, properties: { ...made.properties, ...properties } } as WorkflowActivity;
};

beforeAll(async () => {
  smtp = await startSmtpCapture();
  http = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({ method: request.method ?? '', url: request.url ?? '', body });
      response.statusCode = request.url?.startsWith('/missing') ? 404 : 200;
      response.end('ok');
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  httpBase = `http://127.0.0.1:${port}`;
  // The test's HTTP server is on loopback, which deployments refuse by default.
  server = await createTestServer({ SMTP_URL: smtp.url, REMOTE_URL_ALLOW_PRIVATE: 'true' });
  people = await arrangePeople(server);
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await new Promise((resolve) => http?.close(resolve));
});

/** Polls (the worker runs jobs in the background) until the record's status is one of `wanted`. */
async function statusBecomes(recordId: string, wanted: string[], seconds = 30) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const columns = await recordColumns(server, recordId);
    if (wanted.includes(columns.workflow_status ?? '')) return columns;
    if (Date.now() > deadline) throw new Error(`still ${columns.workflow_status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('job activities', () => {
  it('sets a field, sends an e-mail, calls an address and waits a timer, then assigns the next task', async () => {
    const fred = await userId(server, 'fred');
    const definition: WorkflowDefinition = {
      activities: [
        createActivity('Start', 'start', { x: 0, y: 0 }),
        activity('SetField', 'double', { field: 'amount', value: '{amount} * 2' }),
        activity('SendEmail', 'mail', {
          to: 'initiator',
          subject: 'Request {title}',
          body: 'Amount now {amount}\n<b>{title}</b>',
        }),
        activity('HttpRequest', 'call', {
          url: `${httpBase}/hook?title={title}`,
          method: 'POST',
          headers: { 'content-type': 'text/plain' },
          body: 'amount={amount}',
        }),
        activity('Timer', 'wait', { duration: 'PT1S' }),
        approval('check', 'Check', [user(fred)]),
        createActivity('End', 'end', { x: 0, y: 0 }),
      ],
      connections: [
        link('start', 'double'),
        link('double', 'mail'),
        link('mail', 'call'),
        link('call', 'wait'),
        link('wait', 'check'),
        link('check', 'end', 'Approve'),
      ],
    };
    const app = await publishWorkflowApp(people.admin, 'Jobs', definition);
    const record = await saved(
      submitRecord(people.admin, app, { data: { title: 'Tea and cake', amount: 21 } }),
    );
    expect(record.workflow_status).toBe('Running');
    await statusBecomes(record.id, ['Running'], 1);
    const mail = await smtp.waitFor('ada@acme.example');
    expect(mail.subject).toBe('Request Tea and cake');
    expect(mail.text).toContain('Amount now 42');
    // The body is text: in the HTML part it is escaped, line breaks become <br>.
    expect(mail.html).toContain('Amount now 42<br>&lt;b&gt;Tea and cake&lt;/b&gt;');
    const deadline = Date.now() + 30_000;
    while (
      Date.now() < deadline &&
      (await recordColumns(server, record.id)).workflow_activity_name !== 'Check'
    ) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Values are percent-encoded in addresses (workflow-jobs.test.ts).
    expect(calls).toContainEqual({
      method: 'POST',
      url: '/hook?title=Tea%20and%20cake',
      body: 'amount=42',
    });
    expect((await openTask(server, record.id)).activity_id).toBe('check');
    const { rows } = await server.owner.query('SELECT data FROM records WHERE id = $1', [record.id]);
    expect(rows[0].data.amount).toBe(42);
    expect(steps(await historyOf(people.admin, app, record.id))).toEqual([
      'Started start',
      'Executed double',
      'Executed mail',
      'Executed call',
      'Executed wait',
      'Assigned check',
    ]);
  }, 60_000);

  it('takes the Unsupported Status Code path, or faults without one', async () => {
    const definition: WorkflowDefinition = {
      activities: [
        createActivity('Start', 'start', { x: 0, y: 0 }),
        activity('HttpRequest', 'call', { url: `${httpBase}/missing`, method: 'GET' }),
        createActivity('End', 'end', { x: 0, y: 0 }),
      ],
      connections: [link('start', 'call'), link('call', 'end')],
    };
    const app = await publishWorkflowApp(people.admin, 'Missing', definition);
    const record = await saved(submitRecord(people.admin, app, { data: { title: 'x' } }));
    const columns = await statusBecomes(record.id, ['Faulted', 'Completed']);
    expect(columns.workflow_status).toBe('Faulted');
    const { rows } = await server.owner.query(
      'SELECT fault_message FROM workflow_instances WHERE record_id = $1',
      [record.id],
    );
    expect(rows[0].fault_message).toMatch(/Unsupported Status Code/);
  }, 60_000);

  it('faults the instance with the error once the retries of a failing request are spent', async () => {
    const closedPort = await freePort();
    const definition: WorkflowDefinition = {
      activities: [
        createActivity('Start', 'start', { x: 0, y: 0 }),
        activity('HttpRequest', 'call', { url: `http://127.0.0.1:${closedPort}/down`, method: 'GET' }),
        createActivity('End', 'end', { x: 0, y: 0 }),
      ],
      connections: [link('start', 'call'), link('call', 'end')],
    };
    const app = await publishWorkflowApp(people.admin, 'Down', definition);
    const record = await saved(submitRecord(people.admin, app, { data: { title: 'x' } }));
    const columns = await statusBecomes(record.id, ['Faulted'], 90);
    expect(columns.workflow_faulted_on).not.toBeNull();
    const { rows } = await server.owner.query(
      'SELECT status, fault_activity_id, fault_message FROM workflow_instances WHERE record_id = $1',
      [record.id],
    );
    expect(rows[0]).toMatchObject({ status: 'Faulted', fault_activity_id: 'call' });
    expect(rows[0].fault_message).toBe('The request failed: ECONNREFUSED.');
  }, 120_000);
});

describe('the addresses a request activity may call', () => {
  it('refuses internal addresses unless the deployment allows them, faulting the instance', async () => {
    const strict = await createTestServer();
    try {
      const admin = (await arrangePeople(strict)).admin;
      const definition: WorkflowDefinition = {
        activities: [
          createActivity('Start', 'start', { x: 0, y: 0 }),
          activity('HttpRequest', 'call', { url: `${httpBase}/internal`, method: 'GET' }),
          createActivity('End', 'end', { x: 0, y: 0 }),
        ],
        connections: [link('start', 'call'), link('call', 'end')],
      };
      const app = await publishWorkflowApp(admin, 'Internal', definition);
      const record = await saved(submitRecord(admin, app, { data: { title: 'x' } }));
      const deadline = Date.now() + 90_000;
      let fault: { status: string; fault_message: string | null } | undefined;
      while (Date.now() < deadline) {
        const { rows } = await strict.owner.query(
          'SELECT status, fault_message FROM workflow_instances WHERE record_id = $1',
          [record.id],
        );
        fault = rows[0];
        if (fault?.status === 'Faulted') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(fault).toEqual({
        status: 'Faulted',
        fault_message: 'The address is not allowed: internal addresses cannot be called.',
      });
      expect(calls.some((call) => call.url === '/internal')).toBe(false);
    } finally {
      await strict.close();
    }
  }, 120_000);
});
