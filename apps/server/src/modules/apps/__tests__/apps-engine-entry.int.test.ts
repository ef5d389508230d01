import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, WORKFLOW_ENGINE_MESSAGES } from '@formloop/contracts';
import { createActivity } from '@formloop/workflow';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { approval, approvalChain, link, user } from '../../workflow/__tests__/workflow-fixtures.ts';
import {
  MISSING_ID,
  P,
  arrangePeople,
  createApp,
  field,
  grantApps,
  saveForm,
  section,
  userId,
  type People,
} from './app-fixtures.ts';

// Issue 22 item 10: the spec §7 calls {workflow-engine}/workflow-definition/create and the Editor
// API's dataentrylookup.

const CREATE = API_PATHS.workflowDefinitionCreate;

let server: TestServer;
let people: People;
const app: Record<string, string> = {};

const names = (rows: Array<{ display_name: string }>) => rows.map((row) => row.display_name);

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  for (const name of ['Timesheets', 'Budget', 'Expenses']) {
    app[name] = await createApp(people.fred, name, { description: `${name} of the team` });
    expect(
      (await saveForm(people.fred, app[name]!, [section('main', [[field('text', 'title')]])])).statusCode,
    ).toBe(200);
    expect((await people.fred.post(P.publish, { id: app[name] })).statusCode).toBe(200);
  }
  app.Draft = await createApp(people.fred, 'Draft only');
  app.Theirs = await createApp(people.globex, 'Globex budget');
  await saveForm(people.globex, app.Theirs, [section('main', [[field('text', 'title')]])]);
  await people.globex.post(P.publish, { id: app.Theirs });
  // uma (a plain user) may enter data into Budget only; she may merely view Timesheets.
  await grantApps(server, 'acme', 'uma', [
    { appId: app.Budget!, action: 'create' },
    { appId: app.Timesheets!, action: 'view' },
  ]);
});
afterAll(() => server?.close());

