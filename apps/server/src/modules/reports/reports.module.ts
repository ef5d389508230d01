import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { reportRoutes } from './reports.routes.ts';
import { createReportService } from './reports.service.ts';

/** Reports (/reports, /report-designer, /report-viewer): builders only (spec §6). */
export async function registerReportsModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(reportRoutes({ service: createReportService(deps.db), guard: deps.guard }));
}
