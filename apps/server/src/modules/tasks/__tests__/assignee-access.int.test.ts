import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_PATHS, recordPath, taskDetailPath, workflowHistoryPath } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  P,
  arrangePeople,
  createApp,
  field,
  grantApps,
  saveForm,
  section,
  tenantId,
  userId,
  type People,
} from '../../apps/__tests__/app-fixtures.ts';
import { PDF, getFile, uploadOne } from '../../files/__tests__/file-fixtures.ts';
import { saveRecord, saved, submitRecord } from '../../records/__tests__/record-fixtures.ts';
import {
  A,
  approval,
  approvalChain,
  openTask,
  recordColumns,
  user,
} from '../../workflow/__tests__/workflow-fixtures.ts';
import { T, listOf, seedTeam, signedInUser } from './task-fixtures.ts';

// Issue 22 item 1 (ADR 0003 "Assignee access"): a task's assignee — named directly, through a team
// or through a role — sees and acts on that task and its entry without any grant on the app, at the
// task's activity, and reaches nothing else of the app.

let server: TestServer;
let filesDir: string;
let people: People;
let olga: TestClient; // USER without any role: the first step's approver
let tess: TestClient; // USER without any grant, member of the team of the second step
let rita: TestClient; // USER holding the third step's role, which grants nothing on the app
let pete: TestClient; // USER with view + create: submits the entries
let appId: string;
const id: Record<string, string> = {};
const entry: Record<string, { recordId: string; taskId: string; fileKey: string }> = {};

const FORM = [
  section('main', [
    [field('text', 'title'), field('text', 'notes'), field('text', 'secret')],
    [field('file', 'receipt')],
  ]),
];
/** At Olga's step: the secret is hidden, the title read-only, the notes editable. */
const PERMISSION = [
  {
    activityId: 'olga',
    fields: [
      { name: 'secret', control: 'hidden' },
      { name: 'title', control: 'readonly' },
      { name: 'notes', control: 'editable' },
    ],
    fieldGroups: [],
  },
];

const stored = (file: { uid: string; url: string; name: string; fileKey: string }) => ({
  uid: file.uid,
  url: file.url,
  name: file.name,
  status: 'done',
  fileKey: file.fileKey,
});

/** Pete submits an entry with a file; answers it with its open task. */
async function submitEntry(title: string) {
  const file = await uploadOne(server, pete, `${title}.pdf`, PDF, `?moduleId=${appId}&fieldName=receipt`);
  const data = { title, notes: '', secret: `${title} secret`, receipt: stored(file) };
  const record = await saved(submitRecord(pete, appId, { data }));
  const task = await openTask(server, record.id);
  return { recordId: record.id as string, taskId: task.id, fileKey: file.fileKey };
}

const totalOf = async (client: TestClient) => {
  const res = await client.get(T.total);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as number;
};

