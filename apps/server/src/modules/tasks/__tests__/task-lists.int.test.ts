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
import { T, listOf, seedFlow, seedTask, seedTeam, signedInUser, workflowApp } from './task-fixtures.ts';

// The task lists (datatables tabs, dataTablesByUserId, dataTablesByTeamId, dynamicdatatables) and the
// badge total, over tasks seeded with SQL: columns, search, sort, paging, counts, app visibility,
// roles and tenants.

let server: TestServer;
let people: People;
let ursula: TestClient;
let pat: TestClient;
const id: Record<string, string> = {};
const task: Record<string, string> = {};
let purchase: string;
let leave: string;
let financeTeam: string;
let opsTeam: string;
let globexTeam: string;

const PERMISSION = [{ activityId: 'mgr', fields: [{ name: 'amount', control: 'hidden' }], fieldGroups: [] }];
const VALUES = { title: 'Laptop', amount: 1200, secret: 'hunter2', lines: [{ item: 'bag' }] };

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  for (const name of ['ada', 'fred', 'cora', 'uma', 'gus']) id[name] = await userId(server, name);
  ({ client: ursula, id: id.ursula } = await signedInUser(server, 'acme', 'ursula'));
  ({ client: pat, id: id.pat } = await signedInUser(server, 'acme', 'pat'));
  const acme = await tenantId(server, 'acme');
  const globex = await tenantId(server, 'globex');

  purchase = await workflowApp(people.fred, 'Purchase Orders', id.fred!, PERMISSION);
  leave = await workflowApp(people.fred, 'Leave Requests', id.fred!);
  const theirs = await workflowApp(people.globex, 'Globex Orders', id.gus!);
  for (const name of ['uma', 'ursula', 'pat']) await grantApps(server, 'acme', name, [{ appId: purchase }]);

  financeTeam = await seedTeam(server, acme, 'Finance', [id.uma!, id.ursula!]);
  opsTeam = await seedTeam(server, acme, 'Ops', [id.fred!]);
  globexTeam = await seedTeam(server, globex, 'Globex team', [id.gus!]);

  const byUrsula = await seedFlow(server, {
    tenantId: acme,
    moduleId: purchase,
    initiator: id.ursula!,
    data: VALUES,
  });
  const byAda = await seedFlow(server, {
    tenantId: acme,
    moduleId: purchase,
    initiator: id.ada!,
    data: VALUES,
  });
  const leaveFlow = await seedFlow(server, { tenantId: acme, moduleId: leave, initiator: id.ada! });
  const globexFlow = await seedFlow(server, { tenantId: globex, moduleId: theirs, initiator: id.gus! });

  const uma = [id.uma!];
  task.t1 = await seedTask(server, byUrsula, {
    activityId: 'mgr',
    title: 'Manager approval',
    assignees: uma,
    from: id.fred!,
    ageMinutes: 30,
  });
  task.t2 = await seedTask(server, byAda, {
    activityId: 'fin',
    title: 'Finance review',
    type: 'UserTask',
    actions: ['Done'],
    assignees: uma,
    ageMinutes: 20,
  });
  task.t3 = await seedTask(server, byUrsula, {
    activityId: 'dir',
    title: 'Director sign-off',
    assignees: [id.uma!, id.ursula!],
    ageMinutes: 10,
  });
  task.done = await seedTask(server, byAda, {
    activityId: 'mgr',
    title: 'Manager approval',
    status: 'Completed',
    assignees: uma,
    completedBy: id.uma!,
    outcome: 'Approve',
    ageMinutes: 90,
  });
  task.cancelled = await seedTask(server, byAda, {
    activityId: 'mgr',
    title: 'Manager approval',
    status: 'Cancelled',
    assignees: uma,
  });
  // Uma has no grant on Leave Requests, yet this task is hers: she sees it (assignee access).
  task.leaveOfUma = await seedTask(server, leaveFlow, {
    activityId: 'mgr',
    title: 'Leave approval',
    assignees: uma,
    ageMinutes: 5,
  });
  task.team = await seedTask(server, byAda, {
    activityId: 'fin',
    title: 'Finance review',
    assignees: [id.ursula!],
    teamId: financeTeam,
  });
  task.ops = await seedTask(server, leaveFlow, {
    activityId: 'fin',
    title: 'Finance review',
    assignees: [id.fred!],
    teamId: opsTeam,
  });
  // Another tenant's rows, even when they name an acme user, never show in acme.
  task.globex = await seedTask(server, globexFlow, {
    activityId: 'mgr',
    title: 'Manager approval',
    assignees: [id.gus!, id.uma!],
    teamId: globexTeam,
  });
  for (let i = 0; i < 12; i += 1) {
    await seedTask(server, byAda, {
      activityId: 'mgr',
      title: `Bulk ${String(i).padStart(2, '0')}`,
      assignees: [id.pat!],
      ageMinutes: i,
    });
  }
});
afterAll(() => server?.close());

const ids = (table: { data: Array<Record<string, any>> }) => table.data.map((row) => row.id);

