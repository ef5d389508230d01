import type { FastifyInstance } from 'fastify';
import {
  APPS_PATHS,
  QUICK_LAUNCH_PATHS,
  DASHBOARD_PATHS,
  RECORDS_PATHS,
  REFERENCE_DATA_PATHS,
  REPORT_PATHS,
  ROLE_PATHS,
  TASK_ACTION_PATHS,
  TASK_PATHS,
  TEAM_PATHS,
  roleMatrixPath,
  teamMembersPath,
  userPath,
  type AppSummary,
  type ReferenceListSummary,
  type TaskRow,
  type TeamDataTable,
} from '@formloop/contracts';
import { DEMO_PEOPLE, type DemoPersonKey } from '@formloop/db';
import { appResource } from '@formloop/domain';
import { signInAs, type DemoCaller } from './demo-api.ts';
import {
  DEMO_APPS,
  DEMO_LISTS,
  approvalWorkflow,
  demoForm,
  type DemoAppKey,
  type DemoIds,
  type DemoListKey,
} from './demo-apps.ts';
import { demoRecords, type DemoRecord } from './demo-records.ts';
import { dashboardBody, reportBodies } from './demo-reports.ts';

// The demo tenant's example business, made once at first start through the product's own API
// (issue 25 item 1, issue 24 item 14): reference lists, a team and a role, four apps (three with
// approval workflows), records in every status, open tasks for the administrator and others, two
// reports and a BI question shared with everyone, and the "Operations overview" dashboard. Each
// step skips what already exists by name, so a first start that stopped half way finishes the rest.

export interface DemoContentInput {
  /** The demo tenant's host (its label under BASE_DOMAIN, or a loopback name for the default tenant). */
  host: string;
  /** The demo people's password (seedDemoPeople set it). */
  password: string;
  /** The system administrator: the onboarding reviews wait for them. */
  adminId: string;
  people: Record<DemoPersonKey, string>;
  /** Dates in the records are around this day. */
  today: Date;
  /** At first start the server knows the administrator's password: their tiles are set too. */
  admin?: { username: string; password: string };
}

export interface DemoContentSummary {
  apps: Record<DemoAppKey, string>;
  records: number;
  reports: string[];
  dashboardId: string;
}

const created = (answer: unknown) => {
  const data = answer as { id?: string; record_id?: string };
  const id = data.id ?? data.record_id;
  if (!id) throw new Error('The API answered a creation without an id.');
  return id;
};

async function ensureLists(olivia: DemoCaller): Promise<Record<DemoListKey, string>> {
  const existing = await olivia.get<ReferenceListSummary[]>(REFERENCE_DATA_PATHS.list);
  const ids: Partial<Record<DemoListKey, string>> = {};
  for (const [key, list] of Object.entries(DEMO_LISTS) as Array<
    [DemoListKey, (typeof DEMO_LISTS)[DemoListKey]]
  >) {
    const found = existing.find((item) => item.key_name.toLowerCase() === list.key_name.toLowerCase());
    ids[key] =
      found?.id ??
      created(
        await olivia.post(REFERENCE_DATA_PATHS.save, {
          key_name: list.key_name,
          description: list.description,
          values: list.values.map((value) => ({ value })),
        }),
      );
  }
  return ids as Record<DemoListKey, string>;
}

async function ensureTeam(olivia: DemoCaller, input: DemoContentInput): Promise<string> {
  const { people } = input;
  const teams = await olivia.post<TeamDataTable>(TEAM_PATHS.datatables, { search: 'Operations' });
  const found = teams.records.find((team) => team.team_name === 'Operations');
  if (found) return found.id;
  const id = created(
    await olivia.post(TEAM_PATHS.save, {
      team_name: 'Operations',
      description: 'Approves leave. Frank Meyer leads it.',
      lead_user_id: people.frank,
    }),
  );
  await olivia.put(teamMembersPath(id), { user_ids: [people.frank, people.grace, people.uma, people.sam] });
  return id;
}

