import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config.ts';
import type { ModuleDeps } from '../module-deps.ts';
import type { JobEffects } from '../workflow/index.ts';
import { createScheduleRunner, startScheduleTicker } from './schedule-runner.ts';
import { taskSchedulerRoutes } from './task-scheduler.routes.ts';
import { createTaskSchedulerService } from './task-scheduler.service.ts';

export interface TaskSchedulerDeps extends ModuleDeps {
  config: Pick<Config, 'SCHEDULER_TICK_MS'>;
  /** Where scheduled submissions add their workflows' job activities. */
  jobs?: JobEffects;
}

/**
 * The task scheduler (issue 8): the API of an app's schedules, and the tick that runs them. Every
 * node ticks every SCHEDULER_TICK_MS (0: this node does not); row locks decide which node runs an
 * instant, so adding nodes never runs one twice.
 */
export async function registerTaskSchedulerModule(
  app: FastifyInstance,
  deps: TaskSchedulerDeps,
): Promise<void> {
  await app.register(
    taskSchedulerRoutes({ service: createTaskSchedulerService(deps.db), guard: deps.guard }),
  );
  const period = deps.config.SCHEDULER_TICK_MS;
  if (period <= 0) return;
  const log = (message: string, error?: unknown) => app.log.error({ err: error }, message);
  const runner = createScheduleRunner({ db: deps.db, jobs: deps.jobs, log });
  let ticker: { stop: () => Promise<void> } | null = null;
  // Ticks start once the server is up and stop (waiting for the one running) before its pools close.
  app.addHook('onReady', async () => {
    ticker = startScheduleTicker(runner, period, log);
  });
  app.addHook('preClose', async () => {
    await ticker?.stop();
  });
}
