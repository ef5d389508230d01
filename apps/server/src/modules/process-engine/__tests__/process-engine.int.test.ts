import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROCESS_ENGINE_MESSAGES,
  PROCESS_ENGINE_PATHS as PE,
  processInstancePath,
  processInstanceRetryPath,
  type InstanceList,
  type ProcessDefinition,
  type ProcessInstanceDetail,
} from '@formloop/contracts';
import { MESSAGES, formatMessage } from '@formloop/domain';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { MISSING_ID, arrangePeople, tenantId, type People } from '../../apps/__tests__/app-fixtures.ts';
import { saved, submitRecord } from '../../records/__tests__/record-fixtures.ts';
import {
  A,
  approval,
  approvalChain,
  openTask,
  publishWorkflowApp,
  recordColumns,
  user,
} from '../../workflow/__tests__/workflow-fixtures.ts';

// The process engine API on a real PostgreSQL: system administrators only, tenant-scoped; a record
// whose approver is no longer available faults its instance, the instance is found by status, its
// error read, and a retry after the approver is back makes it run on to the end.

let server: TestServer;
let people: People;
let sam: TestClient;
let acmeId: string;
let gone: string;
let faultyApp: string;

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  acmeId = await tenantId(server, 'acme');
  await server.createUser('acme', { username: 'sam', password: 'sam-pass', kind: 'SYSTEM_ADMINISTRATOR' });
  sam = server.client('acme');
  await sam.signIn('sam', 'sam-pass');
  gone = await server.createUser('acme', { username: 'gone', password: 'gone-pass', kind: 'USER' });
  faultyApp = await publishWorkflowApp(
    people.admin,
    'Expense claims',
    approvalChain([approval('check', 'Checker', [user(gone, 'Gone')])]),
  );
});
afterAll(() => server?.close());

const setActive = (userId: string, active: boolean) =>
  server.owner.query('UPDATE users SET is_active = $2 WHERE id = $1', [userId, active]);

const list = async (client: TestClient, body: Record<string, unknown> = {}) => {
  const res = await client.post(PE.instances, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as InstanceList;
};

const detail = async (id: string) => {
  const res = await sam.get(processInstancePath(id));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ProcessInstanceDetail;
};

/** Submits an entry of the faulty app while its approver is inactive; answers the record and instance ids. */
async function faultedEntry(title: string): Promise<{ recordId: string; instanceId: string }> {
  await setActive(gone, false);
  const record = await saved(submitRecord(people.admin, faultyApp, { data: { title } }));
  expect(record.workflow_status).toBe('Faulted');
  return { recordId: record.id as string, instanceId: record.workflow_instance_id as string };
}

describe('access', () => {
  const calls = (client: TestClient) => [
    client.get(PE.definitions),
    client.post(PE.instances, {}),
    client.get(processInstancePath(MISSING_ID)),
    client.post(processInstanceRetryPath(MISSING_ID), {}),
    client.get(PE.dashboard),
    client.post(PE.emailLog, {}),
  ];

  it('answers 401 signed out and 403 to every role but system administrators', async () => {
    for (const res of await Promise.all(calls(server.client('acme')))) expect(res.statusCode).toBe(401);
    for (const client of [people.admin, people.fred, people.cora, people.uma]) {
      for (const res of await Promise.all(calls(client))) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().success).toBe(false);
      }
    }
  });

  it('refuses a role-less caller before reading the body (no 400 for a bad one)', async () => {
    expect((await people.uma.post(PE.instances, { length: 7 })).statusCode).toBe(403);
    expect((await sam.post(PE.instances, { length: 7 })).statusCode).toBe(400);
    expect((await sam.get(`${PE.dashboard}?days=0`)).statusCode).toBe(400);
  });
});

