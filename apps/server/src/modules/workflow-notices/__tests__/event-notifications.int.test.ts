import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_PATHS } from '@formloop/contracts';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { arrangePeople, grantApps, userId, type People } from '../../apps/__tests__/app-fixtures.ts';
import { saved, submitRecord } from '../../records/__tests__/record-fixtures.ts';
import {
  A,
  approval,
  approvalChain,
  openTask,
  publishWorkflowApp,
  user,
} from '../../workflow/__tests__/workflow-fixtures.ts';
import { eventually, kindsOf, noticesOf } from './notice-fixtures.ts';

// Notifications of workflow events and comments through the HTTP API on a real PostgreSQL: each
// event's people get a row with its type, step and ids (never the one who acted), other tenants see
// none, and a plain LISTEN on the hub's channel receives the push once the event has committed.

let server: TestServer;
let people: People;
let appId: string;
let ada: string;
let fred: string;
let cora: string;
let uma: string;

const APP = 'Purchase requests';

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  ada = await userId(server, 'ada');
  fred = await userId(server, 'fred');
  cora = await userId(server, 'cora');
  uma = await userId(server, 'uma');
  appId = await publishWorkflowApp(
    people.admin,
    APP,
    approvalChain([
      approval('manager', 'Manager approval', [user(fred)], 0),
      approval('director', 'Director approval', [user(cora)], 300),
    ]),
  );
  await grantApps(server, 'acme', 'uma', [{ appId }, { appId, action: 'create' }]);
});
afterAll(async () => {
  await server?.close();
});

/** uma submits an entry; answers its id. */
const submitted = async (title = 'Laptop') =>
  (await saved(submitRecord(people.uma, appId, { data: { title, amount: 1200 } }))).id as string;

const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
};

