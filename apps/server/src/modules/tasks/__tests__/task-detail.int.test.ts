import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  MISSING_ID,
  arrangePeople,
  grantApps,
  tenantId,
  userId,
  type People,
} from '../../apps/__tests__/app-fixtures.ts';
import {
  publish,
  seedFlow,
  seedTask,
  signedInUser,
  taskDetailPath,
  workflowApp,
  workflowOf,
} from './task-fixtures.ts';

// GET /api/Task/{id}/detail: who may open a task, canAct, send-back targets taken from the instance's
// visited activities and named by the workflow version the instance is pinned to, reassignment and
// assignees.

let server: TestServer;
let people: People;
let ursula: TestClient;
let victor: TestClient;
const id: Record<string, string> = {};
const task: Record<string, string> = {};
let app: string;

const V1 = { mgr: 'Manager approval', fin: 'Finance review', dir: 'Director sign-off' };
const V2 = { mgr: 'Line manager', fin: 'Accounts check', dir: 'CEO' };

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  for (const name of ['ada', 'fred', 'uma', 'gus']) id[name] = await userId(server, name);
  ({ client: ursula, id: id.ursula } = await signedInUser(server, 'acme', 'ursula'));
  ({ client: victor, id: id.victor } = await signedInUser(server, 'acme', 'victor'));
  const acme = await tenantId(server, 'acme');

  app = await workflowApp(people.fred, 'Purchase Orders', id.fred!);
  // Runs started on version 1; then the app is republished with every activity renamed.
  const onV1 = await seedFlow(server, {
    tenantId: acme,
    moduleId: app,
    version: 1,
    initiator: id.ursula!,
    visited: ['mgr'],
  });
  const atDirector = await seedFlow(server, {
    tenantId: acme,
    moduleId: app,
    version: 1,
    initiator: id.ursula!,
    visited: ['mgr', 'fin'],
  });
  expect(await publish(people.fred, app, { workflow: workflowOf(V2, id.fred!) })).toBe(2);
  const onV2 = await seedFlow(server, {
    tenantId: acme,
    moduleId: app,
    version: 2,
    initiator: id.ada!,
    visited: ['mgr', 'fin', 'mgr', 'ghost'],
  });
  // Only the view grant: victor sees the app, but is neither assignee nor initiator of any task.
  await grantApps(server, 'acme', 'victor', [{ appId: app }]);

  task.fin = await seedTask(server, onV1, {
    activityId: 'fin',
    title: V1.fin,
    type: 'UserTask',
    actions: ['Done'],
    assignees: [id.uma!, id.ursula!],
    from: id.fred!,
  });
  task.finDone = await seedTask(server, onV1, {
    activityId: 'mgr',
    title: V1.mgr,
    status: 'Completed',
    assignees: [id.uma!],
    completedBy: id.uma!,
    outcome: 'Approve',
  });
  task.dir = await seedTask(server, atDirector, { activityId: 'dir', title: V1.dir, assignees: [id.uma!] });
  task.v2 = await seedTask(server, onV2, {
    activityId: 'fin',
    title: V2.fin,
    type: 'UserTask',
    actions: ['Done'],
    assignees: [id.uma!],
  });
  task.resubmit = await seedTask(server, onV2, {
    activityId: 'fs-start',
    title: 'Resubmit',
    type: 'Resubmit',
    actions: ['Resubmit'],
    assignees: [id.ada!],
  });
});
afterAll(() => server?.close());

async function detailOf(client: TestClient, taskId: string) {
  const res = await client.get(taskDetailPath(taskId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('GET /api/Task/{id}/detail', () => {
  it('gives an assignee the task, its actions and canAct', async () => {
    const detail = await detailOf(people.uma, task.fin!);
    expect(detail).toMatchObject({
      id: task.fin,
      display_name: 'Purchase Orders',
      activity_title: 'Finance review',
      task_type: 'UserTask',
      assigned_from_user: 'fred Tester',
      record_started_by: 'ursula Tester',
      activity_id: 'fin',
      status: 'Open',
      actions: ['Done'],
      canAct: true,
      reassignmentDisabled: false,
      assignees: [
        { id: id.uma, name: 'uma Tester' },
        { id: id.ursula, name: 'ursula Tester' },
      ],
    });
  });

  it('offers the initiator and the visited activities as named by the pinned version', async () => {
    // The instance runs version 1: version 2's names do not apply to it.
    expect((await detailOf(people.uma, task.fin!)).sendBackTargets).toEqual([
      { activityId: 'fs-start', displayName: 'Initiator' },
      { activityId: 'mgr', displayName: 'Manager approval' },
    ]);
    // On version 2: its names, each activity once, not the task's own, not unknown ones.
    expect((await detailOf(people.uma, task.v2!)).sendBackTargets).toEqual([
      { activityId: 'fs-start', displayName: 'Initiator' },
      { activityId: 'mgr', displayName: 'Line manager' },
    ]);
  });

  it('offers no send-back where the activity forbids it, on closed tasks and on the resubmit task', async () => {
    expect((await detailOf(people.uma, task.dir!)).sendBackTargets).toEqual([]);
    const closed = await detailOf(people.uma, task.finDone!);
    expect(closed).toMatchObject({
      status: 'Completed',
      canAct: false,
      sendBackTargets: [],
      outcome: 'Approve',
    });
    expect(closed.completed_on).not.toBeNull();
    const resubmit = await detailOf(people.admin, task.resubmit!);
    expect(resubmit).toMatchObject({ task_type: 'Resubmit', canAct: true, sendBackTargets: [] });
  });

  it('shows the task to the initiator, builders and settings roles without letting them act', async () => {
    for (const client of [ursula, people.fred, people.admin, people.cora]) {
      const detail = await detailOf(client, task.dir!);
      expect(detail.canAct).toBe(false);
      expect(detail.assignees).toEqual([{ id: id.uma, name: 'uma Tester' }]);
    }
    // ursula is an assignee of task.fin as well as its record's initiator.
    expect((await detailOf(ursula, task.fin!)).canAct).toBe(true);
  });

  it('says the app forbids reassignment', async () => {
    await server.owner.query('UPDATE modules SET is_reassignment_disabled = true WHERE id = $1', [app]);
    expect((await detailOf(people.uma, task.fin!)).reassignmentDisabled).toBe(true);
    await server.owner.query('UPDATE modules SET is_reassignment_disabled = false WHERE id = $1', [app]);
  });

  it('answers 404 to anyone else, to other tenants and for unknown or malformed ids', async () => {
    const cases: Array<[TestClient, string]> = [
      [victor, task.fin!],
      [people.uma, task.resubmit!],
      [people.globex, task.fin!],
      [people.uma, MISSING_ID],
      [people.uma, 'not-a-task'],
    ];
    for (const [client, taskId] of cases) {
      const res = await client.get(taskDetailPath(taskId));
      expect(res.statusCode, `${taskId}: ${res.body}`).toBe(404);
      expect(res.json().message).toBe('This task does not exist.');
    }
  });
});
