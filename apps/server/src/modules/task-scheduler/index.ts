// The public surface of modules/task-scheduler: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Scheduled record creation (cron per schedule, in its time zone).

export { registerTaskSchedulerModule } from './task-scheduler.module.ts';
/** Cron schedules in a zone and the missed-run rule, for other scheduled work (report deliveries). */
export { parseSchedule, planDueRun, nextRunAfter } from './schedule-timing.ts';
/** Ticks a runner every period on this node, never overlapping (report deliveries tick with it). */
export { startScheduleTicker } from './schedule-runner.ts';
