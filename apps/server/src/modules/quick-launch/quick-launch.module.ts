import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { quickLaunchRoutes } from './quick-launch.routes.ts';
import type { QuickLaunchService } from './quick-launch.service.ts';

/**
 * Quick launch (the tiles of /dashboard): get, set, the apps to add, sortupdate. The service is made
 * by app.ts (createQuickLaunchService), which also hands its onAppCreated to the apps module.
 */
export async function registerQuickLaunchModule(
  app: FastifyInstance,
  deps: ModuleDeps & { service: QuickLaunchService },
): Promise<void> {
  await app.register(quickLaunchRoutes({ service: deps.service, guard: deps.guard }));
}
