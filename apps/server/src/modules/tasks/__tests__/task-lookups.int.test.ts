import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_DATA_PATHS, WORKFLOW_LOOKUP_PATHS, WORKFLOW_PATHS } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  MISSING_ID,
  arrangePeople,
  createApp,
  grantApps,
  tenantId,
  userId,
  type People,
} from '../../apps/__tests__/app-fixtures.ts';
import { publish, seedFlow, seedTask, seedTeam, signedInUser, workflowApp } from './task-fixtures.ts';

// The workflow lookups: LookupAssignee (search, ids, limits, roles), LookupAssigneeByRecord,
// permissible-fields, share, and the permissible list served by the reference-data module.

let server: TestServer;
let people: People;
let victor: TestClient;
const id: Record<string, string> = {};
let acme: string;
let globex: string;
let app: string;
let plainApp: string;
let draftApp: string;
let record: string;
let zedTeam: string;
let zedRole: string;

const PERMISSION = [
  {
    activityId: 'mgr',
    fields: [{ name: 'amount', control: 'hidden' }],
    fieldGroups: [{ name: 'lines', control: 'readonly' }],
  },
  { activityId: 'fs-start', fields: [{ name: 'title', control: 'editable' }], fieldGroups: [] },
];

const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

async function dataOf(client: TestClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  for (const name of ['ada', 'fred', 'cora', 'uma', 'gus']) id[name] = await userId(server, name);
  ({ client: victor, id: id.victor } = await signedInUser(server, 'acme', 'victor'));
  acme = await tenantId(server, 'acme');
  globex = await tenantId(server, 'globex');
  id.zedOne = await server.createUser('acme', { username: 'zed-one', password: 'zed-one-pass' });
  id.zedGone = await server.createUser('acme', { username: 'zed-gone', password: 'x-pass', isActive: false });
  id.olga = await server.createUser('acme', {
    username: 'olga',
    password: 'olga-pass',
    kind: 'FULL_USER',
    isActive: false,
  });
  // An inactive member would not get a task: members counts the active ones only.
  zedTeam = await seedTeam(server, acme, 'Zed team', [id.zedOne!, id.zedGone!]);
  zedRole = (
    await server.owner.query<{ id: string }>(
      `INSERT INTO roles (tenant_id, role_name) VALUES ($1, 'Zed role') RETURNING id`,
      [acme],
    )
  ).rows[0]!.id;
  for (let i = 1; i <= 55; i += 1) {
    await server.owner.query('INSERT INTO teams (tenant_id, team_name) VALUES ($1, $2)', [
      acme,
      `Bulk ${String(i).padStart(2, '0')}`,
    ]);
  }
  await seedTeam(server, globex, 'Zed globex', []);

  app = await workflowApp(people.fred, 'Purchase Orders', id.fred!, PERMISSION);
  plainApp = await createApp(people.fred, 'No Workflow');
  await publish(people.fred, plainApp);
  draftApp = await createApp(people.fred, 'Never Published');
  await grantApps(server, 'acme', 'uma', [{ appId: app }, { appId: plainApp }]);
  ({ recordId: record } = await seedFlow(server, { tenantId: acme, moduleId: app, initiator: id.ada! }));
});
afterAll(() => server?.close());

