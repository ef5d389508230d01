import { expect } from 'vitest';
import pg from 'pg';
import { TASK_SCHEDULER_PATHS, taskSchedulerPath, type SaveScheduleBody } from '@formloop/contracts';
import type { TestClient, TestServer } from '../../../../test/harness.ts';
import { createTenantDb } from '../../../platform/database/tenant-db.ts';
import { createScheduleRunner, type ScheduleRunner } from '../schedule-runner.ts';

// Arranging helpers of the task scheduler's integration tests: schedules are saved through the API
// as people save them; rows are read back with the owner pool; extra "nodes" are runners of their
// own on the app role's connections to the same database.

export const S = TASK_SCHEDULER_PATHS;
export { taskSchedulerPath };

export async function saveSchedule(client: TestClient, body: SaveScheduleBody): Promise<Record<string, any>> {
  const res = await client.post(S.save, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export interface ActivityFact {
  outcome: string;
  scheduled_for: Date;
  record_id: string | null;
  message: string | null;
}

/** The schedule's log, oldest first. */
export async function activitiesOf(server: TestServer, scheduleId: string): Promise<ActivityFact[]> {
  const { rows } = await server.owner.query<ActivityFact>(
    `SELECT outcome, scheduled_for, record_id, message FROM task_schedule_activities
     WHERE schedule_id = $1 ORDER BY seq`,
    [scheduleId],
  );
  return rows;
}

export const runsOf = async (server: TestServer, scheduleId: string) =>
  (await activitiesOf(server, scheduleId)).filter((row) =>
    ['created', 'failed', 'missed'].includes(row.outcome),
  );

export async function recordsOf(server: TestServer, moduleId: string) {
  const { rows } = await server.owner.query<{
    id: string;
    data: Record<string, unknown>;
    is_draft: boolean;
    created_by: string;
    workflow_status: string | null;
  }>('SELECT id, data, is_draft, created_by, workflow_status FROM records WHERE module_id = $1 ORDER BY id', [
    moduleId,
  ]);
  return rows;
}

export async function scheduleRow(server: TestServer, scheduleId: string) {
  const { rows } = await server.owner.query<{
    status: string;
    next_run_at: Date | null;
    last_run_at: Date | null;
  }>('SELECT status, next_run_at, last_run_at FROM task_schedules WHERE id = $1', [scheduleId]);
  return rows[0]!;
}

export async function setNextRun(server: TestServer, scheduleId: string, at: Date): Promise<void> {
  await server.owner.query('UPDATE task_schedules SET next_run_at = $2 WHERE id = $1', [scheduleId, at]);
}

/** A scheduler node of its own (as a second server would be): its own pool of app-role connections. */
export function extraNode(server: TestServer): { runner: ScheduleRunner; close: () => Promise<void> } {
  const pool = new pg.Pool({ connectionString: server.appRoleUrl, max: 2 });
  const runner = createScheduleRunner({ db: createTenantDb(pool) });
  return { runner, close: () => pool.end() };
}

/** The calendar of an instant in a zone: hour, minute and second as its wall clock shows them. */
export function wallClock(instant: Date, timeZone: string): { hour: number; minute: number; second: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((one) => one.type === type)?.value);
  return { hour: part('hour'), minute: part('minute'), second: part('second') };
}
