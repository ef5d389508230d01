import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { moduleCategoryRoutes } from './module-category.routes.ts';
import { createModuleCategoryService } from './module-category.service.ts';

/** App groups (/module-categories): list for every signed-in user; create, rename, delete, order for settings roles. */
export async function registerModuleCategoryModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(
    moduleCategoryRoutes({ service: createModuleCategoryService(deps.db), guard: deps.guard }),
  );
}
