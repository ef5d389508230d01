// The public surface of modules/tasks: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// The read side of tasks: lists, badge total, detail, the designer's and reassign dialog's lookups.

export { registerTasksModule } from './tasks.module.ts';