const statusOf = async (request: Promise<{ statusCode: number }>) => (await request).statusCode;

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'formloop-assignee-'));
  server = await createTestServer({ FILES_DIR: filesDir });
  people = await arrangePeople(server);
  ({ client: olga, id: id.olga } = await signedInUser(server, 'acme', 'olga'));
  ({ client: tess, id: id.tess } = await signedInUser(server, 'acme', 'tess'));
  ({ client: rita, id: id.rita } = await signedInUser(server, 'acme', 'rita'));
  ({ client: pete } = await signedInUser(server, 'acme', 'pete'));
  id.fred = await userId(server, 'fred');
  const acme = await tenantId(server, 'acme');
  const team = await seedTeam(server, acme, 'Reviewers', [id.tess!]);
  const role = (
    await server.owner.query<{ id: string }>(
      `INSERT INTO roles (tenant_id, role_name) VALUES ($1, 'Auditors') RETURNING id`,
      [acme],
    )
  ).rows[0]!.id;
  await server.owner.query('INSERT INTO user_roles (tenant_id, user_id, role_id) VALUES ($1, $2, $3)', [
    acme,
    id.rita,
    role,
  ]);

  appId = await createApp(people.fred, 'Expense Claims');
  const workflow = approvalChain([
    approval('olga', 'Olga review', [user(id.olga!)]),
    approval('team', 'Team review', [{ approver_id: team, type: 'team' }], 300),
    approval('role', 'Role review', [{ approver_id: role, type: 'role' }], 600),
  ]);
  const savedForm = await saveForm(people.fred, appId, FORM, { workflow, permission: PERMISSION });
  expect(savedForm.statusCode, savedForm.body).toBe(200);
  expect((await people.fred.post(P.publish, { id: appId })).statusCode).toBe(200);
  await grantApps(server, 'acme', 'pete', [{ appId }, { appId, action: 'create' }]);

  expect(await totalOf(olga)).toBe(0);
  entry.mine = await submitEntry('Train');
  // The other entry's task goes to Fred instead: Olga is no longer its assignee.
  entry.other = await submitEntry('Hotel');
  const moved = await people.admin.post(A.reassignmentByAdmin, {
    taskId: entry.other.taskId,
    assignTo: id.fred,
  });
  expect(moved.statusCode, moved.body).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await rm(filesDir, { recursive: true, force: true });
});