describe('dataentrylookup', () => {
  it('lists every published app for builders, by name, drafts and other tenants left out', async () => {
    const res = await people.cora.get(P.dataEntryLookup);
    expect(res.statusCode, res.body).toBe(200);
    expect(names(res.json().data)).toEqual(['Budget', 'Expenses', 'Timesheets']);
    expect(res.json().data[0]).toEqual({
      module_id: app.Budget,
      display_name: 'Budget',
      app_icon: null,
      category_name: null,
    });
    expect(names((await people.globex.get(P.dataEntryLookup)).json().data)).toEqual(['Globex budget']);
  });

  it('lists for other users only the apps a role grants create on, and none without grants', async () => {
    expect(names((await people.uma.get(P.dataEntryLookup)).json().data)).toEqual(['Budget']);
    const bare = await server.createUser('acme', { username: 'nora', password: 'nora-pass', kind: 'USER' });
    expect(bare).toBeTruthy();
    const nora = server.client('acme');
    await nora.signIn('nora', 'nora-pass');
    const res = await nora.get(P.dataEntryLookup);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it('searches names and descriptions, refuses bad searches (400) and anonymous callers (401)', async () => {
    const search = async (term: string) =>
      people.fred.get(`${P.dataEntryLookup}?search=${encodeURIComponent(term)}`);
    expect(names((await search('BUD')).json().data)).toEqual(['Budget']);
    expect(names((await search('of the team')).json().data)).toEqual(['Budget', 'Expenses', 'Timesheets']);
    expect(names((await search('globex')).json().data)).toEqual([]);
    const special = await search('a<b');
    expect(special.statusCode).toBe(400);
    expect(special.json().data.errors).toEqual([
      {
        field: 'search',
        message: 'Search value cannot contain special characters',
        key: 'validation.searchSpecialChars',
        params: {},
      },
    ]);
    expect((await search('x'.repeat(101))).statusCode).toBe(400);
    expect((await server.client('acme').get(P.dataEntryLookup)).statusCode).toBe(401);
  });
});

const valid = () => approvalChain([approval('mgr', 'Manager approval', [user(MISSING_ID, 'Someone')])]);

describe('workflow-definition/create', () => {
  it('makes a valid designer payload the app’s draft workflow, leaving the published one alone', async () => {
    const definition = valid();
    const res = await people.fred.post(CREATE, { moduleId: app.Expenses, definition });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: WORKFLOW_ENGINE_MESSAGES.definitionCreated,
      data: { id: app.Expenses, module_id: app.Expenses, activity_count: 3, connection_count: 2 },
    });
    const form = (await people.fred.get(`${P.getForm}?id=${app.Expenses}`)).json().data;
    expect(form.workflow_draft).toEqual({
      activities: definition.activities,
      connections: definition.connections,
    });
    expect(form.workflow_published ?? null).toBeNull();
    const { rows } = await server.owner.query(
      "SELECT action FROM audit_log WHERE entity_id = $1 AND action = 'workflow_definition_created'",
      [app.Expenses],
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses a payload with the designer’s problems, one error per problem, storing nothing', async () => {
    const before = (await people.fred.get(`${P.getForm}?id=${app.Timesheets}`)).json().data.workflow_draft;
    const broken = approvalChain([approval('mgr', 'Manager approval', [])]);
    broken.activities.push(createActivity('Timer', 'lost', { x: 0, y: 200 }));
    const res = await people.fred.post(CREATE, { moduleId: app.Timesheets, definition: broken });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(WORKFLOW_ENGINE_MESSAGES.definitionInvalid);
    expect(res.json().data.key).toBe('workflowDefinitions.definitionInvalid');
    const errors = res.json().data.errors as Array<{ field: string; message: string }>;
    expect(errors).toEqual(
      expect.arrayContaining([
        {
          field: 'mgr',
          message: 'mgr has no approvers.',
          key: 'workflowIssuesPlain.missing-assignees',
          params: { activity: 'mgr' },
        },
        expect.objectContaining({ field: 'lost', key: 'workflowIssuesPlain.unreachable' }),
      ]),
    );
    const noEnd = { activities: [createActivity('Start', 'start', { x: 0, y: 0 })], connections: [] };
    const res2 = await people.fred.post(CREATE, { moduleId: app.Timesheets, definition: noEnd });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().data.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'workflow', key: 'workflowIssuesPlain.no-end' }),
      ]),
    );
    expect((await people.fred.get(`${P.getForm}?id=${app.Timesheets}`)).json().data.workflow_draft).toEqual(
      before,
    );
  });

  it('answers 400 for malformed bodies and an empty definition', async () => {
    const bodies: unknown[] = [
      {},
      { moduleId: app.Budget },
      { moduleId: app.Budget, definition: 'Start -> End' },
      { moduleId: app.Budget, definition: { activities: 'none' } },
      { moduleId: '', definition: valid() },
      { moduleId: app.Budget, definition: { activities: Array.from({ length: 501 }, () => ({})) } },
    ];
    for (const body of bodies) {
      const res = await people.fred.post(CREATE, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const empty = await people.fred.post(CREATE, { moduleId: app.Budget, definition: { activities: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(WORKFLOW_ENGINE_MESSAGES.definitionEmpty);
  });

  it('refuses non-builders (403) before reading the body, and anonymous callers (401)', async () => {
    for (const body of [{ moduleId: app.Budget, definition: valid() }, {}]) {
      const res = await people.uma.post(CREATE, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, data: { code: 'FORBIDDEN' } });
    }
    expect(
      (await server.client('acme').post(CREATE, { moduleId: app.Budget, definition: valid() })).statusCode,
    ).toBe(401);
    expect(
      (await people.fred.get(`${P.getForm}?id=${app.Budget}`)).json().data.workflow_draft ?? null,
    ).toBeNull();
  });

  it('answers 404 for another tenant’s app, an unknown and a malformed id, changing nothing', async () => {
    for (const moduleId of [app.Theirs, MISSING_ID, 'not-a-uuid']) {
      const res = await people.fred.post(CREATE, { moduleId, definition: valid() });
      expect(res.statusCode, moduleId).toBe(404);
    }
    const theirs = (await people.globex.get(`${P.getForm}?id=${app.Theirs}`)).json().data;
    expect(theirs.workflow_draft ?? null).toBeNull();
  });

  it('creates what publish accepts: the draft becomes the app’s running workflow', async () => {
    const manager = await userId(server, 'fred');
    const definition = approvalChain([approval('mgr', 'Manager approval', [user(manager, 'fred')])]);
    definition.connections.push(link('mgr', 'end', 'Reject'));
    const res = await people.fred.post(CREATE, { moduleId: app.Budget, definition });
    expect(res.statusCode, res.body).toBe(200);
    const published = await people.fred.post(P.publish, { id: app.Budget });
    expect(published.statusCode, published.body).toBe(200);
    const form = (await people.fred.get(`${P.getForm}?id=${app.Budget}`)).json().data;
    expect(form.workflow_published).toEqual(form.workflow_draft);
  });
});

describe('OpenAPI', () => {
  it('documents both calls with their schemas', async () => {
    const paths = (await server.client('acme').get('/api/docs/json')).json().paths;
    expect(paths[CREATE].post.requestBody).toBeTruthy();
    expect(paths[CREATE].post.responses).toHaveProperty('403');
    expect(paths[P.dataEntryLookup].get.parameters.map((p: { name: string }) => p.name)).toEqual(['search']);
  });
});
