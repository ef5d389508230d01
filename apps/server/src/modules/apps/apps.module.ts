import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { appCatalogueRoutes } from './apps-catalogue.routes.ts';
import { createAppCatalogueService } from './apps-catalogue.service.ts';
import { createPublishService, type OnPublished } from './apps-publish.service.ts';
import { appReadRoutes } from './apps-read.routes.ts';
import { createAppReadService } from './apps-read.service.ts';
import { appCommandRoutes } from './apps.routes.ts';
import { createAppService, type OnAppCreated } from './apps.service.ts';
import { workflowDefinitionRoutes } from './workflow-definition.routes.ts';
import { createWorkflowDefinitionService } from './workflow-definition.service.ts';

/**
 * Apps (Editor API): create, list, save draft, publish, copy, delete, favourites, most used,
 * dataentrylookup; and the workflow engine's workflow-definition/create (the app's draft workflow).
 */
export async function registerAppsModule(
  app: FastifyInstance,
  deps: ModuleDeps & { onPublished?: OnPublished; onCreated?: OnAppCreated },
): Promise<void> {
  await app.register(
    appCommandRoutes({
      apps: createAppService(deps.db, deps.onCreated),
      publishing: createPublishService(deps.db, deps.onPublished),
      guard: deps.guard,
    }),
  );
  await app.register(appReadRoutes({ service: createAppReadService(deps.db), guard: deps.guard }));
  await app.register(appCatalogueRoutes({ service: createAppCatalogueService(deps.db), guard: deps.guard }));
  // The app's workflow draft is the apps module's: {workflow-engine}/workflow-definition/create writes it.
  await app.register(
    workflowDefinitionRoutes({ service: createWorkflowDefinitionService(deps.db), guard: deps.guard }),
  );
}
