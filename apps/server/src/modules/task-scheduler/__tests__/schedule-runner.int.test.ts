import { TASK_SCHEDULER_MESSAGES } from '@formloop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { arrangePeople, userId, type People } from '../../apps/__tests__/app-fixtures.ts';
import {
  approval,
  approvalChain,
  publishWorkflowApp,
  user,
} from '../../workflow/__tests__/workflow-fixtures.ts';
import {
  activitiesOf,
  extraNode,
  recordsOf,
  runsOf,
  saveSchedule,
  scheduleRow,
  setNextRun,
  taskSchedulerPath,
} from './schedule-fixtures.ts';

// The runner, tick by tick: this server's own ticker is off (SCHEDULER_TICK_MS=0) and each tick is
// given its moment, so what a tick does is decided by the data, never by the clock. Nodes are
// runners of their own on the same database, as separate servers would be.

const HOUR = 3_600_000;
const MINUTE = 60_000;

let server: TestServer;
let people: People;
let adaId: string;
let nodeA: ReturnType<typeof extraNode>;
let nodeB: ReturnType<typeof extraNode>;

/** A fresh workflow app (each test counts its own records). */
const workflowApp = (name: string) =>
  publishWorkflowApp(people.fred, name, approvalChain([approval('review', 'Review', [user(adaId, 'ada')])]));

beforeAll(async () => {
  server = await createTestServer({ SCHEDULER_TICK_MS: '0' });
  people = await arrangePeople(server);
  adaId = await userId(server, 'ada');
  nodeA = extraNode(server);
  nodeB = extraNode(server);
});
afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await server?.close();
});

describe('missed runs after a downtime', () => {
  it('creates the record once for the latest missed instant, logs one missed entry, and nothing on the next tick', async () => {
    const appId = await workflowApp('Hourly checks');
    const schedule = await saveSchedule(people.fred, {
      module_id: appId,
      name: 'Hourly in Kolkata',
      cron: '0 * * * *',
      time_zone: 'Asia/Kolkata',
      record_values: { title: 'Check', amount: 1 },
    });
    const id = schedule.schedule_id as string;
    // Kolkata (UTC+05:30) full hours are half past in UTC: the latest one up to now, and four
    // before it that were due while "no server ran".
    const now = new Date();
    const latest = new Date(Math.floor((now.getTime() - 30 * MINUTE) / HOUR) * HOUR + 30 * MINUTE);
    const downSince = new Date(latest.getTime() - 4 * HOUR);
    await setNextRun(server, id, downSince);

    const first = await nodeA.runner.tick(now);
    expect(first).toMatchObject({ created: 1, failed: 0 });
    const runs = await runsOf(server, id);
    expect(runs.map((run) => [run.outcome, run.scheduled_for.toISOString()])).toEqual([
      ['missed', downSince.toISOString()],
      ['created', latest.toISOString()],
    ]);
    const records = await recordsOf(server, appId);
    expect(records).toHaveLength(1);
    expect(runs[1]!.record_id).toBe(records[0]!.id);
    expect(records[0]).toMatchObject({ is_draft: false, workflow_status: 'Running' });
    expect(await scheduleRow(server, id)).toMatchObject({
      last_run_at: latest,
      next_run_at: new Date(latest.getTime() + HOUR),
    });

    // The log says how many were skipped, for the screen to word.
    const log = await people.fred.get(taskSchedulerPath.activities(id));
    expect(log.statusCode, log.body).toBe(200);
    const missed = log.json().data.data.find((row: any) => row.outcome === 'missed');
    expect(missed).toMatchObject({
      missed_count: 4,
      message: TASK_SCHEDULER_MESSAGES.missedRuns.replace('{count}', '4'),
      scheduled_for: downSince.toISOString(),
    });

    const second = await nodeA.runner.tick(now);
    expect(second).toMatchObject({ ran: 0, created: 0 });
    expect(await recordsOf(server, appId)).toHaveLength(1);
    expect(await runsOf(server, id)).toHaveLength(2);
  });
});

