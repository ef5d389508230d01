import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { menuRoutes } from './menus.routes.ts';
import { createMenuService } from './menus.service.ts';

/** Stored application menus (/settings/menu and the sidebar tree): list for everyone, manage for settings roles. */
export async function registerMenuModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(menuRoutes({ service: createMenuService(deps.db), guard: deps.guard }));
}
