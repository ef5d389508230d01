import { expect } from 'vitest';
import { TASK_ACTION_PATHS, workflowHistoryPath, type WorkflowHistoryEntry } from '@formloop/contracts';
import {
  createActivity,
  type Approver,
  type WorkflowActivity,
  type WorkflowConnection,
  type WorkflowDefinition,
} from '@formloop/workflow';
import type { TestClient, TestServer } from '../../../../test/harness.ts';
import { P, createApp, field, saveForm, section } from '../../apps/__tests__/app-fixtures.ts';

// Arranging helpers of the workflow integration tests: definitions built from the engine's own
// activity factory, apps saved and published through the Editor API, tasks found in the database.

export const A = TASK_ACTION_PATHS;

export const user = (id: string, name?: string): Approver => ({ approver_id: id, type: 'user', name });

/** An approval activity with these approvers. */
export function approval(id: string, displayName: string, approvers: Approver[], x = 0): WorkflowActivity {
  const activity = createActivity('Approval', id, { x, y: 0 });
  return { ...activity, displayName, properties: { ...activity.properties, assignment: approvers } };
}

export const link = (
  sourceActivityId: string,
  targetActivityId: string,
  outcome = 'Done',
): WorkflowConnection => ({
  sourceActivityId,
  targetActivityId,
  outcome,
});

/** Start → the approvals in order (each Approve to the next) → End; Reject paths left out (back to the initiator). */
export function approvalChain(steps: WorkflowActivity[]): WorkflowDefinition {
  const start = createActivity('Start', 'start', { x: -300, y: 0 });
  const end = createActivity('End', 'end', { x: 300 * steps.length, y: 0 });
  const ids = steps.map((step) => step.activityId);
  const connections = [
    link('start', ids[0] ?? 'end'),
    ...ids.map((id, index) => link(id, ids[index + 1] ?? 'end', 'Approve')),
  ];
  return { activities: [start, ...steps, end], connections };
}

export const FORM = [section('main', [[field('text', 'title'), field('number', 'amount')]])];

/** Creates (or, with `appId`, changes) an app with this workflow and publishes it. */
export async function publishWorkflowApp(
  builder: TestClient,
  name: string,
  workflow: WorkflowDefinition,
  appId?: string,
): Promise<string> {
  const id = appId ?? (await createApp(builder, name));
  const saved = await saveForm(builder, id, FORM, { workflow });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await builder.post(P.publish, { id });
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

export interface TaskFact {
  id: string;
  activity_id: string;
  status: string;
  task_type: string;
  outcome: string | null;
}

/** The record's tasks, oldest first. */
export async function tasksOf(server: TestServer, recordId: string): Promise<TaskFact[]> {
  const { rows } = await server.owner.query<TaskFact>(
    `SELECT id, activity_id, status, task_type, outcome FROM workflow_tasks
     WHERE record_id = $1 ORDER BY started_on, id`,
    [recordId],
  );
  return rows;
}

export async function openTask(server: TestServer, recordId: string): Promise<TaskFact> {
  const open = (await tasksOf(server, recordId)).filter((task) => task.status === 'Open');
  expect(open, 'exactly one open task').toHaveLength(1);
  return open[0]!;
}

export async function recordColumns(server: TestServer, recordId: string) {
  const { rows } = await server.owner.query<{
    is_draft: boolean;
    workflow_status: string | null;
    workflow_activity_name: string | null;
    workflow_completed_on: Date | null;
    workflow_faulted_on: Date | null;
    tasks: number;
  }>(
    `SELECT is_draft, workflow_status, workflow_activity_name, workflow_completed_on, workflow_faulted_on, tasks
     FROM records WHERE id = $1`,
    [recordId],
  );
  return rows[0]!;
}

export async function historyOf(
  client: TestClient,
  moduleId: string,
  recordId: string,
): Promise<WorkflowHistoryEntry[]> {
  const res = await client.get(workflowHistoryPath(moduleId, recordId));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The history as "ActionType activityId" lines, server-side 'Assigned' entries included. */
export const steps = (history: WorkflowHistoryEntry[]) =>
  history.map((entry) => `${entry.ActionType} ${entry.activityId}`);
