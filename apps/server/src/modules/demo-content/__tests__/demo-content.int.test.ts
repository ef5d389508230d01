import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APPS_PATHS,
  DASHBOARD_PATHS,
  QUICK_LAUNCH_PATHS,
  RECORDS_PATHS,
  REPORT_PATHS,
  TASK_PATHS,
  dashboardCardPath,
  dashboardDetailPath,
  recordPath,
  reportRunPath,
  type AppExample,
  type AppSummary,
  type Dashboard,
  type DashboardCardResult,
} from '@formloop/contracts';
import { DEMO_PEOPLE, seedDemoTenant } from '@formloop/db';
import { hostOf, type TestClient, type TestServer, createTestServer } from '../../../../test/harness.ts';
import { hashPassword, newSecurityStamp } from '../../identity/index.ts';
import { makeDemoContent, type DemoPeopleMade } from '../index.ts';

// The demo tenant's example business against real PostgreSQL, made as at first start (the demo
// tenant and its administrator by seedDemoTenant, then makeDemoContent through the API): apps in
// every record status, open tasks for the administrator, two reports and a BI question that add up,
// a dashboard whose every card answers; made once; another tenant sees none of it.

let server: TestServer;
let made: DemoPeopleMade | null;
let admin: TestClient;
let olivia: TestClient;
let tenantId: string;
let adminId: string;
const ADMIN_PASSWORD = 'demo-admin-password';
const logged: string[] = [];

beforeAll(async () => {
  server = await createTestServer();
  ({ tenantId, adminId } = await seedDemoTenant(server.owner, {
    tenantLabel: 'demo',
    adminPasswordHash: await hashPassword(ADMIN_PASSWORD),
    securityStamp: newSecurityStamp(),
  }));
  made = await makeDemoContent(
    server.app,
    server.owner,
    { tenantId, adminId, host: hostOf('demo'), admin: { username: 'admin', password: ADMIN_PASSWORD } },
    (line) => logged.push(line),
  );
  admin = server.client('demo');
  await admin.signIn('admin', ADMIN_PASSWORD);
  olivia = server.client('demo');
  if (made) await olivia.signIn(DEMO_PEOPLE.olivia.username, made.password);
}, 120_000);
afterAll(() => server?.close());

