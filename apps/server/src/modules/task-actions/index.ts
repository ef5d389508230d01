// The public surface of modules/task-actions: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// What people do to tasks and a record's workflow: approve, go back, reassign, withdraw, restart, history.

export { registerTaskActionsModule } from './task-actions.module.ts';
