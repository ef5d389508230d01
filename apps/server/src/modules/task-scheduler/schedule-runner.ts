import { sql } from 'drizzle-orm';
import { TASK_SCHEDULER_MESSAGES } from '@formloop/contracts';
import { flagsForKind } from '@formloop/domain';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { AppError } from '../../platform/http/errors.ts';
import { recordAppAccess, requireGranted, createRecordInTransaction } from '../records/index.ts';
import type { JobEffects } from '../workflow/index.ts';
import { missedRunsMessage, parseSchedule, planDueRun } from './schedule-timing.ts';
import * as repo from './task-scheduler.repository.ts';
import type { ScheduleRecord } from './task-scheduler.repository.ts';

// The scheduler's tick (every node ticks; see task-scheduler.module.ts). It asks the database for
// due schedules across tenants (app_due_task_schedules), then runs each in its tenant's transaction:
// the schedule row is locked FOR UPDATE SKIP LOCKED and must still be due, so of two nodes ticking
// at once only one runs an instant (the other skips the locked row, or finds it no longer due); the
// unique (schedule, instant, outcome) index of the activity log is the second wall. The record (and
// its workflow start), the log rows and the next due run commit together.

export interface RunnerDeps {
  db: TenantDb;
  /** Where submissions add the jobs of their workflows' job activities (pg-boss). */
  jobs?: JobEffects;
  log?: (message: string, error?: unknown) => void;
  /** How many due schedules one query fetches. */
  batchSize?: number;
}

export interface TickReport {
  /** Schedules this tick ran (created, failed or skipped as already run). */
  ran: number;
  /** Records created. */
  created: number;
  failed: number;
}

/** At most this many batches per tick: the rest waits for the next tick (other nodes help). */
const MAX_BATCHES = 20;

const SAVEPOINT = sql`SAVEPOINT task_schedule_run`;
const ROLLBACK_TO_SAVEPOINT = sql`ROLLBACK TO SAVEPOINT task_schedule_run`;
const RELEASE_SAVEPOINT = sql`RELEASE SAVEPOINT task_schedule_run`;

/** The text a failed run logs: our own messages as they are, anything unexpected as a generic one. */
const failureMessage = (error: unknown) =>
  error instanceof AppError ? error.message : TASK_SCHEDULER_MESSAGES.runFailed;

/** A failure the run itself reports (the activity log says why), not a fault of the scheduler. */
class RunRefused extends Error {}

/** The identity a run acts with: the schedule's run_as user, with the kind (and so the rights) they have now. */
async function runAsAuth(tx: TenantTx, schedule: ScheduleRecord, now: Date): Promise<RequestAuth> {
  const user = await repo.runAsUser(tx, schedule.tenant_id, schedule.run_as);
  if (!user?.is_active) throw new RunRefused(TASK_SCHEDULER_MESSAGES.runAsInactive);
  return {
    userId: schedule.run_as,
    tenantId: schedule.tenant_id,
    // No session: the server acts for the user; only the user id, kind and flags are read.
    sessionId: `task-schedule:${schedule.id}`,
    userKind: user.user_kind,
    flags: flagsForKind(user.user_kind),
    expiresAt: now,
  };
}

/** Creates the run's record as run_as: a draft, or submitted (its workflow started). */
async function createRecord(tx: TenantTx, schedule: ScheduleRecord, jobs: JobEffects | undefined) {
  const now = new Date();
  const auth = await runAsAuth(tx, schedule, now);
  // The user's grants as they are now: a role taken away stops the schedule's records too.
  const access = await recordAppAccess(tx, schedule.tenant_id, auth, schedule.module_id);
  requireGranted(access.can, 'create');
  const ctx = {
    tenantId: schedule.tenant_id,
    requestId: `task-schedule:${schedule.id}`,
    userAgent: null,
    ipAddress: null,
  };
  return createRecordInTransaction(
    tx,
    { ctx, auth, now, jobs },
    access,
    schedule.record_values,
    schedule.submit === 'submit',
  );
}

type Outcome = 'created' | 'failed' | 'skipped' | 'not-due';

