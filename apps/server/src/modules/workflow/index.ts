// The public surface of modules/workflow: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Runs workflows: applies the engine's transitions, starts instances on submit, job activities, instance SQL.

export { startWorkflowWorker, workflowJobEffects } from './workflow-jobs.ts';
export { pinnedDefinitionOf, recordWorkflowStatus, runTransition } from './workflow-runner.ts';
export type { JobEffects, TransitionFacts } from './workflow-runner.ts';
export {
  actingTask,
  hasRunnableWorkflow,
  resubmitRecord,
  startInstance,
  taskAtRecord,
} from './workflow-start.ts';
export {
  completeTask,
  findTask,
  insertHistory,
  isActiveUser,
  lockInstance,
  lockInstanceOfRecord,
  lockTaskInstance,
  reassignmentDisabled,
  reassignTask,
  recordHistory,
  returnRecordToDraft,
  userNames,
} from './workflow.repository.ts';
export type { HistoryRecordRow, InstanceRow, TaskRow } from './workflow.repository.ts';
export { holdsOpenTaskInApp, holdsTaskOfRecord } from './task-holders.ts';
