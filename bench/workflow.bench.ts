// Budget (DESIGN.md, issue 7): approvals through the HTTP API with 100,000 open instances, at 2 and
// 8 clients, ≥ 0.3× the rate of the same transition done in raw SQL, with p95 ≤ 50 ms.
// Run: npm run bench:workflow   (own embedded PostgreSQL in a temporary folder; a few minutes)
// BENCH_INSTANCES (default 100000) and BENCH_SECONDS (default 10) shorten a trial run, which then
// does not touch bench/RESULTS.md.
import { startBenchServer } from './bench-server.ts';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { APPS_PATHS, TASK_ACTION_PATHS } from '@formloop/contracts';
import { createActivity, type WorkflowDefinition } from '@formloop/workflow';
import { httpLoad, ms, rawLoad, type Measured } from './records-measure.ts';
import { BENCH_GROUP, appPool, ownerPool, signIn, waitForIndexBuilds, type Api } from './records-setup.ts';
import { recordResult } from './results.ts';

const FULL_INSTANCES = 100_000;
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? FULL_INSTANCES);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = [2, 8];
const RATIO_BUDGET = 0.3;
const P95_BUDGET_MS = 50;

/** Start → one approval (the administrator's) → End: approving finishes the instance. */
function approvalWorkflow(adminId: string): WorkflowDefinition {
  const approval = createActivity('Approval', 'approve', { x: 260, y: 0 });
  return {
    activities: [
      createActivity('Start', 'start', { x: 0, y: 0 }),
      {
        ...approval,
        displayName: 'Approve the order',
        properties: { ...approval.properties, assignment: [{ approver_id: adminId, type: 'user' }] },
      },
      createActivity('End', 'end', { x: 520, y: 0 }),
    ],
    connections: [
      { sourceActivityId: 'start', targetActivityId: 'approve', outcome: 'Done' },
      { sourceActivityId: 'approve', targetActivityId: 'end', outcome: 'Approve' },
    ],
  };
}

async function publishApprovalApp(api: Api, adminId: string): Promise<string> {
  const { id } = await api.post<{ id: string }>(APPS_PATHS.create, { name: `Bench approvals ${Date.now()}` });
  await api.post(APPS_PATHS.saveForm, {
    id,
    data: { formName: 'Orders', displayName: 'Orders', isPublished: false, fieldGroups: [BENCH_GROUP] },
    workflow: approvalWorkflow(adminId),
  });
  await api.post(APPS_PATHS.publish, { id });
  return id;
}

/**
 * The open instances, written set-based as the engine leaves them after a submission (record,
 * instance waiting at the approval, its task and assignee, the Started/Assigned history).
 */
