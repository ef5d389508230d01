import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { reportRoutes } from './reports.routes.ts';
import { createReportService } from './reports.service.ts';
import { createReportExportService } from './report-export.service.ts';

/** Reports (/reports, /report-designer, /report-viewer): builders only (spec §6). */
export async function registerReportsModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const service = createReportService(deps.db);
  const exports = createReportExportService(deps.db, service);
  await app.register(reportRoutes({ service, exports, guard: deps.guard }));
}
