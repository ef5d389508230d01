import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { createWorkflowActionsService } from './workflow-actions.service.ts';
import { createWorkflowHistoryService } from './workflow-history.service.ts';
import type { JobEffects } from './workflow-runner.ts';
import { workflowRoutes } from './workflow.routes.ts';

export interface WorkflowModuleDeps extends ModuleDeps {
  jobs?: JobEffects;
}

/** Workflows: task actions and history (the engine itself is packages/workflow). */
export async function registerWorkflowModule(app: FastifyInstance, deps: WorkflowModuleDeps): Promise<void> {
  await app.register(
    workflowRoutes({
      actions: createWorkflowActionsService(deps.db, deps.jobs),
      history: createWorkflowHistoryService(deps.db),
      guard: deps.guard,
    }),
  );
}