const data = async <T>(
  response: Promise<{ statusCode: number; body: string; json: () => any }>,
): Promise<T> => {
  const res = await response;
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

async function appsByName(client: TestClient) {
  const apps = await data<AppSummary[]>(client.get(APPS_PATHS.listForms));
  return new Map(apps.map((app) => [app.display_name, app.id]));
}

describe('the demo tenant’s example business', () => {
  it('is made at first start, with the people printed once', () => {
    expect(logged).toEqual([]);
    expect(made?.usernames).toEqual(Object.values(DEMO_PEOPLE).map((person) => person.username));
    expect(made?.password.length).toBeGreaterThanOrEqual(12);
  });

  it('has four published apps whose records are in every status', async () => {
    const apps = await appsByName(admin);
    expect([...apps.keys()].sort()).toEqual([
      'Customer onboarding',
      'Customers',
      'Leave request',
      'Purchase request',
    ]);
    const summary = async (name: string) => data<any>(admin.get(recordPath.summary(apps.get(name)!)));
    // Purchases: 2 drafts (their authors'), 3 at the manager, 3 at Finance, 1 sent back to its
    // initiator (still in progress, waiting for them), 4 completed.
    expect(await summary('Purchase request')).toMatchObject({
      byStatus: { 'In Progress': 7, Completed: 4 },
      countIsEstimate: false,
    });
    expect(await summary('Leave request')).toMatchObject({ byStatus: { 'In Progress': 3, Completed: 4 } });
    expect(await summary('Customers')).toMatchObject({ total: 6, byStatus: { Completed: 6 } });
    expect(await summary('Customer onboarding')).toMatchObject({ byStatus: { 'In Progress': 3 } });
    // The drafts are their authors' own.
    const sam = server.client('demo');
    await sam.signIn(DEMO_PEOPLE.sam.username, made!.password);
    const drafts = await data<any>(
      sam.post(RECORDS_PATHS.draftDatatables, { moduleId: apps.get('Purchase request') }),
    );
    expect(drafts.recordsTotal).toBe(1);
  });

  it('gives everyone quick-launch tiles of the apps they use, the administrator too', async () => {
    const apps = await appsByName(admin);
    const tiles = async (client: TestClient) =>
      (await data<Array<{ id: string }>>(client.get(QUICK_LAUNCH_PATHS.get))).map((tile) => tile.id);
    expect(await tiles(admin)).toEqual(
      ['Purchase request', 'Leave request', 'Customer onboarding', 'Customers'].map((name) => apps.get(name)),
    );
    const uma = server.client('demo');
    await uma.signIn(DEMO_PEOPLE.uma.username, made!.password);
    expect(await tiles(uma)).toEqual([apps.get('Purchase request'), apps.get('Leave request')]);
  });

  it('leaves the onboarding reviews open for the administrator, and tells them', async () => {
    expect(await data<number>(admin.get(TASK_PATHS.total))).toBe(3);
    const frank = server.client('demo');
    await frank.signIn(DEMO_PEOPLE.frank.username, made!.password);
    // Frank: three purchase requests at his step, and three leave requests of his team.
    expect(await data<number>(frank.get(TASK_PATHS.total))).toBe(6);
    const notices = await server.owner.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1',
      [adminId],
    );
    expect(notices.rows[0]!.n).toBeGreaterThanOrEqual(3);
  });

  it('shares two reports and a BI question whose figures add up to the records', async () => {
    const listed = await data<any>(admin.post(REPORT_PATHS.datatables, { scope: 'shared', length: 50 }));
    expect(listed.data.map((report: { name: string }) => report.name).sort()).toEqual([
      'Leave days by type',
      'Onboarding value by industry',
      'Purchase spend by cost centre',
    ]);
    const byName = new Map<string, string>(listed.data.map((report: any) => [report.name, report.id]));
    const spend = await data<any>(
      admin.post(reportRunPath(byName.get('Purchase spend by cost centre')!), {}),
    );
    // Submitted requests only (drafts are never in a report): 11 requests.
    const requests = spend.rows.reduce((sum: number, row: any) => sum + row.measures[1], 0);
    expect(requests).toBe(11);
    const bi = await data<any>(admin.post(reportRunPath(byName.get('Onboarding value by industry')!), {}));
    expect(
      bi.rows
        .map((row: any) => [row.groups[0], row.measures[0]])
        .sort((a: any, b: any) => a[0].localeCompare(b[0])),
    ).toEqual(
      [
        ['Manufacturing', 240_000],
        ['Retail', 85_000],
        ['Logistics', 120_000],
      ].sort((a: any, b: any) => a[0].localeCompare(b[0])),
    );
  });

  it('has a dashboard everyone sees, every card of which answers as the viewer', async () => {
    const listed = await data<any>(admin.post(DASHBOARD_PATHS.datatables, {}));
    expect(listed.data.map((item: { name: string }) => item.name)).toEqual(['Operations overview']);
    const id = listed.data[0].id as string;
    const dashboard = await data<Dashboard>(admin.get(dashboardDetailPath(id)));
    expect(dashboard.cards.length).toBeGreaterThanOrEqual(8);
    const results = new Map<string, DashboardCardResult>();
    for (const card of dashboard.cards) {
      results.set(card.id, await data<DashboardCardResult>(admin.post(dashboardCardPath(id, card.id), {})));
    }
    const requests = results.get('requests');
    if (requests?.kind !== 'report' || requests.result.kind !== 'grouped') throw new Error('requests card');
    expect(requests.result.rows[0]!.measures[0]).toBe(11);
    const byStatus = results.get('by-status');
    if (byStatus?.kind !== 'report' || byStatus.result.kind !== 'grouped') throw new Error('status card');
    expect(Object.fromEntries(byStatus.result.rows.map((row) => [row.groups[0], row.measures[0]]))).toEqual({
      'In Progress': 7,
      Completed: 4,
    });
    // Another tenant's administrator: not there.
    await server.createUser('globex', {
      username: 'gus',
      password: 'gus-pass',
      kind: 'SYSTEM_ADMINISTRATOR',
    });
    const gus = server.client('globex');
    await gus.signIn('gus', 'gus-pass');
    expect((await gus.get(dashboardDetailPath(id))).statusCode).toBe(404);
    expect((await gus.get(APPS_PATHS.listForms)).json().data).toEqual([]);
  });

  it('offers its apps as examples in Create App: a copy has the form, workflow and templates, no records', async () => {
    const examples = await data<AppExample[]>(olivia.get(APPS_PATHS.examples));
    expect(examples.map((example) => example.display_name)).toEqual([
      'Customer onboarding',
      'Customers',
      'Leave request',
      'Purchase request',
    ]);
    expect(examples.every((example) => example.module_description.length > 0)).toBe(true);
    // Users who cannot build apps are refused; another tenant has none.
    const uma = server.client('demo');
    await uma.signIn(DEMO_PEOPLE.uma.username, made!.password);
    expect((await uma.get(APPS_PATHS.examples)).statusCode).toBe(403);
    await server.createUser('initech', { username: 'ian', password: 'ian-pass', kind: 'ADMINISTRATOR' });
    const ian = server.client('initech');
    await ian.signIn('ian', 'ian-pass');
    expect(await data<AppExample[]>(ian.get(APPS_PATHS.examples))).toEqual([]);

    // Starting from one is CopyFrom.
    const purchase = examples.find((example) => example.display_name === 'Purchase request')!;
    const copy = await data<{ id: string }>(
      olivia.post(APPS_PATHS.copyFrom, { moduleId: purchase.id, name: 'Our purchases' }),
    );
    const [source, copied] = await Promise.all(
      [purchase.id, copy.id].map((id) => data<any>(olivia.get(`${APPS_PATHS.getForm}?id=${id}`))),
    );
    expect(copied.module_draft).toEqual(source.module_draft);
    expect(copied.workflow_draft).toEqual(source.workflow_draft);
    expect(copied.email_templates?.length ?? 0).toBe(source.email_templates?.length ?? 0);
    const records = await server.owner.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM records WHERE module_id = $1',
      [copy.id],
    );
    expect(records.rows[0]!.n).toBe(0);
    // The copy is not an example.
    expect((await data<AppExample[]>(olivia.get(APPS_PATHS.examples))).length).toBe(4);
    expect((await olivia.post(APPS_PATHS.deleteForm, { moduleId: copy.id })).statusCode).toBe(200);
  });

  it('is made once: a later start changes nothing', async () => {
    const before = await server.owner.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM records WHERE tenant_id = $1',
      [tenantId],
    );
    const again = await makeDemoContent(
      server.app,
      server.owner,
      { tenantId, adminId, host: hostOf('demo') },
      (line) => logged.push(line),
    );
    expect(again).toBeNull();
    const after = await server.owner.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM records WHERE tenant_id = $1',
      [tenantId],
    );
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect((await appsByName(olivia)).size).toBe(4);
    // The people's password was not changed by the later start.
    const uma = server.client('demo');
    await uma.signIn(DEMO_PEOPLE.uma.username, made!.password);
  });
});
