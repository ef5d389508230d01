import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PATHS, type WorkflowMetrics } from '@formloop/contracts';
import type { TestClient, TestServer } from '../../../../test/harness.ts';
import { userId, type People } from '../../record-lists/__tests__/record-list-fixtures.ts';
import { seedFlow, seedTask } from '../../tasks/__tests__/task-fixtures.ts';
import { arrangeReportWorld } from './report-fixtures.ts';

// Workflow metrics from real tasks: time in activity (p50/p90), waiting work per assignee,
// throughput per week, rejected and sent-back shares; other tenants and ordinary users refused.

let server: TestServer;
let people: People;
let appId: string;
let gina: TestClient;

beforeAll(async () => {
  ({ server, people, appId, gina } = await arrangeReportWorld());
  const { rows } = await server.owner.query<{ tenant_id: string }>(
    'SELECT tenant_id FROM modules WHERE id = $1',
    [appId],
  );
  const tenantId = rows[0]!.tenant_id;
  const fred = await userId(server, 'fred');
  const cora = await userId(server, 'cora');
  const flow = await seedFlow(server, { tenantId, moduleId: appId, initiator: fred });
  // Review: three done, taking 1 h, 2 h and 10 h; one rejected, one sent back.
  for (const [age, outcome] of [
    [60, 'Approve'],
    [120, 'Reject'],
    [600, 'SendBack'],
  ] as const) {
    await seedTask(server, flow, {
      activityId: 'review',
      title: 'Review',
      status: 'Completed',
      ageMinutes: age,
      outcome,
    });
  }
  // Sign-off: two waiting, one of them for both fred and cora.
  await seedTask(server, flow, {
    activityId: 'signoff',
    title: 'Sign-off',
    assignees: [fred, cora],
    ageMinutes: 5,
  });
  await seedTask(server, flow, {
    activityId: 'signoff',
    title: 'Sign-off',
    assignees: [fred],
    ageMinutes: 1,
  });
});
afterAll(() => server?.close());

describe('workflow metrics', () => {
  it('measures time in activity, waiting work, throughput and rejections from the tasks', async () => {
    const res = await people.cora.post(REPORT_PATHS.workflowMetrics, { moduleId: appId, weeks: 4 });
    expect(res.statusCode, res.body).toBe(200);
    const metrics = res.json().data as WorkflowMetrics;
    expect(metrics.activities).toEqual([
      {
        activityId: 'review',
        title: 'Review',
        completed: 3,
        p50Hours: 2,
        // percentile_cont: 2 + 0.8 × (10 − 2)
        p90Hours: 8.4,
        waiting: 0,
        rejected: 1,
        sentBack: 1,
        rejectedRate: 0.3333,
        sentBackRate: 0.3333,
      },
      {
        activityId: 'signoff',
        title: 'Sign-off',
        completed: 0,
        p50Hours: null,
        p90Hours: null,
        waiting: 2,
        rejected: 0,
        sentBack: 0,
        rejectedRate: null,
        sentBackRate: null,
      },
    ]);
    expect(metrics.waitingByAssignee.map((row) => [row.title, row.name, row.waiting])).toEqual([
      ['Sign-off', 'fred Tester', 2],
      ['Sign-off', 'cora Tester', 1],
    ]);
    expect(metrics.throughput).toHaveLength(4);
    expect(metrics.throughput.map((week) => week.completed)).toEqual([0, 0, 0, 3]);
    // Weeks start on Monday.
    for (const week of metrics.throughput) expect(new Date(`${week.week}T12:00:00Z`).getUTCDay()).toBe(1);
  });

  it('keeps the metrics to builders of the app’s tenant', async () => {
    expect((await people.uma.post(REPORT_PATHS.workflowMetrics, { moduleId: appId })).statusCode).toBe(403);
    expect((await gina.post(REPORT_PATHS.workflowMetrics, { moduleId: appId })).statusCode).toBe(404);
  });
});
