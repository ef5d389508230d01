import type { FastifyInstance } from 'fastify';
import type { AppWriteClock } from '../../platform/realtime/app-writes.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createReportService } from '../reports/index.ts';
import { dashboardRoutes } from './dashboards.routes.ts';
import { createDashboardService } from './dashboards.service.ts';

/** Dashboards (/dashboard): builders only (spec §6); card caches follow the app writes clock. */
export async function registerDashboardsModule(
  app: FastifyInstance,
  deps: ModuleDeps & { clock: AppWriteClock | null },
): Promise<void> {
  const service = createDashboardService(deps.db, createReportService(deps.db), deps.clock);
  await app.register(dashboardRoutes({ service, guard: deps.guard }));
}