describe('a faulted instance', () => {
  it('is listed under Faulted with the activity and the spec’s message', async () => {
    const { recordId, instanceId } = await faultedEntry('Taxi');
    const faulted = await list(sam, { status: 'Faulted', moduleId: faultyApp });
    const row = faulted.records.find((candidate) => candidate.id === instanceId);
    expect(row).toMatchObject({
      record_id: recordId,
      display_name: 'Expense claims',
      status: 'Faulted',
      current_activities: [{ activityId: 'check', activityName: 'Checker' }],
      fault_message: MESSAGES.assigneeUnavailable('Checker'),
      finished_on: null,
    });
    expect(row!.faulted_on).not.toBeNull();
    expect(faulted.records.every((candidate) => candidate.status === 'Faulted')).toBe(true);
    expect(faulted.statusCounts.Faulted).toBe(faulted.recordsFiltered);

    // The record's id from its start finds it; a search matching nothing finds nothing.
    const found = await list(sam, { search: recordId.slice(0, 13).toUpperCase() });
    expect(found.records.map((candidate) => candidate.id)).toContain(instanceId);
    expect((await list(sam, { search: 'no-such-record-anywhere' })).records).toEqual([]);
    expect((await list(sam, { search: 'Taxi' })).records.map((candidate) => candidate.id)).toEqual([
      instanceId,
    ]);

    const read = await detail(instanceId);
    expect(read.fault_activity).toEqual({ activityId: 'check', activityName: 'Checker' });
    expect(read.open_tasks).toEqual([]);
    expect(read.history.at(-1)).toMatchObject({
      actionType: 'Faulted',
      activityId: 'check',
      message: MESSAGES.assigneeUnavailable('Checker'),
    });
  });

  it('faults again on retry while the cause is there, then runs on to the end once the approver is back', async () => {
    const { recordId, instanceId } = await faultedEntry('Hotel');

    const again = await sam.post(processInstanceRetryPath(instanceId), {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ status: 'Faulted' });
    expect(again.json().message).toBe(
      formatMessage(PROCESS_ENGINE_MESSAGES.faultedAgain, {
        message: MESSAGES.assigneeUnavailable('Checker'),
      }),
    );

    await setActive(gone, true);
    const retried = await sam.post(processInstanceRetryPath(instanceId), {});
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      success: true,
      message: PROCESS_ENGINE_MESSAGES.retried,
      data: { id: instanceId, record_id: recordId, status: 'Suspended', fault_message: null },
    });
    expect(await recordColumns(server, recordId)).toMatchObject({
      workflow_status: 'Running',
      workflow_activity_name: 'Checker',
      workflow_faulted_on: null,
      tasks: 1,
    });
    const waiting = await detail(instanceId);
    expect(waiting).toMatchObject({
      status: 'Suspended',
      fault_activity: null,
      fault_message: null,
      current_activities: [{ activityId: 'check', activityName: 'Checker' }],
    });
    expect(waiting.open_tasks.map((task) => task.assignees)).toEqual([['gone Tester']]);
    expect(waiting.history.map((entry) => entry.actionType)).toEqual(
      expect.arrayContaining(['Faulted', 'Retry', 'Assigned']),
    );

    // Both attempts are audited, by the system administrator who made them.
    const { rows: audit } = await server.owner.query(
      `SELECT a.action, a.after->>'status' AS status, u.username FROM audit_log a JOIN users u ON u.id = a.user_id
       WHERE a.entity = 'workflow-instance' AND a.entity_id = $1 ORDER BY a.id`,
      [instanceId],
    );
    expect(audit).toEqual([
      { action: 'retried', status: 'Faulted', username: 'sam' },
      { action: 'retried', status: 'Suspended', username: 'sam' },
    ]);

    // The approver acts on the task the retry created: the instance finishes.
    const approver = server.client('acme');
    await approver.signIn('gone', 'gone-pass');
    const task = await openTask(server, recordId);
    const approved = await approver.post(A.approve, { task_id: task.id, accepted: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await detail(instanceId)).status).toBe('Finished');
    expect((await recordColumns(server, recordId)).workflow_status).toBe('Completed');

    // A finished instance is not retried.
    const refused = await sam.post(processInstanceRetryPath(instanceId), {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      formatMessage(PROCESS_ENGINE_MESSAGES.notFaulted, { status: 'Finished' }),
    );
  });

  it('answers 404 for unknown, malformed and other tenants’ instances', async () => {
    const { instanceId } = await faultedEntry('Train');
    const gus = people.globex;
    for (const res of [
      await gus.get(processInstancePath(instanceId)),
      await gus.post(processInstanceRetryPath(instanceId), {}),
      await sam.get(processInstancePath(MISSING_ID)),
      await sam.post(processInstanceRetryPath('not-a-uuid'), {}),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(PROCESS_ENGINE_MESSAGES.instanceNotFound);
    }
    const theirs = await list(gus, {});
    expect(theirs.records).toEqual([]);
    expect(theirs.recordsTotal).toBe(0);
    expect((await gus.get(PE.definitions)).json().data).toEqual([]);
    // Still faulted: globex's attempt changed nothing.
    expect((await detail(instanceId)).status).toBe('Faulted');
  });
});

