import { expect } from 'vitest';
import { TASK_PATHS, taskDetailPath } from '@formloop/contracts';
import type { PayloadGroup } from '@formloop/domain';
import { validateDefinition, type InstanceState, type WorkflowDefinition } from '@formloop/workflow';
import type { TestClient, TestServer } from '../../../../test/harness.ts';
import { P, createApp, field, saveForm, section, table } from '../../apps/__tests__/app-fixtures.ts';

// Arranging helpers of the tasks integration tests. Apps are built and published through the Editor
// API; records, instances, tasks and assignees are written with plain SQL on the owner pool, so these
// tests read exactly the rows they arranged (whatever the workflow's write side does on submit).

export const T = TASK_PATHS;
export { taskDetailPath };

/** A form with a text, a number, a password and a table (to check hidden and password values). */
export const FORM: PayloadGroup[] = [
  section('main', [[field('text', 'title'), field('number', 'amount'), field('password', 'secret')]]),
  table('lines', [field('text', 'item')], 1),
];

/** Start → mgr (Approval) → fin (UserTask) → dir (Approval, no send-back) → End; names per version. */
export function workflowOf(names: { mgr: string; fin: string; dir: string }, approverId: string) {
  const assignment = [{ approver_id: approverId, type: 'user' }];
  const definition: WorkflowDefinition = {
    activities: [
      { activityId: 'start', type: 'Start', name: 'Start', displayName: 'Start', properties: {} },
      {
        activityId: 'mgr',
        type: 'Approval',
        name: 'Approval',
        displayName: names.mgr,
        properties: { assignment, allowSendBack: true },
      },
      {
        activityId: 'fin',
        type: 'UserTask',
        name: 'UserTask',
        displayName: names.fin,
        properties: { assignment, actions: ['Done'] },
      },
      {
        activityId: 'dir',
        type: 'Approval',
        name: 'Approval',
        displayName: names.dir,
        properties: { assignment, allowSendBack: false },
      },
      { activityId: 'end', type: 'End', name: 'End', displayName: 'End', properties: {} },
    ],
    connections: [
      { sourceActivityId: 'start', targetActivityId: 'mgr', outcome: 'Done' },
      { sourceActivityId: 'mgr', targetActivityId: 'fin', outcome: 'Approve' },
      { sourceActivityId: 'fin', targetActivityId: 'dir', outcome: 'Done' },
      { sourceActivityId: 'dir', targetActivityId: 'end', outcome: 'Approve' },
    ],
  };
  expect(validateDefinition(definition)).toEqual([]);
  return definition;
}

