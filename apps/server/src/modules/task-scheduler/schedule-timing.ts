import { Cron } from 'croner';
import { TASK_SCHEDULER_MESSAGES, cronShapeMessage } from '@formloop/contracts';

// When a schedule runs: croner reads the cron expression in the schedule's time zone (DST
// included: a fixed time that falls into a spring-forward gap runs right after it, a repeated
// fall-back hour runs fixed times once and interval jobs on both occurrences). Pure: every function
// takes the moment it reasons about, so tests pin the clock instead of waiting for it.

/** A parsed schedule: answers runs in its zone. Never started (croner's own timer stays off). */
export type CronSchedule = Cron;

/** The croner job of an expression in a zone, or the message that says what is wrong with it. */
export function parseSchedule(
  cron: string,
  timeZone: string,
): { schedule: CronSchedule } | { error: string } {
  const shape = cronShapeMessage(cron);
  if (shape) return { error: shape };
  try {
    const schedule = new Cron(cron.trim(), { timezone: timeZone, paused: true, mode: '5-or-6-parts' });
    // A pattern that names no real date (30 February) parses, yet never runs.
    if (schedule.nextRun(new Date(0)) === null) return { error: TASK_SCHEDULER_MESSAGES.cronNeverRuns };
    return { schedule };
  } catch {
    return { error: TASK_SCHEDULER_MESSAGES.cronInvalid };
  }
}

/** Like parseSchedule, for expressions already accepted when they were saved. */
export function scheduleOf(cron: string, timeZone: string): CronSchedule {
  const parsed = parseSchedule(cron, timeZone);
  if ('error' in parsed) throw new Error(`stored schedule is no longer valid: ${parsed.error}`);
  return parsed.schedule;
}

/** The first run strictly after `after`, or null when there is none. */
export function nextRunAfter(schedule: CronSchedule, after: Date): Date | null {
  return schedule.nextRun(after);
}

/** The next `count` runs strictly after `after`. */
export function nextRuns(schedule: CronSchedule, after: Date, count: number): Date[] {
  return schedule.nextRuns(count, after);
}

/** How far counting skipped runs goes: a per-second cron down for days would otherwise count millions. */
export const MISSED_COUNT_LIMIT = 1_000;

export interface MissedRuns {
  /** How many runs were skipped (at most MISSED_COUNT_LIMIT; capped says whether there were more). */
  count: number;
  capped: boolean;
  /** The first and the last skipped run. */
  first: Date;
  last: Date;
}

export interface DueRun {
  /** The instant the run stands for: the latest due one. */
  runAt: Date;
  /** The due runs before it, skipped (downtime), or null. */
  missed: MissedRuns | null;
  /** The next run after `now`, or null when the expression has no more runs. */
  nextRunAt: Date | null;
}

/**
 * What a tick does with a schedule whose next run was `nextRunAt`: nothing when it is not due yet;
 * otherwise one run for the latest due instant, the earlier due ones reported as missed (after a
 * downtime the record is made once, not once per missed instant), and the next run after `now`.
 */
export function planDueRun(schedule: CronSchedule, nextRunAt: Date, now: Date): DueRun | null {
  if (nextRunAt.getTime() > now.getTime()) return null;
  // previousRuns answers runs strictly before its reference: one millisecond on includes a run at `now`.
  const latest = schedule.previousRuns(1, new Date(now.getTime() + 1))[0];
  const nextRun = nextRunAfter(schedule, now);
  // The stored instant stays the run when the pattern's own latest run is not later (it is the
  // same instant, or the pattern changed since): never a run before the one that was due.
  if (!latest || latest.getTime() <= nextRunAt.getTime()) {
    return { runAt: nextRunAt, missed: null, nextRunAt: nextRun };
  }
  return { runAt: latest, missed: missedBetween(schedule, nextRunAt, latest), nextRunAt: nextRun };
}

/** The runs from `first` (itself due, so included) up to `latest` (not included). */
function missedBetween(schedule: CronSchedule, first: Date, latest: Date): MissedRuns {
  let count = 1;
  let last = first;
  // enumerate() yields the runs strictly after its start, in order.
  for (const run of schedule.enumerate(first)) {
    if (run.getTime() >= latest.getTime()) break;
    if (count >= MISSED_COUNT_LIMIT) return { count, capped: true, first, last };
    count += 1;
    last = run;
  }
  return { count, capped: false, first, last };
}

/** The activity log's text for skipped runs (TASK_SCHEDULER_MESSAGES.missedRuns). */
export const missedRunsMessage = (missed: MissedRuns): string =>
  TASK_SCHEDULER_MESSAGES.missedRuns.replace('{count}', `${missed.count}${missed.capped ? '+' : ''}`);

/** The count back out of a missedRuns text (the log shows it translated). */
export function missedCountOf(message: string | null): number | null {
  const match = /^(\d+)\+? runs were missed/.exec(message ?? '');
  return match ? Number(match[1]) : null;
}