async function seedOpenInstances(
  owner: pg.Pool,
  facts: { tenantId: string; moduleId: string; adminId: string },
  count: number,
) {
  const state = {
    definitionVersion: 1,
    status: 'Suspended',
    blocking: [{ activityId: 'approve', kind: 'task', since: new Date().toISOString() }],
    joins: {},
    visited: [],
    returnedToInitiator: false,
    fault: null,
  };
  await owner.query(
    `WITH ids AS (
       SELECT gen_random_uuid() AS record_id, gen_random_uuid() AS instance_id, gen_random_uuid() AS task_id, g
       FROM generate_series(1, $4::int) g
     ), r AS (
       INSERT INTO records (id, tenant_id, module_id, module_version, data, is_draft, submitted_on, workflow_status,
         workflow_activity_name, workflow_started_on, workflow_initiator_user, workflow_instance_id, tasks,
         created_by, modified_by)
       SELECT record_id, $1, $2, 1, jsonb_build_object('title', 'order ' || g, 'amount', g), false, now(), 'Running',
         'Approve the order', now(), $3, instance_id, 1, $3, $3 FROM ids
     ), i AS (
       INSERT INTO workflow_instances (id, tenant_id, module_id, record_id, module_version, status, state, initiator_user)
       SELECT instance_id, $1, $2, record_id, 1, 'Suspended', $5::jsonb, $3 FROM ids
     ), t AS (
       INSERT INTO workflow_tasks (id, tenant_id, module_id, record_id, instance_id, activity_id, activity_title,
         task_type, actions, approvers)
       SELECT task_id, $1, $2, record_id, instance_id, 'approve', 'Approve the order', 'Approval',
         '["Approve","Reject"]', jsonb_build_array(jsonb_build_object('approver_id', $3::text, 'type', 'user')) FROM ids
     ), a AS (
       INSERT INTO workflow_task_assignees (task_id, tenant_id, user_id) SELECT task_id, $1, $3 FROM ids
     ), h AS (
       INSERT INTO workflow_history (tenant_id, module_id, record_id, instance_id, activity_id, activity_type,
         activity_name, action_type, initiated_by)
       SELECT $1, $2, record_id, instance_id, 'start', 'Start', 'Start', 'Started', $3 FROM ids
     )
     SELECT count(*) FROM ids`,
    [facts.tenantId, facts.moduleId, facts.adminId, count, JSON.stringify(state)],
  );
  await waitForIndexBuilds(owner);
  await owner.query('VACUUM ANALYZE records, workflow_instances, workflow_tasks, workflow_task_assignees');
}

/**
 * The raw baseline: the transition an approval makes, as plain SQL in one transaction — lock the
 * instance, close the task, finish the instance, write the record's workflow columns and the two
 * history rows — on the app role with the tenant set for the session (row-level security applies).
 */