describe('POST /api/Task/datatables', () => {
  it('lists the caller’s open tasks (of apps without a grant too), newest first, with the spec’s columns', async () => {
    const table = await listOf(people.uma, T.datatables, {});
    expect(ids(table)).toEqual([task.leaveOfUma, task.t3, task.t2, task.t1]);
    expect(table.recordsTotal).toBe(4);
    expect(table.recordsFiltered).toBe(4);
    const t1 = table.data[3]!;
    expect(t1).toMatchObject({
      id: task.t1,
      display_name: 'Purchase Orders',
      activity_title: 'Manager approval',
      task_type: 'Approval',
      assigned_from_user: 'fred Tester',
      record_started_by: 'ursula Tester',
      module_id: purchase,
      activity_id: 'mgr',
      status: 'Open',
      completed_on: null,
      outcome: null,
    });
    expect(new Date(t1.started_on).toISOString()).toBe(t1.started_on);
    expect(t1).not.toHaveProperty('data');
    expect(table.data[2]).toMatchObject({ task_type: 'UserTask', assigned_from_user: null });
    expect(table.data[2]!.record_started_by).toBe('ada Tester');
    expect(table.data[0]).toMatchObject({ display_name: 'Leave Requests', module_id: leave });
  });

  it('shows builders the tasks of every app', async () => {
    expect(ids(await listOf(people.fred, T.datatables, {}))).toEqual([task.ops]);
  });

  it('lists the tasks the caller completed in tab completed', async () => {
    const table = await listOf(people.uma, T.datatables, { tab: 'completed' });
    expect(ids(table)).toEqual([task.done]);
    expect(table.data[0]).toMatchObject({ status: 'Completed', outcome: 'Approve' });
    expect(table.data[0]!.completed_on).not.toBeNull();
  });

  it('searches the app name and the activity title, ignoring case, with wildcards taken literally', async () => {
    const finance = await listOf(people.uma, T.datatables, { search: 'FINANCE' });
    expect(ids(finance)).toEqual([task.t2]);
    expect(finance).toMatchObject({ recordsTotal: 4, recordsFiltered: 1 });
    expect(ids(await listOf(people.uma, T.datatables, { search: 'purchase' }))).toHaveLength(3);
    const wildcard = await listOf(people.uma, T.datatables, { search: '%' });
    expect(wildcard).toMatchObject({ data: [], recordsTotal: 4, recordsFiltered: 0 });
  });

  it('filters by app, a malformed id matching nothing', async () => {
    expect(ids(await listOf(people.uma, T.datatables, { moduleId: purchase }))).toHaveLength(3);
    const leaves = await listOf(people.uma, T.datatables, { moduleId: leave });
    expect(ids(leaves)).toEqual([task.leaveOfUma]);
    expect(leaves).toMatchObject({ recordsTotal: 4, recordsFiltered: 1 });
    const table = await listOf(people.uma, T.datatables, { moduleId: 'not-an-id' });
    expect(table).toMatchObject({ data: [], recordsTotal: 4, recordsFiltered: 0 });
  });

  it('sorts on the task columns', async () => {
    const byTitle = await listOf(people.uma, T.datatables, {
      orders: [{ column: 'activity_title', dir: 'asc' }],
    });
    expect(ids(byTitle)).toEqual([task.t3, task.t2, task.leaveOfUma, task.t1]);
    const byInitiator = await listOf(people.uma, T.datatables, {
      orders: [
        { column: 'record_started_by', dir: 'asc' },
        { column: 'started_on', dir: 'asc' },
      ],
    });
    expect(ids(byInitiator)).toEqual([task.t2, task.leaveOfUma, task.t1, task.t3]);
    const oldest = await listOf(people.uma, T.datatables, { orders: [{ column: 'started_on', dir: 'asc' }] });
    expect(ids(oldest)).toEqual([task.t1, task.t2, task.t3, task.leaveOfUma]);
  });

  it('pages without overlap and counts exactly', async () => {
    const first = await listOf(pat, T.datatables, { page: 1, length: 10 });
    const second = await listOf(pat, T.datatables, { page: 2, length: 10 });
    expect(first.data).toHaveLength(10);
    expect(second.data).toHaveLength(2);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(12);
    expect(first).toMatchObject({ recordsTotal: 12, recordsFiltered: 12 });
    expect(first.data[0]!.activity_title).toBe('Bulk 00');
    expect(second.data[1]!.activity_title).toBe('Bulk 11');
  });

  it('refuses bad input with 400', async () => {
    for (const body of [{ length: 7 }, { orders: [{ column: 'secret', dir: 'asc' }] }, { tab: 'team' }]) {
      const res = await people.uma.post(T.datatables, body);
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await people.uma.post(T.datatables, { length: 7 })).json().message).toContain(
      'Page size must be 10, 20, 50 or 100.',
    );
  });

  it('keeps other tenants’ tasks apart', async () => {
    expect(ids(await listOf(people.globex, T.datatables, {}))).toEqual([task.globex]);
    expect(ids(await listOf(people.uma, T.datatables, {}))).not.toContain(task.globex);
  });
});