/** Saves the form (and workflow, permission) as the draft and publishes it; answers the new version. */
export async function publish(
  builder: TestClient,
  id: string,
  extra: { workflow?: WorkflowDefinition; permission?: unknown; groups?: PayloadGroup[] } = {},
): Promise<number> {
  const saved = await saveForm(builder, id, extra.groups ?? FORM, {
    ...(extra.workflow ? { workflow: extra.workflow } : {}),
    ...(extra.permission !== undefined ? { permission: extra.permission } : {}),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await builder.post(P.publish, { id });
  expect(published.statusCode, published.body).toBe(200);
  return published.json().data.module_version as number;
}

/** Creates and publishes an app with the standard workflow; answers its id. */
export async function workflowApp(
  builder: TestClient,
  name: string,
  approverId: string,
  permission?: unknown,
): Promise<string> {
  const id = await createApp(builder, name);
  await publish(builder, id, {
    workflow: workflowOf(
      { mgr: 'Manager approval', fin: 'Finance review', dir: 'Director sign-off' },
      approverId,
    ),
    ...(permission !== undefined ? { permission } : {}),
  });
  return id;
}

export interface FlowInput {
  tenantId: string;
  moduleId: string;
  version?: number;
  initiator: string;
  data?: Record<string, unknown>;
  visited?: string[];
}

/** A submitted record running its workflow (record + instance); answers their ids. */
export async function seedFlow(server: TestServer, input: FlowInput) {
  const version = input.version ?? 1;
  const { rows } = await server.owner.query<{ id: string }>(
    `INSERT INTO records (tenant_id, module_id, module_version, data, is_draft, workflow_status, workflow_started_on,
                          workflow_initiator_user, submitted_on, created_by, modified_by)
     VALUES ($1, $2, $3, $4, false, 'Suspended', now(), $5, now(), $5, $5) RETURNING id`,
    [input.tenantId, input.moduleId, version, JSON.stringify(input.data ?? {}), input.initiator],
  );
  const recordId = rows[0]!.id;
  const state: InstanceState = {
    definitionVersion: version,
    status: 'Suspended',
    blocking: [],
    joins: {},
    visited: input.visited ?? [],
    returnedToInitiator: false,
    fault: null,
  };
  const instance = await server.owner.query<{ id: string }>(
    `INSERT INTO workflow_instances (tenant_id, module_id, record_id, module_version, status, state, initiator_user)
     VALUES ($1, $2, $3, $4, 'Suspended', $5, $6) RETURNING id`,
    [input.tenantId, input.moduleId, recordId, version, JSON.stringify(state), input.initiator],
  );
  const instanceId = instance.rows[0]!.id;
  await server.owner.query('UPDATE records SET workflow_instance_id = $2 WHERE id = $1', [
    recordId,
    instanceId,
  ]);
  return { recordId, instanceId, tenantId: input.tenantId, moduleId: input.moduleId };
}

export interface TaskInput {
  activityId: string;
  title: string;
  type?: 'Approval' | 'UserTask' | 'Resubmit';
  status?: 'Open' | 'Completed' | 'Cancelled';
  assignees?: string[];
  teamId?: string | null;
  from?: string | null;
  /** Minutes before now. */
  ageMinutes?: number;
  completedBy?: string | null;
  outcome?: string | null;
  actions?: string[];
}

/** A task of a flow with its assignees; answers its id. */
export async function seedTask(
  server: TestServer,
  flow: { tenantId: string; moduleId: string; recordId: string; instanceId: string },
  task: TaskInput,
): Promise<string> {
  const status = task.status ?? 'Open';
  const { rows } = await server.owner.query<{ id: string }>(
    `INSERT INTO workflow_tasks (tenant_id, module_id, record_id, instance_id, activity_id, activity_title, task_type,
        status, actions, assigned_team_id, assigned_from_user, started_on, completed_on, completed_by, outcome)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now() - make_interval(mins => $12),
             CASE WHEN $8 = 'Open' THEN NULL ELSE now() END, $13, $14) RETURNING id`,
    [
      flow.tenantId,
      flow.moduleId,
      flow.recordId,
      flow.instanceId,
      task.activityId,
      task.title,
      task.type ?? 'Approval',
      status,
      JSON.stringify(task.actions ?? ['Approve', 'Reject']),
      task.teamId ?? null,
      task.from ?? null,
      task.ageMinutes ?? 0,
      task.completedBy ?? null,
      task.outcome ?? null,
    ],
  );
  const taskId = rows[0]!.id;
  for (const userId of task.assignees ?? []) {
    await server.owner.query(
      'INSERT INTO workflow_task_assignees (task_id, tenant_id, user_id) VALUES ($1, $2, $3)',
      [taskId, flow.tenantId, userId],
    );
  }
  return taskId;
}

/** A team with these members, inserted directly (teams are another module). */
export async function seedTeam(server: TestServer, tenantId: string, name: string, members: string[]) {
  const { rows } = await server.owner.query<{ id: string }>(
    'INSERT INTO teams (tenant_id, team_name) VALUES ($1, $2) RETURNING id',
    [tenantId, name],
  );
  for (const userId of members) {
    await server.owner.query('INSERT INTO team_members (tenant_id, team_id, user_id) VALUES ($1, $2, $3)', [
      tenantId,
      rows[0]!.id,
      userId,
    ]);
  }
  return rows[0]!.id;
}

/** Signs a new user in; answers the client and the user's id. */
export async function signedInUser(
  server: TestServer,
  label: string,
  username: string,
  kind: 'USER' | 'FULL_USER' | 'CONSULTANT' | 'ADMINISTRATOR' | 'SYSTEM_ADMINISTRATOR' = 'USER',
) {
  const id = await server.createUser(label, { username, password: `${username}-pass`, kind });
  const client = server.client(label);
  await client.signIn(username, `${username}-pass`);
  return { client, id };
}

/** POSTs a list request and expects a 200; answers the data table. */
export async function listOf(client: TestClient, path: string, body: Record<string, unknown> = {}) {
  const res = await client.post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    data: Array<Record<string, any>>;
    recordsTotal: number;
    recordsFiltered: number;
  };
}
