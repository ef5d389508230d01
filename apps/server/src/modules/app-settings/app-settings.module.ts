import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { appSettingsRoutes } from './app-settings.routes.ts';
import { createAppSettingsService } from './app-settings.service.ts';
import { recordTemplateRoutes } from './record-templates.routes.ts';
import { createRecordTemplateService } from './record-templates.service.ts';

/** Per-app settings: email templates, reassignment, module config, record templates, editor lookups. */
export async function registerAppSettingsModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(appSettingsRoutes({ service: createAppSettingsService(deps.db), guard: deps.guard }));
  await app.register(
    recordTemplateRoutes({ service: createRecordTemplateService(deps.db), guard: deps.guard }),
  );
}