export function createScheduleRunner({ db, jobs, log = () => undefined, batchSize = 50 }: RunnerDeps) {
  /** Runs one due schedule in its tenant's transaction. */
  const runOne = (tenantId: string, id: string, now: Date): Promise<Outcome> =>
    db.inTenant(tenantId, async (tx): Promise<Outcome> => {
      const schedule = await repo.lockDueSchedule(tx, tenantId, id, now);
      if (!schedule?.next_run_at) return 'not-due';
      const parsed = parseSchedule(schedule.cron, schedule.time_zone);
      if ('error' in parsed) {
        // Saved valid, no longer valid (a zone this server does not know): stop it and say why.
        await repo.insertActivity(tx, tenantId, {
          scheduleId: id,
          scheduledFor: schedule.next_run_at,
          outcome: 'failed',
          message: parsed.error,
        });
        await repo.setScheduleStatus(tx, tenantId, id, { status: 'paused', nextRunAt: null }, null);
        return 'failed';
      }
      const plan = planDueRun(parsed.schedule, new Date(schedule.next_run_at), now);
      if (!plan) return 'not-due';
      if (plan.missed) {
        await repo.insertActivity(tx, tenantId, {
          scheduleId: id,
          scheduledFor: plan.missed.first,
          outcome: 'missed',
          message: missedRunsMessage(plan.missed),
        });
      }
      let outcome: Outcome = 'skipped';
      await tx.execute(SAVEPOINT);
      try {
        // The log row first: it claims the instant (unique index), then the record is made.
        const seq = await repo.insertActivity(tx, tenantId, {
          scheduleId: id,
          scheduledFor: plan.runAt,
          outcome: 'created',
        });
        if (seq !== null) {
          const record = await createRecord(tx, schedule, jobs);
          await repo.linkActivityRecord(tx, tenantId, seq, record.id);
          outcome = 'created';
        }
        await tx.execute(RELEASE_SAVEPOINT);
      } catch (error) {
        // Nothing of the attempt stays (record, workflow, jobs); the failure is logged and the
        // schedule still moves on, so one bad run does not block the next ones.
        await tx.execute(ROLLBACK_TO_SAVEPOINT);
        if (!(error instanceof AppError) && !(error instanceof RunRefused)) {
          log(`task scheduler: run of schedule ${id} failed`, error);
        }
        await repo.insertActivity(tx, tenantId, {
          scheduleId: id,
          scheduledFor: plan.runAt,
          outcome: 'failed',
          message: error instanceof RunRefused ? error.message : failureMessage(error),
        });
        outcome = 'failed';
      }
      await repo.recordRun(tx, tenantId, id, { lastRunAt: plan.runAt, nextRunAt: plan.nextRunAt });
      return outcome;
    });

  return {
    /** One pass over the schedules due by `now` (tests pass the moment; nodes use the clock). */
    async tick(now: Date = new Date()): Promise<TickReport> {
      const report: TickReport = { ran: 0, created: 0, failed: 0 };
      for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
        const due = await repo.dueSchedules(db.global, now, batchSize);
        let progressed = 0;
        for (const { id, tenant_id } of due) {
          let outcome: Outcome;
          try {
            outcome = await runOne(tenant_id, id, now);
          } catch (error) {
            log(`task scheduler: schedule ${id} could not be run`, error);
            continue;
          }
          if (outcome === 'not-due') continue;
          progressed += 1;
          report.ran += 1;
          if (outcome === 'created') report.created += 1;
          if (outcome === 'failed') report.failed += 1;
        }
        // A short batch was the last one; a batch of rows other nodes hold would only repeat.
        if (due.length < batchSize || progressed === 0) break;
      }
      return report;
    },
  };
}

export type ScheduleRunner = ReturnType<typeof createScheduleRunner>;

/**
 * Ticks `runner` every `periodMs` on this node (the first tick at once: runs missed while no node
 * was up are caught up on start). A tick never overlaps the previous one; stop() waits for it.
 */
export function startScheduleTicker(
  runner: { tick(): Promise<unknown> },
  periodMs: number,
  log: (message: string, error?: unknown) => void,
): { stop: () => Promise<void> } {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = runner
      .tick()
      .catch((error: unknown) => log('task scheduler: tick failed', error))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, periodMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