describe('GET /api/Task/total', () => {
  it('counts the caller’s open tasks as the tasks tab lists them', async () => {
    const total = async (client: TestClient) => {
      const res = await client.get(T.total);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    expect(await total(people.uma)).toBe(4);
    expect(await total(ursula)).toBe(2);
    expect(await total(pat)).toBe(12);
    expect(await total(people.globex)).toBe(1);
    expect(await total(people.cora)).toBe(0);
  });
});

describe('POST /api/Task/dataTablesByUserId', () => {
  it('lists the caller’s own open tasks', async () => {
    expect(ids(await listOf(people.uma, T.byUser, { userId: id.uma }))).toEqual([
      task.leaveOfUma,
      task.t3,
      task.t2,
      task.t1,
    ]);
  });

  it('lists anyone’s for settings roles (in the apps they may see)', async () => {
    for (const client of [people.admin, people.cora]) {
      const table = await listOf(client, T.byUser, { userId: id.uma });
      expect(ids(table).sort()).toEqual([task.t1, task.t2, task.t3, task.leaveOfUma].sort());
    }
  });

  it('refuses another user’s tasks without a settings role (403)', async () => {
    expect((await people.uma.post(T.byUser, { userId: id.ursula })).statusCode).toBe(403);
    expect((await people.fred.post(T.byUser, { userId: id.uma })).statusCode).toBe(403);
    expect((await people.uma.post(T.byUser, { userId: MISSING_ID })).statusCode).toBe(403);
  });

  it('answers 404 for unknown, malformed and other tenants’ users', async () => {
    for (const userId of [MISSING_ID, 'nobody', id.gus]) {
      const res = await people.admin.post(T.byUser, { userId });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('This user does not exist.');
    }
  });
});

describe('POST /api/Task/dataTablesByTeamId', () => {
  it('lists the open tasks of the caller’s teams without teamId', async () => {
    expect(ids(await listOf(people.uma, T.byTeam, {}))).toEqual([task.team]);
    expect(ids(await listOf(people.fred, T.byTeam, {}))).toEqual([task.ops]);
    expect(ids(await listOf(pat, T.byTeam, {}))).toEqual([]);
  });

  it('lists one team for its members and settings roles, else 403', async () => {
    expect(ids(await listOf(ursula, T.byTeam, { teamId: financeTeam }))).toEqual([task.team]);
    expect(ids(await listOf(people.admin, T.byTeam, { teamId: opsTeam }))).toEqual([task.ops]);
    expect((await people.uma.post(T.byTeam, { teamId: opsTeam })).statusCode).toBe(403);
    expect((await people.fred.post(T.byTeam, { teamId: financeTeam })).statusCode).toBe(403);
  });

  it('answers 404 for unknown, malformed and other tenants’ teams', async () => {
    for (const teamId of [MISSING_ID, 'x', globexTeam]) {
      const res = await people.admin.post(T.byTeam, { teamId });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('This team does not exist.');
    }
  });
});

describe('POST /api/Task/dynamicdatatables', () => {
  it('adds the record’s values without what is hidden at the task’s activity or passwords', async () => {
    const table = await listOf(people.uma, T.dynamicDatatables, { moduleId: purchase });
    expect(ids(table)).toEqual([task.t3, task.t2, task.t1]);
    expect(table).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    const byId = new Map(table.data.map((row) => [row.id, row]));
    expect(byId.get(task.t1)!.data).toEqual({ title: 'Laptop', lines: [{ item: 'bag' }] });
    expect(byId.get(task.t2)!.data).toEqual({ title: 'Laptop', amount: 1200, lines: [{ item: 'bag' }] });
    expect(byId.get(task.t1)!.display_name).toBe('Purchase Orders');
  });

  it('keeps only the requested columns and refuses names the form lacks', async () => {
    const table = await listOf(people.uma, T.dynamicDatatables, {
      moduleId: purchase,
      columns: ['title', 'amount'],
      search: 'manager',
    });
    expect(table.data).toHaveLength(1);
    expect(table.data[0]!.data).toEqual({ title: 'Laptop' });
    expect(table).toMatchObject({ recordsTotal: 3, recordsFiltered: 1 });
    const bad = await people.uma.post(T.dynamicDatatables, {
      moduleId: purchase,
      columns: ['title', 'nope'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toMatchObject([
      { field: 'columns.1', message: 'This app has no field or column with this name.' },
    ]);
  });

  it('answers 404 for apps the caller may not see (nor holds an open task in), unknown and other tenants’ apps', async () => {
    // Uma has no grant on Leave Requests but an open task there: hers are listed.
    expect(ids(await listOf(people.uma, T.dynamicDatatables, { moduleId: leave }))).toEqual([
      task.leaveOfUma,
    ]);
    expect((await pat.post(T.dynamicDatatables, { moduleId: leave })).statusCode).toBe(404);
    for (const moduleId of [MISSING_ID, 'bad']) {
      expect((await people.uma.post(T.dynamicDatatables, { moduleId })).statusCode).toBe(404);
    }
    expect((await people.globex.post(T.dynamicDatatables, { moduleId: purchase })).statusCode).toBe(404);
    expect((await people.uma.post(T.dynamicDatatables, {})).statusCode).toBe(400);
  });
});