describe('definitions and dashboard', () => {
  it('lists apps with a published workflow and counts their instances by status', async () => {
    const res = await sam.get(PE.definitions);
    expect(res.statusCode, res.body).toBe(200);
    const definitions = res.json().data as ProcessDefinition[];
    const { rows } = await server.owner.query<{ status: string; n: number }>(
      'SELECT status, count(*)::int AS n FROM workflow_instances WHERE module_id = $1 GROUP BY status',
      [faultyApp],
    );
    const expected = { Running: 0, Suspended: 0, Finished: 0, Faulted: 0, Cancelled: 0 };
    for (const row of rows) expected[row.status as keyof typeof expected] = row.n;
    expect(definitions.find((definition) => definition.module_id === faultyApp)).toMatchObject({
      display_name: 'Expense claims',
      published_version: 1,
      activity_count: 3,
      instances: expected,
    });
    expect(expected.Faulted).toBeGreaterThan(0);
  });

  it('counts a fresh tenant’s instances by status and per day in its time zone', async () => {
    // initech: its own builder, approver, an approver who has left, and a system administrator.
    await server.createUser('initech', { username: 'ivy', password: 'ivy-pass', kind: 'ADMINISTRATOR' });
    const ian = await server.createUser('initech', { username: 'ian', password: 'ian-pass', kind: 'USER' });
    const left = await server.createUser('initech', { username: 'lee', password: 'lee-pass', kind: 'USER' });
    await server.createUser('initech', {
      username: 'sid',
      password: 'sid-pass',
      kind: 'SYSTEM_ADMINISTRATOR',
    });
    const [ivy, ianClient, sid] = [
      server.client('initech'),
      server.client('initech'),
      server.client('initech'),
    ];
    await ivy.signIn('ivy', 'ivy-pass');
    await ianClient.signIn('ian', 'ian-pass');
    await sid.signIn('sid', 'sid-pass');
    const zone = 'Pacific/Kiritimati';
    await server.owner.query('INSERT INTO organization_preferences (tenant_id, time_zone) VALUES ($1, $2)', [
      await tenantId(server, 'initech'),
      zone,
    ]);

    const flow = await publishWorkflowApp(ivy, 'Leave', approvalChain([approval('ok', 'OK', [user(ian)])]));
    const stuck = await publishWorkflowApp(ivy, 'Stuck', approvalChain([approval('no', 'No', [user(left)])]));
    await setActive(left, false);
    const submitted: string[] = [];
    for (const title of ['a', 'b', 'c']) {
      submitted.push((await saved(submitRecord(ivy, flow, { data: { title } }))).id as string);
    }
    await saved(submitRecord(ivy, stuck, { data: { title: 'd' } }));
    const task = await openTask(server, submitted[0]!);
    expect((await ianClient.post(A.approve, { task_id: task.id, accepted: true })).statusCode).toBe(200);
    // One instance started three days ago (in the tenant's zone, days are whole local days).
    await server.owner.query(
      `UPDATE workflow_instances SET started_on = started_on - interval '3 days' WHERE record_id = $1`,
      [submitted[2]],
    );

    const res = await sid.get(`${PE.dashboard}?days=7`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = res.json().data;
    expect(stats.counts).toEqual({ Running: 0, Suspended: 2, Finished: 1, Faulted: 1, Cancelled: 0 });
    expect(stats.estimated).toBe(false);
    expect(stats.timeZone).toBe(zone);
    const day = (daysAgo: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(
        new Date(Date.now() - daysAgo * 86_400_000),
      );
    expect(stats.throughput.map((entry: { day: string }) => entry.day)).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map(day),
    );
    expect(stats.throughput.at(-1)).toEqual({ day: day(0), started: 3, completed: 1, faulted: 1 });
    expect(stats.throughput.at(-4)).toEqual({ day: day(3), started: 1, completed: 0, faulted: 0 });
    expect((await sid.get(PE.dashboard)).json().data.throughput).toHaveLength(14);

    // The instance list's tabs agree.
    const listed = await list(sid, {});
    expect(listed.statusCounts).toEqual(stats.counts);
    expect(listed.recordsTotal).toBe(4);
    expect((await list(sid, { status: 'Suspended' })).records).toHaveLength(2);
    expect((await list(sid, { moduleId: stuck })).records.map((row) => row.status)).toEqual(['Faulted']);
  });
});

describe('e-mail send log', () => {
  it('lists the tenant’s e-mails newest first, filtered by status and search', async () => {
    // hooli: a tenant of its own, so the event e-mails the other tests' submissions caused stay out.
    await server.createUser('hooli', { username: 'hal', password: 'hal-pass', kind: 'SYSTEM_ADMINISTRATOR' });
    const hal = server.client('hooli');
    await hal.signIn('hal', 'hal-pass');
    const hooliId = await tenantId(server, 'hooli');
    const insert = (
      tenant: string,
      moduleId: string | null,
      values: [string, string[], string, string, number, string | null, string],
    ) =>
      server.owner.query(
        `INSERT INTO email_send_log (tenant_id, module_id, event, recipients, subject, status, attempts, error, created_on, sent_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz,
                 CASE WHEN $6 = 'sent' THEN $9::timestamptz + interval '5 seconds' END)`,
        [tenant, moduleId, ...values],
      );
    await insert(hooliId, null, [
      'submit',
      ['a@hooli.example'],
      'Claim submitted',
      'sent',
      1,
      null,
      '2026-01-01T10:00:00Z',
    ]);
    await insert(hooliId, null, [
      'rejected',
      ['b@hooli.example', 'c@hooli.example'],
      'Claim rejected',
      'failed',
      3,
      'connect ECONNREFUSED 127.0.0.1:2525',
      '2026-01-02T10:00:00Z',
    ]);
    await insert(hooliId, null, [
      'approve',
      ['d@hooli.example'],
      'Claim approved',
      'queued',
      0,
      null,
      '2026-01-03T10:00:00Z',
    ]);
    await insert(acmeId, faultyApp, [
      'submit',
      ['x@acme.example'],
      'Not hooli’s',
      'sent',
      1,
      null,
      '2026-01-04T10:00:00Z',
    ]);

    const page = async (client: TestClient, body: Record<string, unknown> = {}) => {
      const res = await client.post(PE.emailLog, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const all = await page(hal);
    expect(all.records.map((row: { subject: string }) => row.subject)).toEqual([
      'Claim approved',
      'Claim rejected',
      'Claim submitted',
    ]);
    expect(all).toMatchObject({ recordsTotal: 3, recordsFiltered: 3, estimated: false });
    expect(all.records[1]).toMatchObject({
      event: 'rejected',
      recipients: ['b@hooli.example', 'c@hooli.example'],
      status: 'failed',
      attempts: 3,
      error: 'connect ECONNREFUSED 127.0.0.1:2525',
      sent_on: null,
      created_on: '2026-01-02T10:00:00.000Z',
      display_name: null,
    });
    expect(all.records[2].sent_on).toBe('2026-01-01T10:00:05.000Z');

    const failed = await page(hal, { status: 'failed' });
    expect(failed.records.map((row: { event: string }) => row.event)).toEqual(['rejected']);
    expect(failed).toMatchObject({ recordsTotal: 3, recordsFiltered: 1 });
    expect((await page(hal, { search: 'C@HOOLI' })).records).toHaveLength(1);
    expect((await page(hal, { length: 10, page: 2 })).records).toEqual([]);

    // acme's row is acme's, with its app's name; globex sees neither.
    const acme = await page(sam, { search: 'Not hooli' });
    expect(acme.records).toMatchObject([{ subject: 'Not hooli’s', display_name: 'Expense claims' }]);
    expect((await page(people.globex)).records).toEqual([]);
  });
});