describe('two nodes ticking at once', () => {
  it('create one record per schedule and instant', async () => {
    const appId = await workflowApp('Concurrent');
    const ids: string[] = [];
    for (let n = 0; n < 6; n += 1) {
      const schedule = await saveSchedule(people.fred, {
        module_id: appId,
        name: `Every five minutes ${n}`,
        cron: '*/5 * * * *',
        time_zone: 'America/New_York',
        record_values: { title: `Run ${n}`, amount: n },
      });
      ids.push(schedule.schedule_id);
    }
    const now = new Date();
    // Due at the latest five-minute mark (New York's offsets are whole hours: the same marks as UTC).
    const due = new Date(Math.floor(now.getTime() / (5 * MINUTE)) * 5 * MINUTE);
    for (const id of ids) await setNextRun(server, id, due);

    const reports = await Promise.all([nodeA.runner.tick(now), nodeB.runner.tick(now)]);
    expect(reports[0]!.created + reports[1]!.created).toBe(ids.length);
    for (const id of ids) {
      const runs = await runsOf(server, id);
      expect(runs.map((run) => [run.outcome, run.scheduled_for.toISOString()])).toEqual([
        ['created', due.toISOString()],
      ]);
    }
    expect(await recordsOf(server, appId)).toHaveLength(ids.length);

    // Again, both at once: nothing is due any more.
    const again = await Promise.all([nodeA.runner.tick(now), nodeB.runner.tick(now)]);
    expect(again[0]!.created + again[1]!.created).toBe(0);
    expect(await recordsOf(server, appId)).toHaveLength(ids.length);
  });

  it('never runs an instant twice even when a node finds it due again (the log’s unique index)', async () => {
    const appId = await workflowApp('Stale node');
    const schedule = await saveSchedule(people.fred, {
      module_id: appId,
      name: 'Every minute',
      cron: '* * * * *',
      time_zone: 'UTC',
      record_values: { title: 'Once' },
    });
    const now = new Date();
    const due = new Date(Math.floor(now.getTime() / MINUTE) * MINUTE);
    await setNextRun(server, schedule.schedule_id, due);
    expect(await nodeA.runner.tick(now)).toMatchObject({ created: 1 });
    // As if an update had been lost: the same instant is due once more.
    await setNextRun(server, schedule.schedule_id, due);
    expect(await nodeB.runner.tick(now)).toMatchObject({ ran: 1, created: 0, failed: 0 });
    expect(await recordsOf(server, appId)).toHaveLength(1);
    expect((await scheduleRow(server, schedule.schedule_id)).next_run_at).toEqual(
      new Date(due.getTime() + MINUTE),
    );
  });
});

describe('runs that cannot create their record', () => {
  it('log a failed entry with the reason, create nothing, and still move on', async () => {
    const appId = await workflowApp('Orphaned');
    await server.createUser('acme', { username: 'leaver', password: 'leaver-pass', kind: 'FULL_USER' });
    const leaver = server.client('acme');
    await leaver.signIn('leaver', 'leaver-pass');
    const schedule = await saveSchedule(leaver, {
      module_id: appId,
      name: 'Made by a leaver',
      cron: '0 * * * *',
      time_zone: 'UTC',
      record_values: { title: 'Orphan' },
    });
    await server.owner.query(`UPDATE users SET is_active = false WHERE username = 'leaver'`);
    const now = new Date();
    const due = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
    await setNextRun(server, schedule.schedule_id, due);

    expect(await nodeA.runner.tick(now)).toMatchObject({ created: 0, failed: 1 });
    expect(await runsOf(server, schedule.schedule_id)).toEqual([
      {
        outcome: 'failed',
        scheduled_for: due,
        record_id: null,
        message: TASK_SCHEDULER_MESSAGES.runAsInactive,
      },
    ]);
    expect(await recordsOf(server, appId)).toEqual([]);
    expect(await scheduleRow(server, schedule.schedule_id)).toMatchObject({
      status: 'active',
      last_run_at: due,
      next_run_at: new Date(due.getTime() + HOUR),
    });
  });

  it('roll back a half-made run: a failed workflow start leaves no record behind', async () => {
    const appId = await workflowApp('Broken workflow');
    const schedule = await saveSchedule(people.fred, {
      module_id: appId,
      name: 'Needs its workflow',
      cron: '0 * * * *',
      time_zone: 'UTC',
      record_values: { title: 'Half' },
    });
    // The pinned workflow version is gone: the record is inserted, then starting its instance fails.
    await server.owner.query('DELETE FROM module_versions WHERE module_id = $1', [appId]);
    const now = new Date();
    const due = new Date(Math.floor(now.getTime() / HOUR) * HOUR);
    await setNextRun(server, schedule.schedule_id, due);

    expect(await nodeA.runner.tick(now)).toMatchObject({ created: 0, failed: 1 });
    const runs = await runsOf(server, schedule.schedule_id);
    expect(runs.map((run) => run.outcome)).toEqual(['failed']);
    expect(runs[0]!.message).toBeTruthy();
    expect(await recordsOf(server, appId)).toEqual([]);
    const { rows } = await server.owner.query('SELECT 1 FROM workflow_instances WHERE module_id = $1', [
      appId,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('draft schedules', () => {
  it('create drafts, as the saver, without starting the workflow', async () => {
    const appId = await workflowApp('Draft maker');
    const fredId = await userId(server, 'fred');
    const schedule = await saveSchedule(people.fred, {
      module_id: appId,
      name: 'Drafts',
      cron: '0 0 * * * *',
      time_zone: 'Europe/Berlin',
      record_values: { title: 'To finish' },
      submit: false,
    });
    const now = new Date();
    await setNextRun(server, schedule.schedule_id, new Date(Math.floor(now.getTime() / HOUR) * HOUR));
    expect(await nodeA.runner.tick(now)).toMatchObject({ created: 1 });
    expect(await recordsOf(server, appId)).toEqual([
      expect.objectContaining({ is_draft: true, created_by: fredId, workflow_status: null }),
    ]);
    expect((await activitiesOf(server, schedule.schedule_id)).map((row) => row.outcome)).toEqual([
      'saved',
      'created',
    ]);
  });
});
