// What other features use of the tasks feature. Kept light on purpose: the shell loads it with the
// sidebar, whose Home entry resets the task list's remembered position (spec §2). Pages and panels
// are imported from their own files (lazily by the router).
export {
  readTaskListPosition,
  resetTaskListPosition,
  TASK_LIST_POSITION_KEY,
  type TaskListPosition,
} from './lib/list-position.ts';
export { TASKS_PATH, taskEditorPath } from './paths.ts';
export { taskKeys } from './api.ts';
// The message wording is shared with the scheduler.
export { useTaskMessage } from './messages.ts';
