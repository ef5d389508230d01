import {
  SCHEDULE_PREVIEW_RUNS,
  type ScheduleActivity,
  type ScheduleDetail,
  type ScheduleRow,
} from '@formloop/contracts';
import type { ActivityRecord, ScheduleRecord } from './task-scheduler.repository.ts';
import { missedCountOf, nextRuns, parseSchedule } from './schedule-timing.ts';
import { isoTimestampOrNull } from '../../platform/database/timestamps.ts';

// Rows as the API answers them (spec §3 "Task scheduler: schedule_id, status"; ISO instants).

const iso = isoTimestampOrNull;

export function toScheduleRow(row: ScheduleRecord): ScheduleRow {
  return {
    schedule_id: row.id,
    module_id: row.module_id,
    name: row.name,
    cron: row.cron,
    time_zone: row.time_zone,
    status: row.status,
    submit: row.submit === 'submit',
    next_run_at: iso(row.next_run_at),
    last_run_at: iso(row.last_run_at),
    run_as: row.run_as,
    run_as_name: row.run_as_name,
    modified_on: iso(row.modified_on)!,
  };
}

export function toScheduleDetail(row: ScheduleRecord, now: Date): ScheduleDetail {
  const parsed = parseSchedule(row.cron, row.time_zone);
  return {
    ...toScheduleRow(row),
    record_values: row.record_values,
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    created_on: iso(row.created_on)!,
    next_runs:
      'schedule' in parsed
        ? nextRuns(parsed.schedule, now, SCHEDULE_PREVIEW_RUNS).map((run) => run.toISOString())
        : [],
  };
}

export function toActivity(row: ActivityRecord): ScheduleActivity {
  return {
    id: String(row.seq),
    outcome: row.outcome,
    scheduled_for: iso(row.scheduled_for)!,
    ran_on: iso(row.ran_on)!,
    record_id: row.record_id,
    message: row.message,
    missed_count: row.outcome === 'missed' ? missedCountOf(row.message) : null,
    user_name: row.user_name,
  };
}
