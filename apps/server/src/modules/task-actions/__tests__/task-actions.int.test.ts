import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MESSAGES } from '@formloop/contracts';
import { MESSAGES, deriveRecordStatus } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import {
  P,
  arrangePeople,
  grantApps,
  saveForm,
  userId,
  type People,
} from '../../apps/__tests__/app-fixtures.ts';
import { recordPath, saveRecord, saved, submitRecord } from '../../records/__tests__/record-fixtures.ts';
import {
  A,
  FORM,
  approval,
  approvalChain,
  historyOf,
  openTask,
  publishWorkflowApp,
  recordColumns,
  steps,
  tasksOf,
  user,
} from '../../workflow/__tests__/workflow-fixtures.ts';

// A two-step approval app through the HTTP API on a real PostgreSQL: submit starts the workflow,
// tasks go to the approvers, reject returns the entry to its initiator, resubmit runs it again,
// approvals complete it; send back, withdraw, restart, reassign; version pinning; refusals.

let server: TestServer;
let people: People;
let appId: string;
let fred: string;
let cora: string;
let ada: string;

const TWO_STEPS = () =>
  approvalChain([
    approval('manager', 'Manager approval', [user(fred, 'Fred')], 0),
    approval('director', 'Director approval', [user(cora, 'Cora')], 300),
  ]);

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  fred = await userId(server, 'fred');
  cora = await userId(server, 'cora');
  ada = await userId(server, 'ada');
  appId = await publishWorkflowApp(people.admin, 'Purchase requests', TWO_STEPS());
  await grantApps(server, 'acme', 'uma', [{ appId }, { appId, action: 'create' }]);
});
afterAll(async () => {
  await server?.close();
});

/** uma submits a new entry; answers its id. */
const submitted = async (title = 'Laptop') =>
  (await saved(submitRecord(people.uma, appId, { data: { title, amount: 1200 } }))).id as string;

