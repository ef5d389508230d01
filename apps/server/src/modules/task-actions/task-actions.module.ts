import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { createWorkflowActionsService } from './task-actions.service.ts';
import { createWorkflowHistoryService } from './workflow-history.service.ts';
import type { JobEffects } from '../workflow/index.ts';
import { workflowRoutes } from './task-actions.routes.ts';

export interface TaskActionsModuleDeps extends ModuleDeps {
  jobs?: JobEffects;
}

/**
 * What people do to tasks and a record's workflow: approve, go back, reassign, withdraw, restart, and
 * the workflow history (spec §7 under /api/EntryModule/). Runs the transitions through modules/workflow
 * (the engine itself is packages/workflow); the read side of tasks is modules/tasks.
 */
export async function registerTaskActionsModule(
  app: FastifyInstance,
  deps: TaskActionsModuleDeps,
): Promise<void> {
  await app.register(
    workflowRoutes({
      actions: createWorkflowActionsService(deps.db, deps.jobs),
      history: createWorkflowHistoryService(deps.db),
      guard: deps.guard,
    }),
  );
}
