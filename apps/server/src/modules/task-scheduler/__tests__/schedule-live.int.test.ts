import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { arrangePeople, userId, type People } from '../../apps/__tests__/app-fixtures.ts';
import {
  approval,
  approvalChain,
  openTask,
  publishWorkflowApp,
  user,
} from '../../workflow/__tests__/workflow-fixtures.ts';
import { S, activitiesOf, recordsOf, saveSchedule, wallClock } from './schedule-fixtures.ts';

// The scheduler on a real server, ticking on its own (every 250 ms here): a schedule read in a
// non-UTC zone creates its records, as the user who saved it, and starts their workflow.

const ZONE = 'Asia/Kolkata';

let server: TestServer;
let people: People;
let appId: string;
let adaId: string;
let fredId: string;

beforeAll(async () => {
  server = await createTestServer({ SCHEDULER_TICK_MS: '250' });
  people = await arrangePeople(server);
  adaId = await userId(server, 'ada');
  fredId = await userId(server, 'fred');
  appId = await publishWorkflowApp(
    people.fred,
    'Patrol reports',
    approvalChain([approval('review', 'Review', [user(adaId, 'ada')])]),
  );
});
afterAll(() => server?.close());

describe('a running server', () => {
  it('creates the records of a seconds-level schedule on time in Asia/Kolkata and starts their workflow', async () => {
    // Only in this hour and the next one of Kolkata's clock: hours that are never the UTC ones
    // (UTC+05:30), so records appear only if the cron is read in the schedule's zone.
    const hour = wallClock(new Date(), ZONE).hour;
    const hours = [hour, (hour + 1) % 24];
    const schedule = await saveSchedule(people.fred, {
      module_id: appId,
      name: 'Every other second',
      cron: `*/2 * ${hours.join(',')} * * *`,
      time_zone: ZONE,
      record_values: { title: 'Patrol', amount: 7 },
      submit: true,
    });
    // Stored as the zone list names it (this ICU lists Kolkata under its older id, Asia/Calcutta).
    expect(schedule).toMatchObject({ status: 'active', run_as: fredId });
    expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(schedule.time_zone);

    await vi.waitFor(
      async () => {
        const created = (await activitiesOf(server, schedule.schedule_id)).filter(
          (row) => row.outcome === 'created',
        );
        expect(created.length).toBeGreaterThanOrEqual(3);
      },
      { timeout: 25_000, interval: 200 },
    );
    const paused = await people.fred.post(S.action, { schedule_id: schedule.schedule_id, status: 'paused' });
    expect(paused.statusCode, paused.body).toBe(200);

    const log = await activitiesOf(server, schedule.schedule_id);
    const created = log.filter((row) => row.outcome === 'created');
    expect(log.filter((row) => row.outcome === 'failed')).toEqual([]);
    // Each run stands for its own instant: an even second of those Kolkata hours.
    const instants = created.map((row) => row.scheduled_for.getTime());
    expect(new Set(instants).size).toBe(created.length);
    for (const row of created) {
      const local = wallClock(row.scheduled_for, ZONE);
      expect(hours).toContain(local.hour);
      expect(local.second % 2).toBe(0);
      expect(hours).not.toContain(row.scheduled_for.getUTCHours());
      expect(row.scheduled_for.getUTCMilliseconds()).toBe(0);
    }

    // One record per run, made as fred, submitted, its workflow waiting at ada's review.
    const records = await recordsOf(server, appId);
    expect(records.map((record) => record.id).sort()).toEqual(created.map((row) => row.record_id).sort());
    for (const record of records) {
      expect(record).toMatchObject({
        data: { title: 'Patrol', amount: 7 },
        is_draft: false,
        created_by: fredId,
        workflow_status: 'Running',
      });
      const task = await openTask(server, record.id);
      expect(task.activity_id).toBe('review');
    }
    const { rows: assignees } = await server.owner.query(
      `SELECT DISTINCT a.user_id FROM workflow_task_assignees a
       JOIN workflow_tasks t ON t.id = a.task_id WHERE t.module_id = $1`,
      [appId],
    );
    expect(assignees).toEqual([{ user_id: adaId }]);
  });
});
