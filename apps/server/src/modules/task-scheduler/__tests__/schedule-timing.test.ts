import { TASK_SCHEDULER_MESSAGES } from '@formloop/contracts';
import { MESSAGES } from '@formloop/domain';
import { describe, expect, it } from 'vitest';
import {
  MISSED_COUNT_LIMIT,
  missedCountOf,
  missedRunsMessage,
  nextRunAfter,
  nextRuns,
  parseSchedule,
  planDueRun,
  scheduleOf,
} from '../schedule-timing.ts';

// When schedules run: cron read in the schedule's zone (DST included), the due run after a tick,
// and runs missed while no server was up.

const at = (text: string) => new Date(text);
const isoOf = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('parseSchedule', () => {
  it('accepts 5 and 6 fields and nicknames, and says what is wrong with the rest', () => {
    expect('schedule' in parseSchedule('0 9 * * 1-5', 'UTC')).toBe(true);
    expect('schedule' in parseSchedule('*/2 * * * * *', 'Asia/Kolkata')).toBe(true);
    expect('schedule' in parseSchedule('@daily', 'Europe/Berlin')).toBe(true);
    expect(parseSchedule('', 'UTC')).toEqual({ error: MESSAGES.required });
    expect(parseSchedule('* * * *', 'UTC')).toEqual({ error: TASK_SCHEDULER_MESSAGES.cronFields });
    expect(parseSchedule('0 0 1 1 * 2030', 'UTC')).toEqual({ error: TASK_SCHEDULER_MESSAGES.cronInvalid });
    expect(parseSchedule('61 * * * *', 'UTC')).toEqual({ error: TASK_SCHEDULER_MESSAGES.cronInvalid });
    expect(parseSchedule('a b c d e', 'UTC')).toEqual({ error: TASK_SCHEDULER_MESSAGES.cronInvalid });
    expect(parseSchedule('0 0 30 2 *', 'UTC')).toEqual({ error: TASK_SCHEDULER_MESSAGES.cronNeverRuns });
    expect(parseSchedule('0 9 * * *', 'Mars/Olympus')).toEqual({
      error: TASK_SCHEDULER_MESSAGES.cronInvalid,
    });
  });
});

