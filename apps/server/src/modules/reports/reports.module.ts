import type { FastifyInstance } from 'fastify';
import type { Config } from '../../platform/config/config.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { startScheduleTicker } from '../task-scheduler/index.ts';
import { reportRoutes } from './reports.routes.ts';
import { createReportService } from './reports.service.ts';
import { createReportExportService } from './report-export.service.ts';
import { createDeliveryRunner, createReportDeliveryService } from './report-deliveries.service.ts';

export interface ReportsModuleDeps extends ModuleDeps {
  mailer: Mailer;
  config: Pick<Config, 'SCHEDULER_TICK_MS'>;
}

/**
 * Reports (/reports, /report-designer, /report-viewer): builders only (spec §6). Scheduled
 * deliveries tick with the task scheduler's period on every node (0: this node does not).
 */
export async function registerReportsModule(app: FastifyInstance, deps: ReportsModuleDeps): Promise<void> {
  const service = createReportService(deps.db);
  const exports = createReportExportService(deps.db, service);
  const deliveries = createReportDeliveryService(deps.db);
  await app.register(reportRoutes({ service, exports, deliveries, guard: deps.guard }));
  const period = deps.config.SCHEDULER_TICK_MS;
  if (period <= 0) return;
  const log = (message: string, error?: unknown) => app.log.error({ err: error }, message);
  const runner = createDeliveryRunner({ db: deps.db, exports, mailer: deps.mailer, log });
  let ticker: { stop: () => Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    ticker = startScheduleTicker(runner, period, log);
  });
  app.addHook('preClose', async () => {
    await ticker?.stop();
  });
}
