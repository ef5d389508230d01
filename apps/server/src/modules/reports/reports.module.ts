import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { FileStorage } from '../../platform/files/file-storage.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { startScheduleTicker } from '../task-scheduler/index.ts';
import { reportRoutes } from './reports.routes.ts';
import { createReportService } from './reports.service.ts';
import { createReportExportService } from './report-export.service.ts';
import { createDeliveryRunner, createReportDeliveryService } from './report-deliveries.service.ts';
import { createReportExportJobs } from './report-export-jobs.ts';

export interface ReportsModuleDeps extends ModuleDeps {
  mailer: Mailer;
  config: Pick<Config, 'SCHEDULER_TICK_MS'>;
  /** Background exports: the job queue and where their files are kept (absent: none, all stream). */
  background?: { boss: PgBoss; storage: FileStorage };
}

/**
 * Reports (/reports, /report-designer, /report-viewer): builders only (spec §6). Scheduled
 * deliveries tick with the task scheduler's period on every node (0: this node does not).
 */
export async function registerReportsModule(app: FastifyInstance, deps: ReportsModuleDeps): Promise<void> {
  const service = createReportService(deps.db);
  const exports = createReportExportService(deps.db, service);
  const deliveries = createReportDeliveryService(deps.db);
  const log = (message: string, error?: unknown) => app.log.error({ err: error }, message);
  const jobs = deps.background
    ? createReportExportJobs({ db: deps.db, ...deps.background, reports: service, exports })
    : undefined;
  await app.register(reportRoutes({ service, exports, deliveries, jobs, guard: deps.guard }));
  if (jobs) await jobs.startWorker(log);
  const period = deps.config.SCHEDULER_TICK_MS;
  if (period <= 0) return;
  const runner = createDeliveryRunner({ db: deps.db, exports, mailer: deps.mailer, log });
  let ticker: { stop: () => Promise<void> } | null = null;
  app.addHook('onReady', async () => {
    ticker = startScheduleTicker(runner, period, log);
  });
  app.addHook('preClose', async () => {
    await ticker?.stop();
  });
}