async function rawApproval(client: pg.PoolClient, taskId: string, adminId: string, finished: string) {
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<{ instance_id: string; record_id: string; module_id: string }>(
      `SELECT i.id AS instance_id, i.record_id, i.module_id FROM workflow_tasks t
       JOIN workflow_instances i ON i.id = t.instance_id WHERE t.id = $1 FOR UPDATE OF i`,
      [taskId],
    );
    const { instance_id: instanceId, record_id: recordId, module_id: moduleId } = rows[0]!;
    await client.query(
      `UPDATE workflow_tasks SET status = 'Completed', completed_on = now(), completed_by = $2, outcome = 'Approve'
       WHERE id = $1 AND status = 'Open'`,
      [taskId, adminId],
    );
    await client.query(
      `UPDATE workflow_instances SET status = 'Finished', state = $2::jsonb, finished_on = now(), modified_on = now()
       WHERE id = $1`,
      [instanceId, finished],
    );
    await client.query(
      `UPDATE records SET workflow_status = 'Completed', workflow_activity_name = NULL,
         workflow_completed_on = now(), tasks = 0 WHERE id = $1`,
      [recordId],
    );
    await client.query(
      `INSERT INTO workflow_history (tenant_id, module_id, record_id, instance_id, task_id, activity_id,
         activity_type, activity_name, action_type, outcome, initiated_by)
       SELECT current_setting('app.tenant_id')::uuid, $1, $2, $3, $4, v.a, v.t, v.n, v.k, v.o, $5
       FROM (VALUES ('approve', 'Approval', 'Approve the order', 'Approve', 'Approve'),
                    ('end', 'End', 'End', 'Finished', NULL)) AS v(a, t, n, k, o)`,
      [moduleId, recordId, instanceId, taskId, adminId],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

async function main() {
  // The server in its own process (as in production), the load generator and raw loops in this one.
  const bench = await startBenchServer('workflow', { watchCpu: false });
  const { config } = bench;
  const pools: pg.Pool[] = [];
  try {
    const api = await signIn(`http://127.0.0.1:${config.PORT}`, 'admin', 'bench-password');
    const owner = await ownerPool(config);
    pools.push(owner);
    const { rows } = await owner.query<{ tenant_id: string; admin_id: string }>(
      `SELECT t.id AS tenant_id, u.id AS admin_id FROM tenants t JOIN users u ON u.tenant_id = t.id
       WHERE t.label = $1 AND u.username = 'admin'`,
      [config.DEFAULT_TENANT],
    );
    const { tenant_id: tenantId, admin_id: adminId } = rows[0]!;
    const moduleId = await publishApprovalApp(api, adminId);
    const seeded = performance.now();
    await seedOpenInstances(owner, { tenantId, moduleId, adminId }, INSTANCES);
    console.log(
      `${INSTANCES} open instances seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    const app = await appPool(config, tenantId, Math.max(...CLIENTS));
    pools.push(app);

    const { rows: tasks } = await owner.query<{ id: string }>(
      `SELECT id FROM workflow_tasks WHERE module_id = $1 AND status = 'Open' ORDER BY random()`,
      [moduleId],
    );
    let next = 0;
    const nextTask = () => {
      const task = tasks[next++];
      if (!task) throw new Error('out of open tasks: seed more instances');
      return task.id;
    };
    const finished = JSON.stringify({
      definitionVersion: 1,
      status: 'Finished',
      blocking: [],
      joins: {},
      visited: ['approve'],
      returnedToInitiator: false,
      fault: null,
    });
    const approve = (connections: number, seconds: number) =>
      httpLoad({
        url: `${api.base}${TASK_ACTION_PATHS.approve}`,
        method: 'POST',
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
        nextBody: () => JSON.stringify({ task_id: nextTask(), accepted: true }),
        connections,
        seconds,
      });

    await approve(2, 2); // warm the server (sessions, caches, prepared plans)
    const lines: string[] = [];
    const verdicts: string[] = [];
    for (const clients of CLIENTS) {
      const raw: Measured = await rawLoad(app, clients, SECONDS, (client) =>
        rawApproval(client, nextTask(), adminId, finished),
      );
      const http = await approve(clients, SECONDS);
      const ratio = http.rate / raw.rate;
      const within = ratio >= RATIO_BUDGET && http.p95 <= P95_BUDGET_MS;
      verdicts.push(within ? 'within budget' : 'OVER BUDGET');
      lines.push(
        `| raw SQL transition (${clients} clients) | ${raw.rate.toFixed(0)}/s | p95 ${ms(raw.p95)} (p50 ${ms(raw.p50)}) | baseline |`,
        `| POST approve (${clients} clients) | ${http.rate.toFixed(0)}/s | p95 ${ms(http.p95)} (p50 ${ms(http.p50)}) | ratio ${ratio.toFixed(2)} (≥ ${RATIO_BUDGET}), p95 ≤ ${P95_BUDGET_MS} ms: ${within ? 'within budget' : 'OVER BUDGET'} |`,
      );
    }
    const { rows: left } = await owner.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM workflow_tasks WHERE module_id = $1 AND status = 'Open'`,
      [moduleId],
    );
    const table = ['| what | rate | latency | verdict |', '|---|---|---|---|', ...lines].join('\n');
    console.log(table);
    console.log(`open instances left: ${left[0]!.open}`);
    if (INSTANCES !== FULL_INSTANCES) return;
    await recordResult(
      'Workflow approvals',
      [
        `${INSTANCES.toLocaleString('en-US')} open instances (Start → one approval → End) seeded set-based, then VACUUM ANALYZE; each request approves another task, which finishes its instance. The server runs in its own Node process; autocannon and the raw pg loops share another; PostgreSQL is embedded on the same machine. Loads run ${SECONDS} s each; p95 is over every request of the run.`,
        '',
        table,
        '',
        `The raw side runs the transition's statements (lock the instance, close the task, finish the instance, the record's workflow columns, two history rows) in one transaction on the app role with the tenant set for the session. ${left[0]!.open.toLocaleString('en-US')} instances were still open at the end.`,
      ].join('\n'),
    );
    if (verdicts.includes('OVER BUDGET')) process.exitCode = 1;
  } finally {
    for (const pool of pools) await pool.end();
    await bench.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
