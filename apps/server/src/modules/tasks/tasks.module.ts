import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { taskLookupRoutes } from './task-lookups.routes.ts';
import { createTaskLookupService } from './task-lookups.service.ts';
import { taskRoutes } from './tasks.routes.ts';
import { createTaskService } from './tasks.service.ts';

/**
 * The read side of tasks and the workflow lookups: task lists, the badge, a task's detail, the
 * designer's approver picker, the reassign dialog's people, field permissions and sharing. The
 * permissible list (GET /api/permissible-list/dataset) is served by the reference-data module.
 */
export async function registerTasksModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(taskRoutes({ service: createTaskService(deps.db), guard: deps.guard }));
  await app.register(taskLookupRoutes({ service: createTaskLookupService(deps.db), guard: deps.guard }));
}
