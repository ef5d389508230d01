import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from '../../platform/config/config.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { recordListConfigRoutes } from './record-list-config.routes.ts';
import { createRecordListConfigService } from './record-list-config.service.ts';
import { createIndexProgressService } from './record-index-progress.service.ts';
import { scheduleRecordIndexes } from './record-indexes.ts';
import { recordListRoutes } from './record-lists.routes.ts';
import { createRecordListService } from './record-lists.service.ts';
import { createRecordExportService } from './record-export.service.ts';

export interface RecordListsModuleDeps extends ModuleDeps {
  config: Config;
  /** Owner pool: DDL the app role may not run (list indexes); never used to serve data. */
  owner: pg.Pool;
}

/** Record lists: datatables, draftdatatables, summary, export, table configuration, list indexes. */
export async function registerRecordListsModule(
  app: FastifyInstance,
  deps: RecordListsModuleDeps,
): Promise<void> {
  await app.register(
    recordListRoutes({
      lists: createRecordListService(deps.db),
      exports: createRecordExportService(deps.db),
      guard: deps.guard,
    }),
  );
  // A saved list configuration's filters and sorts feed the app's index plan: re-plan in the background.
  const replan = (tenantId: string, moduleId: string) =>
    scheduleRecordIndexes(deps.owner, app.log, moduleId, tenantId);
  await app.register(
    recordListConfigRoutes({
      configs: createRecordListConfigService(deps.db, replan),
      progress: createIndexProgressService(deps.db, deps.owner),
      guard: deps.guard,
    }),
  );
}
