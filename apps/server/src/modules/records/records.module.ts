import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from '../../platform/config/config.ts';
import type { ModuleDeps } from '../module-deps.ts';
import type { JobEffects } from '../workflow/index.ts';
import { recordCommentRoutes } from './record-comments.routes.ts';
import { createRecordCommentsService } from './record-comments.service.ts';
import { recordRoutes } from './records.routes.ts';
import { createRecordsService } from './records.service.ts';
import { createRecordWriteService } from './records-write.service.ts';

export interface RecordsModuleDeps extends ModuleDeps {
  config: Config;
  /** Owner pool: DDL the app role may not run (list indexes); never used to serve data. */
  owner: pg.Pool;
  /** Where submissions add the jobs of their workflows' job activities. */
  jobs?: JobEffects;
}

/** Records (EntryModule): the published form, save, submit, detail, delete, comments. */
export async function registerRecordsModule(app: FastifyInstance, deps: RecordsModuleDeps): Promise<void> {
  await app.register(
    recordRoutes({
      records: createRecordsService(deps.db),
      writes: createRecordWriteService(deps.db, deps.jobs),
      guard: deps.guard,
    }),
  );
  await app.register(
    recordCommentRoutes({ comments: createRecordCommentsService(deps.db), guard: deps.guard }),
  );
}