describe('a two-step approval', () => {
  it('runs submit → reject with a reason → resubmit → approve → approve to Completed, with its history', async () => {
    const recordId = await submitted();
    let columns = await recordColumns(server, recordId);
    expect(columns).toMatchObject({
      workflow_status: 'Running',
      workflow_activity_name: 'Manager approval',
      tasks: 1,
    });
    let task = await openTask(server, recordId);
    expect(task).toMatchObject({ activity_id: 'manager', task_type: 'Approval' });

    // Only its assignee acts on it; a rejection needs a reason.
    expect((await people.cora.post(A.approve, { task_id: task.id, accepted: true })).statusCode).toBe(403);
    const noReason = await people.fred.post(A.approve, { task_id: task.id, accepted: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(WORKFLOW_MESSAGES.rejectReasonRequired);

    const rejected = await people.fred.post(A.approve, {
      task_id: task.id,
      accepted: false,
      description: 'Too expensive',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.workflowStatus).toBe('Returned');
    columns = await recordColumns(server, recordId);
    expect(columns).toMatchObject({
      workflow_status: 'Returned',
      workflow_activity_name: 'Initiator',
      tasks: 1,
    });
    const resubmitTask = await openTask(server, recordId);
    expect(resubmitTask).toMatchObject({ activity_id: 'fs-start', task_type: 'Resubmit' });

    // Submitting again without the task is refused (even to a builder); with it the workflow runs
    // from the start, and the task is all the permission its initiator needs.
    const twice = await submitRecord(people.admin, appId, { recordId, data: { title: 'Laptop' } });
    expect(twice.statusCode, twice.body).toBe(409);
    expect((await submitRecord(people.uma, appId, { recordId, data: { title: 'Laptop' } })).statusCode).toBe(
      403,
    );
    const resubmitted = await saved(
      submitRecord(people.uma, appId, {
        recordId,
        taskId: resubmitTask.id,
        data: { title: 'Cheaper laptop' },
      }),
    );
    expect(resubmitted.data.title).toBe('Cheaper laptop');
    expect(resubmitted.workflow_status).toBe('Running');
    expect(resubmitted.workflow_activity_name).toBe('Manager approval');

    task = await openTask(server, recordId);
    expect((await people.fred.post(A.approve, { task_id: task.id, accepted: true })).statusCode).toBe(200);
    task = await openTask(server, recordId);
    expect(task.activity_id).toBe('director');
    const last = await people.cora.post(A.approve, { task_id: task.id, accepted: true, description: 'OK' });
    expect(last.json().data.workflowStatus).toBe('Completed');

    columns = await recordColumns(server, recordId);
    expect(columns.tasks).toBe(0);
    expect(columns.workflow_completed_on).not.toBeNull();
    expect(deriveRecordStatus(columns)).toBe('Completed');

    const history = await historyOf(people.uma, appId, recordId);
    expect(steps(history)).toEqual([
      'Started start',
      'Assigned manager',
      'Reject manager',
      'Assigned fs-start',
      'Returned fs-start',
      'Resubmitted fs-start',
      'Assigned manager',
      'Approve manager',
      'Assigned director',
      'Approve director',
      'Finished end',
    ]);
    const reject = history[2]!;
    expect(reject.initiatedBy).toBe('fred Tester');
    expect(reject.Results).toEqual([{ author_name: 'fred Tester', message: 'Too expensive' }]);
    expect(history[1]!.Assignee).toBe('fred Tester');
    expect(history[7]!.ApprovalHistory.map((entry) => entry.outcome)).toEqual(['Reject', 'Approve']);
  });

  it('lets exactly one of 20 concurrent approvals of a task through; the rest get a conflict', async () => {
    const recordId = await submitted('Concurrent');
    const task = await openTask(server, recordId);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => people.fred.post(A.approve, { task_id: task.id, accepted: true })),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().message).toBe(
      WORKFLOW_MESSAGES.taskClosed,
    );
    const { rows } = await server.owner.query(
      `SELECT 1 FROM workflow_history WHERE record_id = $1 AND action_type = 'Approve'`,
      [recordId],
    );
    expect(rows).toHaveLength(1);
    expect((await tasksOf(server, recordId)).filter((t) => t.activity_id === 'director')).toHaveLength(1);
  });
});

describe('send back, withdraw, restart, reassign', () => {
  it('sends an entry back to an earlier step, and refuses a step it never passed', async () => {
    const recordId = await submitted('Send back');
    const first = await openTask(server, recordId);
    const early = await people.fred.post(A.goback, { taskId: first.id, goBackToActivityId: 'director' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(WORKFLOW_MESSAGES.notEarlierActivity);
    await people.fred.post(A.approve, { task_id: first.id, accepted: true });
    const second = await openTask(server, recordId);
    const back = await people.cora.post(A.goback, {
      taskId: second.id,
      goBackToActivityId: 'manager',
      message: 'Needs a second look',
    });
    expect(back.statusCode, back.body).toBe(200);
    const again = await openTask(server, recordId);
    expect(again.activity_id).toBe('manager');
    expect((await tasksOf(server, recordId)).find((t) => t.id === second.id)).toMatchObject({
      status: 'Completed',
      outcome: 'SendBack',
    });
    const history = await historyOf(people.cora, appId, recordId);
    expect(history.find((entry) => entry.ActionType === 'SendBack')?.Results[0]?.message).toBe(
      'Needs a second look',
    );
  });

  it('lets only the initiator withdraw; the entry becomes their draft and can be submitted anew', async () => {
    const recordId = await submitted('Withdraw');
    expect((await people.fred.post(A.withdraw, { recordId })).statusCode).toBe(403);
    const withdrawn = await people.uma.post(A.withdraw, { recordId });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await recordColumns(server, recordId)).toMatchObject({
      is_draft: true,
      workflow_status: null,
      tasks: 0,
    });
    expect((await tasksOf(server, recordId)).every((task) => task.status === 'Cancelled')).toBe(true);
    const again = await saved(submitRecord(people.uma, appId, { recordId, data: { title: 'Withdraw 2' } }));
    expect(again.workflow_status).toBe('Running');
    expect((await openTask(server, recordId)).activity_id).toBe('manager');
  });

  it('restarts a workflow (its open tasks cancelled) for the initiator and builders, not for others', async () => {
    const recordId = await submitted('Restart');
    const first = await openTask(server, recordId);
    await people.fred.post(A.approve, { task_id: first.id, accepted: true });
    const restarted = await people.admin.post(A.restart, { recordId, message: 'Start over' });
    expect(restarted.statusCode, restarted.body).toBe(200);
    const tasks = await tasksOf(server, recordId);
    expect(tasks.find((task) => task.activity_id === 'director')?.status).toBe('Cancelled');
    expect((await openTask(server, recordId)).activity_id).toBe('manager');
    expect((await people.globex.post(A.restart, { recordId })).statusCode).toBe(404);
  });

  it('reassigns a task to an active user, unless the app disables reassignment', async () => {
    const recordId = await submitted('Reassign');
    const task = await openTask(server, recordId);
    const bad = await people.fred.post(A.reassignment, { taskId: task.id, assignTo: 'nobody' });
    expect(bad.statusCode).toBe(400);
    const moved = await people.fred.post(A.reassignment, {
      taskId: task.id,
      assignTo: ada,
      message: 'Holiday',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // fred is no longer an assignee; ada is.
    expect((await people.fred.post(A.approve, { task_id: task.id, accepted: true })).statusCode).toBe(403);
    const { rows } = await server.owner.query('SELECT assigned_from_user FROM workflow_tasks WHERE id = $1', [
      task.id,
    ]);
    expect(rows[0].assigned_from_user).toBe(fred);

    await server.owner.query('UPDATE modules SET is_reassignment_disabled = true WHERE id = $1', [appId]);
    try {
      const refused = await people.admin.post(A.reassignmentByAdmin, { taskId: task.id, assignTo: fred });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(WORKFLOW_MESSAGES.reassignmentDisabled);
    } finally {
      await server.owner.query('UPDATE modules SET is_reassignment_disabled = false WHERE id = $1', [appId]);
    }
    // Settings roles only for the administrators' calls.
    expect((await people.uma.post(A.reassignTasks, { taskIds: [task.id], assignTo: fred })).statusCode).toBe(
      403,
    );
    const many = await people.admin.post(A.reassignTasks, { taskIds: [task.id], assignTo: fred });
    expect(many.json().data).toEqual({ reassigned: 1 });
    expect((await people.fred.post(A.approve, { task_id: task.id, accepted: true })).statusCode).toBe(200);
  });

  it('opens a record at its task: the task’s activity, editable by its assignee only while open', async () => {
    const recordId = await submitted('At a task');
    const task = await openTask(server, recordId);
    const detail = (taskId: string, client = people.fred) =>
      client.get(`${recordPath.detail(recordId)}?taskId=${encodeURIComponent(taskId)}`);
    const atTask = (await detail(task.id)).json().data;
    expect(atTask).toMatchObject({ activityId: 'manager', editable: true });
    // Without the task (or for someone else) the record is at its own activity.
    expect((await detail(task.id, people.cora)).json().data.activityId).toBe('fs-complete');
    expect((await detail('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // The assignee saves values at the task (the task's activity decides which).
    const changed = await saved(
      saveRecord(people.fred, appId, { recordId, taskId: task.id, data: { title: 'Changed at the task' } }),
    );
    expect(changed.data.title).toBe('Changed at the task');
    await people.fred.post(A.approve, { task_id: task.id, accepted: true });
    expect((await detail(task.id)).json().data.activityId).toBe('fs-complete');
  });

  it('hides other tenants’ tasks and records (404)', async () => {
    const recordId = await submitted('Foreign');
    const task = await openTask(server, recordId);
    expect((await people.globex.post(A.approve, { task_id: task.id, accepted: true })).statusCode).toBe(404);
    expect((await people.globex.post(A.withdraw, { recordId })).statusCode).toBe(404);
    expect(
      (await people.globex.get(`/api/EntryModule/${appId}/workflowhistory?recordId=${recordId}`)).statusCode,
    ).toBe(404);
  });
});

describe('versions, faults and publishing', () => {
  it('keeps a running entry on the version it started with when a new one is published', async () => {
    const app = await publishWorkflowApp(people.admin, 'Pinned', TWO_STEPS());
    const recordId = (await saved(submitRecord(people.admin, app, { data: { title: 'v1' } }))).id as string;
    // v2: one step only, with another name.
    await publishWorkflowApp(
      people.admin,
      'Pinned',
      approvalChain([approval('only', 'The only step', [user(fred)])]),
      app,
    );
    const first = await openTask(server, recordId);
    await people.fred.post(A.approve, { task_id: first.id, accepted: true });
    expect((await recordColumns(server, recordId)).workflow_activity_name).toBe('Director approval');
    const fresh = (await saved(submitRecord(people.admin, app, { data: { title: 'v2' } }))).id as string;
    expect((await recordColumns(server, fresh)).workflow_activity_name).toBe('The only step');
  });

  it('faults the instance when no approver is available any more, with the spec’s message', async () => {
    const gone = await server.createUser('acme', { username: 'gone', password: 'gone-pass', kind: 'USER' });
    const app = await publishWorkflowApp(
      people.admin,
      'Faulty',
      approvalChain([approval('step', 'Checker', [user(gone)])]),
    );
    await server.owner.query('UPDATE users SET is_active = false WHERE id = $1', [gone]);
    const record = await saved(submitRecord(people.admin, app, { data: { title: 'x' } }));
    expect(record.workflow_status).toBe('Faulted');
    expect(record.status).toBe('Faulted');
    const { rows } = await server.owner.query(
      'SELECT status, fault_message FROM workflow_instances WHERE record_id = $1',
      [record.id],
    );
    expect(rows[0]).toEqual({ status: 'Faulted', fault_message: MESSAGES.assigneeUnavailable('Checker') });
  });

  it('refuses to publish a workflow with problems, naming them', async () => {
    const app = await publishWorkflowApp(people.admin, 'Broken later', TWO_STEPS());
    const broken = approvalChain([approval('nobody', 'Nobody', [])]);
    // A draft may have problems; publishing it may not.
    expect((await saveForm(people.admin, app, FORM, { workflow: broken })).statusCode).toBe(200);
    const published = await people.admin.post(P.publish, { id: app });
    expect(published.statusCode).toBe(400);
    expect(published.json().message).toBe(WORKFLOW_MESSAGES.workflowInvalid);
    expect(published.json().data.errors).toContainEqual(
      expect.objectContaining({ field: 'nobody', key: 'workflowIssuesPlain.missing-assignees' }),
    );
  });

  it('completes an entry at once when the app has no workflow', async () => {
    const record = await saved(
      submitRecord(
        people.admin,
        await publishWorkflowApp(people.admin, 'Plain', { activities: [], connections: [] }),
        {
          data: { title: 'plain' },
        },
      ),
    );
    expect(record.status).toBe('Completed');
    expect(record.workflow_instance_id).toBeNull();
  });
});
