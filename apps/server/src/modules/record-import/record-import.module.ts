import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { IMPORT_MAX_BYTES } from '@formloop/contracts';
import type { Config } from '../../platform/config/config.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { createImportRunner } from './import-runner.ts';
import { recordImportRoutes } from './record-import.routes.ts';
import { createRecordImportService } from './record-import.service.ts';

export interface RecordImportModuleDeps extends ModuleDeps {
  config: Config;
  /** Owner pool: DDL the app role may not run (list indexes); never used to serve data. */
  owner: pg.Pool;
}

/** CSV import of records into an app, streaming with progress. */
export async function registerRecordImportModule(
  app: FastifyInstance,
  deps: RecordImportModuleDeps,
): Promise<void> {
  const runner = createImportRunner(deps.db, app.log);
  // Running imports stop at their next batch (marked failed) before the database pool closes.
  app.addHook('onClose', () => runner.close());
  const service = createRecordImportService({
    db: deps.db,
    runner,
    tempDir: path.join(deps.config.dataDir, 'tmp', 'record-imports'),
  });
  // Multipart parsing only for these routes: one file a request, as large as an import may be.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20 },
    });
    await scope.register(recordImportRoutes({ service, guard: deps.guard }));
  });
}