describe('GET /api/form/Editor/LookupAssignee', () => {
  it('finds active users (with e-mail), teams and roles (with active members) by name, users first', async () => {
    const found = await dataOf(people.fred, query(WORKFLOW_PATHS.lookupAssignee, { search: 'ZED' }));
    expect(found).toEqual([
      { approver_id: id.zedOne, type: 'user', name: 'zed-one Tester', email: 'zed-one@acme.example' },
      { approver_id: zedTeam, type: 'team', name: 'Zed team', members: 1 },
      { approver_id: zedRole, type: 'role', name: 'Zed role', members: 0 },
    ]);
  });

  it('answers at most 50 of each kind and takes wildcards literally', async () => {
    const bulk = await dataOf(people.admin, query(WORKFLOW_PATHS.lookupAssignee, { search: 'bulk' }));
    expect(bulk).toHaveLength(50);
    expect(bulk[0]).toMatchObject({ type: 'team', name: 'Bulk 01' });
    expect(await dataOf(people.admin, query(WORKFLOW_PATHS.lookupAssignee, { search: '%' }))).toEqual([]);
    const everyone = await dataOf(people.cora, WORKFLOW_PATHS.lookupAssignee);
    expect(everyone.filter((item: { type: string }) => item.type === 'team')).toHaveLength(50);
  });

  it('answers which ids still exist and are active', async () => {
    const ids = [id.zedOne, id.zedGone, zedTeam, zedRole, MISSING_ID, 'garbage', id.gus].join(',');
    const found = await dataOf(people.fred, query(WORKFLOW_PATHS.lookupAssignee, { ids }));
    expect(found.map((item: { approver_id: string }) => item.approver_id)).toEqual([
      id.zedOne,
      zedTeam,
      zedRole,
    ]);
    expect(await dataOf(people.fred, query(WORKFLOW_PATHS.lookupAssignee, { ids: 'garbage' }))).toEqual([]);
  });

  it('is for builders and settings roles only, and for one tenant', async () => {
    expect((await people.uma.get(query(WORKFLOW_PATHS.lookupAssignee, { search: 'zed' }))).statusCode).toBe(
      403,
    );
    const theirs = await dataOf(people.globex, query(WORKFLOW_PATHS.lookupAssignee, { search: 'zed' }));
    expect(theirs).toEqual([
      { approver_id: expect.any(String), type: 'team', name: 'Zed globex', members: 0 },
    ]);
  });
});

describe('GET /api/form/Editor/LookupAssigneeByRecord', () => {
  const path = (params: Record<string, string>) => query(WORKFLOW_PATHS.lookupAssigneeByRecord, params);

  it('lists the active users (a grant on the app or not: assignees reach their task), by name', async () => {
    const found = await dataOf(people.uma, path({ recordId: record }));
    expect(found.map((item: { name: string }) => item.name)).toEqual([
      'ada Tester',
      'cora Tester',
      'fred Tester',
      'uma Tester',
      'victor Tester',
      'zed-one Tester',
    ]);
    expect(found[3]).toEqual({
      approver_id: id.uma,
      type: 'user',
      name: 'uma Tester',
      email: 'uma@acme.example',
    });
    expect(await dataOf(people.admin, path({ recordId: record, search: 'FRED' }))).toHaveLength(1);
    expect(await dataOf(people.admin, path({ recordId: record, search: '_' }))).toEqual([]);
  });

  it('answers 404 for records the caller may not see, other tenants’ and malformed ids', async () => {
    for (const [client, recordId] of [
      [victor, record],
      [people.globex, record],
      [people.admin, MISSING_ID],
      [people.admin, 'nope'],
    ] as const) {
      const res = await client.get(path({ recordId }));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('This entry does not exist.');
    }
  });

  it('lets an assignee of the record’s task use it without the app’s view grant', async () => {
    const flow = await seedFlow(server, { tenantId: acme, moduleId: app, initiator: id.ada! });
    await seedTask(server, flow, { activityId: 'mgr', title: 'Manager approval', assignees: [id.victor!] });
    expect(await dataOf(victor, path({ recordId: flow.recordId }))).toHaveLength(6);
  });
});