describe('an assignee without any grant on the app', () => {
  it('sees the task: the badge, the lists and the task', async () => {
    const { recordId, taskId } = entry.mine!;
    expect(await totalOf(olga)).toBe(1);
    const list = await listOf(olga, T.datatables, { tab: 'tasks' });
    expect(list.recordsTotal).toBe(1);
    expect(list.data[0]).toMatchObject({ id: taskId, record_id: recordId, display_name: 'Expense Claims' });
    const dynamic = await listOf(olga, T.dynamicDatatables, { moduleId: appId });
    expect(dynamic.data).toHaveLength(1);
    expect(dynamic.data[0]!.data).toMatchObject({ title: 'Train' });
    expect(dynamic.data[0]!.data).not.toHaveProperty('secret');

    const detail = await olga.get(taskDetailPath(taskId));
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({ id: taskId, canAct: true });
  });

  it('opens the entry at the task with that activity’s field permissions, and its comments, history and files', async () => {
    const { recordId, taskId, fileKey } = entry.mine!;
    const res = await olga.get(`${recordPath.detail(recordId)}?taskId=${taskId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail.activityId).toBe('olga');
    expect(detail.editable).toBe(true);
    expect(detail.record.data).toMatchObject({ title: 'Train' });
    expect(detail.record.data).not.toHaveProperty('secret');
    expect(detail.form.can).toEqual({ create: false, edit: false, delete: false, configureForAll: false });

    // Changes at the task: what is editable there changes, the rest keeps its stored value.
    const changed = await saved(
      saveRecord(olga, appId, { recordId, taskId, data: { notes: 'Receipt checked', title: 'Plane' } }),
    );
    expect(changed.data).toMatchObject({ title: 'Train', notes: 'Receipt checked' });

    const comment = await olga.post(RECORDS_PATHS.sendComment, { recordId, message: 'Looks fine' });
    expect(comment.statusCode, comment.body).toBe(200);
    const comments = await olga.get(`${RECORDS_PATHS.loadComment}?recordId=${recordId}&page=1`);
    expect(comments.statusCode, comments.body).toBe(200);
    expect(comments.json().data.comments[0]).toMatchObject({ message: 'Looks fine' });
    expect(await statusOf(olga.get(workflowHistoryPath(appId, recordId)))).toBe(200);
    expect((await getFile(server, olga, fileKey)).statusCode).toBe(200);
  });

  it('still cannot list or open the app’s other entries, nor its own entry without the task', async () => {
    const mine = entry.mine!;
    const other = entry.other!;
    const lists = [
      olga.post(RECORDS_PATHS.datatables, { moduleId: appId }),
      olga.post(RECORDS_PATHS.draftDatatables, { moduleId: appId }),
      olga.get(recordPath.form(appId)),
      olga.get(recordPath.summary(appId)),
    ];
    for (const request of lists) expect(await statusOf(request)).toBe(404);

    // The entry itself only at the task: without it, or at another entry's task, it is not there.
    expect(await statusOf(olga.get(recordPath.detail(mine.recordId)))).toBe(404);
    expect(await statusOf(olga.get(`${recordPath.detail(other.recordId)}?taskId=${other.taskId}`))).toBe(404);
    expect(await statusOf(olga.get(`${recordPath.detail(other.recordId)}?taskId=${mine.taskId}`))).toBe(404);
    expect(await statusOf(olga.get(recordPath.detail(other.recordId)))).toBe(404);
    expect(await statusOf(olga.get(taskDetailPath(other.taskId)))).toBe(404);

    expect(await statusOf(olga.get(recordPath.comments(other.recordId)))).toBe(404);
    expect(
      await statusOf(olga.post(RECORDS_PATHS.sendComment, { recordId: other.recordId, message: 'x' })),
    ).toBe(404);
    expect(await statusOf(olga.get(workflowHistoryPath(appId, other.recordId)))).toBe(404);
    expect((await getFile(server, olga, other.fileKey)).statusCode).toBe(404);

    // No grant to change, create or delete anything.
    const data = { notes: 'x' };
    expect(await statusOf(saveRecord(olga, appId, { recordId: mine.recordId, data }))).toBe(404);
    const atMyTask = { recordId: other.recordId, taskId: mine.taskId, data };
    expect(await statusOf(saveRecord(olga, appId, atMyTask))).toBe(404);
    expect(await statusOf(submitRecord(olga, appId, { data: { title: 'Mine' } }))).toBe(404);
    expect(await statusOf(olga.post(RECORDS_PATHS.deleteById, { id: mine.recordId }))).toBe(404);
    expect(await statusOf(olga.post(A.approve, { task_id: other.taskId, accepted: true }))).toBe(403);
  });

  it('approves, then still reads what they approved (read-only), and can act no more', async () => {
    const { recordId, taskId } = entry.mine!;
    const approved = await olga.post(A.approve, { task_id: taskId, accepted: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await totalOf(olga)).toBe(0);
    const completed = await listOf(olga, T.datatables, { tab: 'completed' });
    expect(completed.data.map((row) => row.id)).toEqual([taskId]);

    const res = await olga.get(`${recordPath.detail(recordId)}?taskId=${taskId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ activityId: 'olga', editable: false });
    expect(res.json().data.record.data).not.toHaveProperty('secret');
    expect((await olga.get(taskDetailPath(taskId))).json().data.canAct).toBe(false);
    expect(await statusOf(olga.post(A.approve, { task_id: taskId, accepted: true }))).toBe(409);
    expect(await statusOf(saveRecord(olga, appId, { recordId, taskId, data: { notes: 'late' } }))).toBe(409);
  });

  it('works the same through a team and through a role, to the end of the workflow', async () => {
    const { recordId } = entry.mine!;
    for (const [client, step] of [
      [tess, 'team'],
      [rita, 'role'],
    ] as const) {
      expect(await totalOf(client)).toBe(1);
      const [row] = (await listOf(client, T.datatables, { tab: 'tasks' })).data;
      expect(row).toMatchObject({ record_id: recordId, activity_id: step });
      const detail = await client.get(`${recordPath.detail(recordId)}?taskId=${row!.id}`);
      expect(detail.statusCode, detail.body).toBe(200);
      expect(detail.json().data.activityId).toBe(step);
      expect(await statusOf(client.post(RECORDS_PATHS.datatables, { moduleId: appId }))).toBe(404);
      const approved = await client.post(A.approve, { task_id: row!.id, accepted: true });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(await totalOf(client)).toBe(0);
    }
    expect((await recordColumns(server, recordId)).workflow_completed_on).not.toBeNull();
  });
});