/** Uma and Sam hold no builder licence: the Requesters role lets them open the apps and enter data. */
async function ensureRequesters(
  olivia: DemoCaller,
  input: DemoContentInput,
  apps: Record<DemoAppKey, string>,
) {
  const roles = await olivia.get<Array<{ id: string; role_name: string }>>(ROLE_PATHS.list);
  if (roles.some((role) => role.role_name === 'Requesters')) return;
  const id = created(
    await olivia.post(ROLE_PATHS.save, {
      role_name: 'Requesters',
      description: 'Ask for purchases and leave, look up customers.',
    }),
  );
  const grants = [
    ...(['purchases', 'leave'] as const).flatMap((key) =>
      ['view', 'create'].map((action) => ({ resource: appResource(apps[key]), action })),
    ),
    { resource: appResource(apps.customers), action: 'view' },
  ];
  await olivia.put(roleMatrixPath(id), { grants });
  for (const key of ['uma', 'sam'] as const) {
    await olivia.put(userPath('roles', input.people[key]), { role_ids: [id] });
  }
}

/** Makes (or finds) an app, saves its form and workflow and publishes it; `fresh` when made now. */
async function ensureApp(
  olivia: DemoCaller,
  key: DemoAppKey,
  ids: DemoIds,
  workflow: ReturnType<typeof approvalWorkflow> | null,
  existing: AppSummary[],
): Promise<{ id: string; fresh: boolean }> {
  const spec = DEMO_APPS[key];
  const found = existing.find((app) => app.display_name.toLowerCase() === spec.name.toLowerCase());
  if (found) {
    ids.apps[key] = found.id;
    return { id: found.id, fresh: false };
  }
  const id = created(
    await olivia.post(APPS_PATHS.create, {
      name: spec.name,
      description: spec.description,
      appIcon: spec.icon,
      addToQuickLaunch: spec.quickLaunch,
    }),
  );
  ids.apps[key] = id;
  await olivia.post(APPS_PATHS.saveForm, { id, data: demoForm(key, ids), ...(workflow ? { workflow } : {}) });
  await olivia.post(APPS_PATHS.publish, { id });
  return { id, fresh: true };
}

/** The open tasks a person sees for an app: their own, or their team's. */
async function openTasks(caller: DemoCaller, moduleId: string, teamId?: string): Promise<TaskRow[]> {
  const body = { moduleId, length: 100 };
  const answer = teamId
    ? await caller.post<{ data: TaskRow[] }>(TASK_PATHS.byTeam, { ...body, teamId })
    : await caller.post<{ data: TaskRow[] }>(TASK_PATHS.datatables, body);
  return answer.data;
}

async function approveRecord(
  caller: DemoCaller,
  moduleId: string,
  recordId: string,
  step: DemoRecord['steps'][number],
  teamId?: string,
) {
  const task = (await openTasks(caller, moduleId, teamId)).find((row) => row.record_id === recordId);
  if (!task) throw new Error(`No open task for the demo entry ${recordId} of ${moduleId}.`);
  await caller.post(
    TASK_ACTION_PATHS.approve,
    step.accept
      ? { task_id: task.id, accepted: true, description: step.note }
      : {
          task_id: task.id,
          accepted: false,
          description: step.note ?? 'Please add a quote from the supplier.',
        },
  );
}

/** Submits (or only saves) each record as its author, then takes it through its approvals. */
async function enterRecords(
  callers: Record<DemoPersonKey, DemoCaller>,
  moduleId: string,
  records: DemoRecord[],
  teamId?: string,
): Promise<number> {
  for (const record of records) {
    const author = callers[record.by];
    const stored = record.draft
      ? await author.post<{ id: string }>(`${RECORDS_PATHS.save}?moduleId=${encodeURIComponent(moduleId)}`, {
          data: record.data,
        })
      : await author.post<{ id: string }>(RECORDS_PATHS.submit, { moduleId, data: record.data });
    for (const step of record.steps) {
      await approveRecord(callers[step.by], moduleId, stored.id, step, step.asTeam ? teamId : undefined);
    }
  }
  return records.length;
}

async function ensureReports(olivia: DemoCaller, apps: Record<DemoAppKey, string>): Promise<string[]> {
  const ids: string[] = [];
  for (const body of reportBodies(apps)) {
    const listed = await olivia.post<{ data: Array<{ id: string; name: string }> }>(REPORT_PATHS.datatables, {
      search: body.name,
      scope: 'mine',
    });
    const found = listed.data.find((report) => report.name === body.name);
    ids.push(found?.id ?? created(await olivia.post(REPORT_PATHS.save, body)));
  }
  return ids;
}

async function ensureDashboard(olivia: DemoCaller, apps: Record<DemoAppKey, string>, reportIds: string[]) {
  const body = dashboardBody(apps, reportIds);
  const listed = await olivia.post<{ data: Array<{ id: string; name: string }> }>(
    DASHBOARD_PATHS.datatables,
    {
      search: body.name,
      scope: 'mine',
    },
  );
  return (
    listed.data.find((item) => item.name === body.name)?.id ??
    created(await olivia.post(DASHBOARD_PATHS.save, body))
  );
}