describe('GET /api/workflow/permissible-fields', () => {
  const path = (moduleId: string, activityId: string) =>
    query(WORKFLOW_LOOKUP_PATHS.permissibleFields, { moduleId, activityId });

  it('gives each field its control at the activity', async () => {
    expect(await dataOf(people.uma, path(app, 'mgr'))).toEqual([
      { name: 'title', label: 'TITLE', groupName: 'main', control: 'visible' },
      { name: 'amount', label: 'AMOUNT', groupName: 'main', control: 'hidden' },
      { name: 'secret', label: 'SECRET', groupName: 'main', control: 'visible' },
      { name: 'item', label: 'ITEM', groupName: 'lines', control: 'readonly' },
    ]);
    const start = await dataOf(people.fred, path(app, 'fs-start'));
    expect(start.map((field: { control: string }) => field.control)).toEqual([
      'editable',
      'visible',
      'visible',
      'visible',
    ]);
    const complete = await dataOf(people.fred, path(plainApp, 'fs-complete'));
    expect(new Set(complete.map((field: { control: string }) => field.control))).toEqual(
      new Set(['readonly']),
    );
  });

  it('refuses activities the workflow does not have (400)', async () => {
    for (const [moduleId, activityId] of [
      [app, 'end'],
      [app, 'nope'],
      [plainApp, 'mgr'],
    ] as const) {
      const res = await people.fred.get(path(moduleId, activityId));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe('This workflow has no such activity.');
    }
    expect(
      (await people.fred.get(query(WORKFLOW_LOOKUP_PATHS.permissibleFields, { moduleId: app }))).statusCode,
    ).toBe(400);
  });

  it('answers 404 for apps the caller may not see, unpublished and other tenants’ apps', async () => {
    expect((await victor.get(path(app, 'mgr'))).statusCode).toBe(404);
    expect((await people.fred.get(path(draftApp, 'fs-start'))).statusCode).toBe(404);
    expect((await people.globex.get(path(app, 'mgr'))).statusCode).toBe(404);
    expect((await people.fred.get(path(MISSING_ID, 'mgr'))).statusCode).toBe(404);
  });
});

describe('GET /api/workflow/share', () => {
  const path = (moduleId: string) => query(WORKFLOW_LOOKUP_PATHS.share, { moduleId });

  it('exports the published workflow in the Elsa 2 shape', async () => {
    const shared = await dataOf(people.fred, path(app));
    expect(shared).toMatchObject({ moduleId: app, displayName: 'Purchase Orders', moduleVersion: 1 });
    const activities = shared.workflow.activities as Array<Record<string, any>>;
    expect(activities.map((activity) => activity.activityId)).toEqual(['start', 'mgr', 'fin', 'dir', 'end']);
    const mgr = activities[1]!;
    expect(mgr).toMatchObject({ type: 'Approval', displayName: 'Manager approval' });
    // Elsa keeps non-text properties as JSON text.
    const assignment = (mgr.properties as Array<Record<string, any>>).find((p) => p.name === 'assignment')!;
    expect(assignment.syntax).toBe('Json');
    expect(JSON.parse(assignment.expressions.Json)).toEqual([{ approver_id: id.fred, type: 'user' }]);
    expect(shared.workflow.connections).toContainEqual({
      sourceActivityId: 'mgr',
      targetActivityId: 'fin',
      outcome: 'Approve',
    });
  });

  it('answers a null workflow when none is published', async () => {
    expect(await dataOf(people.cora, path(plainApp))).toMatchObject({ moduleVersion: 1, workflow: null });
    expect(await dataOf(people.fred, path(draftApp))).toMatchObject({ moduleVersion: 0, workflow: null });
  });

  it('is for builders only (403) and one tenant (404)', async () => {
    expect((await people.uma.get(path(app))).statusCode).toBe(403);
    expect((await people.globex.get(path(app))).statusCode).toBe(404);
    expect((await people.fred.get(path('nope'))).statusCode).toBe(404);
  });
});

describe('GET /api/permissible-list/dataset', () => {
  it('lists the tenant’s reference-data lists (id, key_name) for every signed-in user', async () => {
    const mine = await server.owner.query<{ id: string }>(
      `INSERT INTO reference_lists (tenant_id, key_name) VALUES ($1, 'Countries') RETURNING id`,
      [acme],
    );
    await server.owner.query(`INSERT INTO reference_lists (tenant_id, key_name) VALUES ($1, 'Theirs')`, [
      globex,
    ]);
    expect(await dataOf(people.uma, REFERENCE_DATA_PATHS.permissibleList)).toEqual([
      { id: mine.rows[0]!.id, key_name: 'Countries' },
    ]);
  });
});
