// The public surface of modules/task-scheduler: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Scheduled record creation (cron per schedule, in its time zone).

export { registerTaskSchedulerModule } from './task-scheduler.module.ts';