/** Everyone's quick-launch tiles: the apps they use, the administrator's too when we may sign in as them. */
async function setTiles(
  app: FastifyInstance,
  input: DemoContentInput,
  callers: Record<DemoPersonKey, DemoCaller>,
  apps: Record<DemoAppKey, string>,
) {
  const everything = [apps.purchases, apps.leave, apps.onboarding, apps.customers];
  const requests = [apps.purchases, apps.leave];
  const tiles: Record<DemoPersonKey, string[]> = {
    olivia: everything,
    carla: [apps.onboarding, apps.customers],
    frank: everything,
    grace: everything,
    uma: requests,
    sam: requests,
  };
  for (const key of Object.keys(tiles) as DemoPersonKey[]) {
    await callers[key].put(QUICK_LAUNCH_PATHS.set, { moduleIds: tiles[key] });
  }
  if (input.admin) {
    const admin = await signInAs(app, input.host, input.admin.username, input.admin.password);
    await admin.put(QUICK_LAUNCH_PATHS.set, { moduleIds: everything });
  }
}

/** Makes the demo content (see the top of this file); answers what it made or found. */
export async function seedDemoContent(
  app: FastifyInstance,
  input: DemoContentInput,
): Promise<DemoContentSummary> {
  const callers = {} as Record<DemoPersonKey, DemoCaller>;
  for (const key of Object.keys(DEMO_PEOPLE) as DemoPersonKey[]) {
    callers[key] = await signInAs(app, input.host, DEMO_PEOPLE[key].username, input.password);
  }
  const { olivia } = callers;
  const lists = await ensureLists(olivia);
  const teamId = await ensureTeam(olivia, input);
  const ids: DemoIds = { lists, apps: {} };
  const existing = await olivia.get<AppSummary[]>(APPS_PATHS.listForms);
  const customers = await ensureApp(olivia, 'customers', ids, null, existing);
  const user = (id: string, name: string) => ({ approver_id: id, type: 'user' as const, name });
  const purchases = await ensureApp(
    olivia,
    'purchases',
    ids,
    approvalWorkflow([
      {
        id: 'manager',
        title: 'Manager approval',
        approvers: [user(input.people.frank, DEMO_PEOPLE.frank.fullname)],
      },
      {
        id: 'finance',
        title: 'Finance approval',
        approvers: [user(input.people.grace, DEMO_PEOPLE.grace.fullname)],
      },
    ]),
    existing,
  );
  const leave = await ensureApp(
    olivia,
    'leave',
    ids,
    approvalWorkflow([
      {
        id: 'team',
        title: 'Team approval',
        approvers: [{ approver_id: teamId, type: 'team', name: 'Operations' }],
      },
    ]),
    existing,
  );
  const onboarding = await ensureApp(
    olivia,
    'onboarding',
    ids,
    approvalWorkflow([
      {
        id: 'review',
        title: 'Administrator review',
        approvers: [user(input.adminId, 'System Administrator')],
      },
    ]),
    existing,
  );
  const apps = {
    customers: customers.id,
    purchases: purchases.id,
    leave: leave.id,
    onboarding: onboarding.id,
  };
  await ensureRequesters(olivia, input, apps);

  // Records only go into an app made now: one that was there already keeps what it holds.
  const planned = demoRecords(input.today);
  let records = 0;
  const customerIds: string[] = [];
  if (customers.fresh) {
    for (const record of planned.customers) {
      const stored = await olivia.post<{ id: string }>(RECORDS_PATHS.submit, {
        moduleId: apps.customers,
        data: record.data,
      });
      customerIds.push(stored.id);
    }
    records += customerIds.length;
  }
  if (purchases.fresh) records += await enterRecords(callers, apps.purchases, planned.purchases);
  if (leave.fresh) records += await enterRecords(callers, apps.leave, planned.leave, teamId);
  if (onboarding.fresh && customerIds.length > 0) {
    records += await enterRecords(callers, apps.onboarding, planned.onboarding(customerIds));
  }
  await setTiles(app, input, callers, apps);
  const reports = await ensureReports(olivia, apps);
  const dashboardId = await ensureDashboard(olivia, apps, reports);
  return { apps, records, reports, dashboardId };
}
