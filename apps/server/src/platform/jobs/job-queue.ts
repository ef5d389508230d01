import PgBoss from 'pg-boss';
import type pg from 'pg';
import { APP_ROLE } from '@formloop/db';

// Background jobs on pg-boss (DESIGN.md): a PostgreSQL-native queue with retries and backoff, in its
// own schema. pg-boss runs its maintenance on the owner pool; the app role may only add jobs (in
// the transaction of the change that causes them, so a job exists exactly when its change
// committed) and read the queues' settings that adding a job consults.

export const JOB_SCHEMA = 'pgboss';

/** A pg-boss executor on a pg pool or client: how pg-boss runs SQL on connections it does not own. */
export const executorOf = (runner: pg.Pool | pg.PoolClient): PgBoss.Db => ({
  executeSql: (text, values) => runner.query(text, values),
});

export interface JobQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

export async function startJobQueue(
  owner: pg.Pool,
  log: (message: string, error?: unknown) => void,
  options: { pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const boss = new PgBoss({ db: executorOf(owner), schema: JOB_SCHEMA, ...options });
  boss.on('error', (error) => log('jobs: pg-boss error', error));
  await boss.start();
  await owner.query(`GRANT USAGE ON SCHEMA ${JOB_SCHEMA} TO ${APP_ROLE}`);
  await owner.query(`GRANT SELECT ON ${JOB_SCHEMA}.queue TO ${APP_ROLE}`);
  await owner.query(`GRANT SELECT, INSERT ON ${JOB_SCHEMA}.job TO ${APP_ROLE}`);
  return {
    boss,
    // Graceful: running handlers finish (bounded), nothing new is fetched.
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
