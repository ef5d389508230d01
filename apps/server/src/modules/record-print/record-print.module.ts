import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { recordPrintRoutes } from './record-print.routes.ts';
import { createRecordPrintService } from './record-print.service.ts';

/** Printing an entry: the entry with its workflow history and comments as a PDF, as its viewer sees it. */
export async function registerRecordPrintModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(recordPrintRoutes({ service: createRecordPrintService(deps.db), guard: deps.guard }));
}