describe('next runs in a time zone', () => {
  it('reads the cron in the zone: 09:00 on weekdays in Kolkata is 03:30 UTC', () => {
    const schedule = scheduleOf('0 9 * * 1-5', 'Asia/Kolkata');
    // Friday 2026-03-06 10:00 UTC: the next weekday 09:00 in Kolkata is Monday.
    expect(isoOf(nextRuns(schedule, at('2026-03-06T10:00:00Z'), 2))).toEqual([
      '2026-03-09T03:30:00.000Z',
      '2026-03-10T03:30:00.000Z',
    ]);
  });

  it('a seconds field runs every two seconds, strictly after the moment given', () => {
    const schedule = scheduleOf('*/2 * * * * *', 'America/New_York');
    expect(isoOf(nextRuns(schedule, at('2026-03-06T10:00:00.000Z'), 3))).toEqual([
      '2026-03-06T10:00:02.000Z',
      '2026-03-06T10:00:04.000Z',
      '2026-03-06T10:00:06.000Z',
    ]);
  });

  it('New York spring forward: a fixed 02:30 runs at 03:00 EDT on the day the hour is skipped', () => {
    const schedule = scheduleOf('30 2 * * *', 'America/New_York');
    expect(isoOf(nextRuns(schedule, at('2026-03-07T12:00:00Z'), 3))).toEqual([
      '2026-03-08T07:00:00.000Z', // 03:00 EDT (02:30 does not exist)
      '2026-03-09T06:30:00.000Z', // 02:30 EDT
      '2026-03-10T06:30:00.000Z',
    ]);
  });

  it('New York fall back: a fixed 01:30 runs once, a half-hourly job on both 01:00-02:00 hours', () => {
    const fixed = scheduleOf('30 1 * * *', 'America/New_York');
    expect(isoOf(nextRuns(fixed, at('2026-10-31T12:00:00Z'), 2))).toEqual([
      '2026-11-01T05:30:00.000Z', // 01:30 EDT, the first occurrence only
      '2026-11-02T06:30:00.000Z', // 01:30 EST
    ]);
    const halfHourly = scheduleOf('*/30 * * * *', 'America/New_York');
    expect(isoOf(nextRuns(halfHourly, at('2026-11-01T04:45:00Z'), 5))).toEqual([
      '2026-11-01T05:00:00.000Z', // 01:00 EDT
      '2026-11-01T05:30:00.000Z', // 01:30 EDT
      '2026-11-01T06:00:00.000Z', // 01:00 EST
      '2026-11-01T06:30:00.000Z', // 01:30 EST
      '2026-11-01T07:00:00.000Z', // 02:00 EST
    ]);
  });

  it('Europe/London daily 08:00 follows the clock change (07:00 UTC in summer, 08:00 in winter)', () => {
    const schedule = scheduleOf('0 8 * * *', 'Europe/London');
    expect(isoOf(nextRuns(schedule, at('2026-03-28T09:00:00Z'), 2))).toEqual([
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
    expect(nextRunAfter(schedule, at('2026-10-25T09:00:00Z'))?.toISOString()).toBe(
      '2026-10-26T08:00:00.000Z',
    );
  });
});

describe('planDueRun', () => {
  const hourlyKolkata = scheduleOf('0 * * * *', 'Asia/Kolkata');

  it('is nothing while the next run lies ahead', () => {
    expect(planDueRun(hourlyKolkata, at('2026-03-06T10:30:00Z'), at('2026-03-06T10:29:59Z'))).toBeNull();
  });

  it('runs the due instant and moves on to the next one after now', () => {
    // Kolkata is UTC+05:30: its full hours are half past in UTC.
    expect(planDueRun(hourlyKolkata, at('2026-03-06T10:30:00Z'), at('2026-03-06T10:30:00.400Z'))).toEqual({
      runAt: at('2026-03-06T10:30:00Z'),
      missed: null,
      nextRunAt: at('2026-03-06T11:30:00Z'),
    });
    // A tick a little late still runs it, once.
    expect(planDueRun(hourlyKolkata, at('2026-03-06T10:30:00Z'), at('2026-03-06T10:59:00Z'))).toEqual({
      runAt: at('2026-03-06T10:30:00Z'),
      missed: null,
      nextRunAt: at('2026-03-06T11:30:00Z'),
    });
  });

  it('after a downtime runs the latest due instant once and reports the skipped ones', () => {
    const plan = planDueRun(hourlyKolkata, at('2026-03-06T05:30:00Z'), at('2026-03-06T10:45:00Z'));
    expect(plan).toEqual({
      runAt: at('2026-03-06T10:30:00Z'),
      missed: {
        count: 5,
        capped: false,
        first: at('2026-03-06T05:30:00Z'),
        last: at('2026-03-06T09:30:00Z'),
      },
      nextRunAt: at('2026-03-06T11:30:00Z'),
    });
    // Planned again from where it left off, nothing is due any more.
    expect(planDueRun(hourlyKolkata, plan!.nextRunAt!, at('2026-03-06T10:45:00Z'))).toBeNull();
  });

  it('a tick at the very instant of a run counts that run as due', () => {
    const plan = planDueRun(hourlyKolkata, at('2026-03-06T08:30:00Z'), at('2026-03-06T10:30:00Z'))!;
    expect(plan.runAt).toEqual(at('2026-03-06T10:30:00Z'));
    expect(plan.missed).toMatchObject({ count: 2, last: at('2026-03-06T09:30:00Z') });
    expect(plan.nextRunAt).toEqual(at('2026-03-06T11:30:00Z'));
  });

  it('counts skipped runs across a DST change in the schedule’s own calendar', () => {
    const halfHourly = scheduleOf('*/30 * * * *', 'America/New_York');
    // Due at 00:30 EDT; the server came back at 02:10 EST: 01:00 and 01:30 happened twice.
    const plan = planDueRun(halfHourly, at('2026-11-01T04:30:00Z'), at('2026-11-01T07:10:00Z'))!;
    expect(plan.runAt).toEqual(at('2026-11-01T07:00:00Z'));
    expect(plan.missed).toMatchObject({ count: 5, first: at('2026-11-01T04:30:00Z') });
    expect(plan.missed!.last).toEqual(at('2026-11-01T06:30:00Z'));
    expect(plan.nextRunAt).toEqual(at('2026-11-01T07:30:00Z'));
  });

  it('stops counting at the limit instead of walking through millions of seconds', () => {
    const everySecond = scheduleOf('* * * * * *', 'UTC');
    const plan = planDueRun(everySecond, at('2026-03-01T00:00:00Z'), at('2026-03-06T00:00:00Z'))!;
    expect(plan.runAt).toEqual(at('2026-03-06T00:00:00Z'));
    expect(plan.missed).toMatchObject({ count: MISSED_COUNT_LIMIT, capped: true });
    expect(missedRunsMessage(plan.missed!)).toBe(
      `${MISSED_COUNT_LIMIT}+ runs were missed while the scheduler was not running; only the latest one ran.`,
    );
  });
});

describe('missed runs message', () => {
  it('carries the count there and back', () => {
    const message = missedRunsMessage({ count: 4, capped: false, first: new Date(), last: new Date() });
    expect(message).toBe(TASK_SCHEDULER_MESSAGES.missedRuns.replace('{count}', '4'));
    expect(missedCountOf(message)).toBe(4);
    expect(missedCountOf('Something else')).toBeNull();
    expect(missedCountOf(null)).toBeNull();
  });
});