describe('notifications of workflow events', () => {
  it('submit, approve and the last approval: assigned, approve and completed go to the right people', async () => {
    const recordId = await submitted();
    const first = await openTask(server, recordId);
    const [assigned] = await noticesOf(server, fred, recordId);
    expect(assigned).toMatchObject({
      type_name: 'assigned',
      current_step: 'Manager approval',
      task_id: first.id,
      module_id: appId,
      record_id: recordId,
      record_created_by: uma,
      content: 'Manager approval in Purchase requests is waiting for you',
      params: { app: APP, step: 'Manager approval', actor: 'uma Tester' },
    });
    expect(await kindsOf(server, uma, recordId)).toEqual([]);

    await ok(people.fred.post(A.approve, { task_id: first.id, accepted: true }));
    const second = await openTask(server, recordId);
    expect(await kindsOf(server, uma, recordId)).toEqual(['approve Manager approval']);
    const [approved] = await noticesOf(server, uma, recordId);
    expect(approved).toMatchObject({
      task_id: first.id,
      content: 'fred Tester approved Manager approval in Purchase requests',
      params: { app: APP, step: 'Manager approval', actor: 'fred Tester' },
    });
    expect(await noticesOf(server, cora, recordId)).toMatchObject([
      { type_name: 'assigned', current_step: 'Director approval', task_id: second.id },
    ]);

    await ok(people.cora.post(A.approve, { task_id: second.id, accepted: true }));
    expect(await kindsOf(server, uma, recordId)).toEqual([
      'approve Director approval',
      'approve Manager approval',
      'completed Director approval',
    ]);
    // Those who acted heard only of the tasks they were given.
    expect(await kindsOf(server, fred, recordId)).toEqual(['assigned Manager approval']);
    expect(await kindsOf(server, cora, recordId)).toEqual(['assigned Director approval']);

    // Through the API, as the web app reads them.
    const list = await people.fred.get('/api/Notification');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.notif.find((n: { record_id: string }) => n.record_id === recordId)).toMatchObject(
      {
        notification_type_name: 'assigned',
        current_step: 'Manager approval',
        task_id: first.id,
        module_id: appId,
        notification_params: { app: APP, step: 'Manager approval', actor: 'uma Tester' },
        read_on: null,
      },
    );
  });

  it('a rejection tells the initiator with the reason and points at the resubmit task', async () => {
    const recordId = await submitted();
    const task = await openTask(server, recordId);
    await ok(
      people.fred.post(A.approve, { task_id: task.id, accepted: false, description: 'Too expensive' }),
    );
    const resubmit = await openTask(server, recordId);
    expect(await noticesOf(server, uma, recordId)).toMatchObject([
      {
        type_name: 'rejected',
        current_step: 'Manager approval',
        task_id: resubmit.id,
        content: 'fred Tester rejected Manager approval in Purchase requests: Too expensive',
        params: { app: APP, step: 'Manager approval', actor: 'fred Tester', message: 'Too expensive' },
      },
    ]);
    expect(await kindsOf(server, fred, recordId)).toEqual(['assigned Manager approval']);
  });

  it('a send-back reaches the people who get the task back, not the sender', async () => {
    const recordId = await submitted();
    await ok(people.fred.post(A.approve, { task_id: (await openTask(server, recordId)).id, accepted: true }));
    const director = await openTask(server, recordId);
    await ok(
      people.cora.post(A.goback, { taskId: director.id, goBackToActivityId: 'manager', message: 'Check it' }),
    );
    const again = await openTask(server, recordId);
    const sentBack = (await noticesOf(server, fred, recordId)).filter((row) => row.type_name === 'sendback');
    expect(sentBack).toMatchObject([
      {
        current_step: 'Manager approval',
        task_id: again.id,
        params: { app: APP, step: 'Manager approval', actor: 'cora Tester', message: 'Check it' },
      },
    ]);
    expect(await kindsOf(server, cora, recordId)).toEqual(['assigned Director approval']);
  });

  it('a restart tells the new assignees and the initiator, not the one restarting', async () => {
    const recordId = await submitted();
    await ok(people.admin.post(A.restart, { recordId, message: 'Start over' }));
    const task = await openTask(server, recordId);
    expect(await noticesOf(server, fred, recordId)).toMatchObject([
      { type_name: 'assigned', current_step: 'Manager approval' },
      { type_name: 'restart', current_step: 'Manager approval', task_id: task.id },
    ]);
    expect(await noticesOf(server, uma, recordId)).toMatchObject([
      {
        type_name: 'restart',
        content: 'ada Tester restarted the process of the entry in Purchase requests: Start over',
        params: { app: APP, actor: 'ada Tester', message: 'Start over' },
      },
    ]);
    expect(await kindsOf(server, ada, recordId)).toEqual([]);
  });

  it('a reassigned task reaches its new assignee', async () => {
    const recordId = await submitted();
    const task = await openTask(server, recordId);
    await ok(people.fred.post(A.reassignment, { taskId: task.id, assignTo: cora, message: 'Yours now' }));
    expect(await noticesOf(server, cora, recordId)).toMatchObject([
      {
        type_name: 'reassign',
        current_step: 'Manager approval',
        task_id: task.id,
        params: { app: APP, step: 'Manager approval', actor: 'fred Tester', message: 'Yours now' },
      },
    ]);
    expect(await kindsOf(server, fred, recordId)).toEqual(['assigned Manager approval']);
  });

  it("a comment reaches the initiator and the open task's assignee, never the commenter", async () => {
    const recordId = await submitted();
    await ok(people.fred.post(A.approve, { task_id: (await openTask(server, recordId)).id, accepted: true }));
    const director = await openTask(server, recordId);
    await ok(people.fred.post(RECORDS_PATHS.sendComment, { recordId, message: 'Ordered already?' }));
    const expected = {
      type_name: 'comment',
      current_step: 'Director approval',
      params: { app: APP, step: 'Director approval', actor: 'fred Tester', message: 'Ordered already?' },
    };
    expect(
      (await noticesOf(server, cora, recordId)).filter((row) => row.type_name === 'comment'),
    ).toMatchObject([{ ...expected, task_id: director.id }]);
    expect(
      (await noticesOf(server, uma, recordId)).filter((row) => row.type_name === 'comment'),
    ).toMatchObject([{ ...expected, task_id: null }]);
    expect(await kindsOf(server, fred, recordId)).toEqual(['assigned Manager approval']);
  });

  it("keeps each reader's notices to themselves: other users and other tenants get 404", async () => {
    const recordId = await submitted();
    const [notice] = await noticesOf(server, fred, recordId);
    expect((await people.fred.get(`/api/Notification/${notice!.id}`)).statusCode).toBe(200);
    for (const stranger of [people.globex, people.cora]) {
      expect((await stranger.get(`/api/Notification/${notice!.id}`)).statusCode).toBe(404);
      expect((await stranger.post(`/api/Notification/read?id=${notice!.id}`)).statusCode).toBe(404);
    }
    const globexList = (await people.globex.get('/api/Notification')).json().data;
    expect(globexList).toMatchObject({ notif: [], unread: 0, open: 0 });
  });
});

describe('the push of a notification', () => {
  it('reaches a LISTEN on the hub channel after the event committed, with the notice in it', async () => {
    const listener = new pg.Client({ connectionString: server.appRoleUrl });
    await listener.connect();
    const payloads: Array<Record<string, any>> = [];
    listener.on('notification', (message) => {
      if (message.channel === 'formloop_hub' && message.payload) payloads.push(JSON.parse(message.payload));
    });
    try {
      await listener.query('LISTEN formloop_hub');
      const recordId = await submitted('Pushed');
      const push = await eventually('the push to fred', () =>
        payloads.find(
          (payload) => payload.userIds?.includes(fred) && payload.arguments?.[0]?.recordId === recordId,
        ),
      );
      const [row] = await noticesOf(server, fred, recordId);
      expect(push).toEqual({
        tenantId: expect.any(String),
        userIds: [fred],
        target: 'ReceiveNotification',
        arguments: [
          {
            content: 'Manager approval in Purchase requests is waiting for you',
            moduleId: appId,
            recordId,
            notificationId: row!.id,
            type: 'assigned',
            params: { app: APP, step: 'Manager approval', actor: 'uma Tester' },
          },
        ],
      });
      // Nobody else heard of it: the submitter acted, the others have nothing to do with it yet.
      const others = payloads.filter((payload) => payload.arguments?.[0]?.recordId === recordId);
      expect(others).toHaveLength(1);
    } finally {
      await listener.end();
    }
  });
});
