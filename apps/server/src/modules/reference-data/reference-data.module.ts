import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { referenceDataRoutes } from './reference-data.routes.ts';
import { createReferenceDataService } from './reference-data.service.ts';
import { createReferenceImportService } from './reference-import.service.ts';
import { referenceRowRoutes } from './reference-rows.routes.ts';
import { createReferenceRowsService } from './reference-rows.service.ts';

/**
 * Reference data: lists, categories, rows, datasets and CSV import. Every signed-in user reads them
 * (dropdown fields show list values); full users and consultants change them.
 */
export async function registerReferenceDataModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const lists = createReferenceDataService(deps.db);
  await app.register(
    referenceDataRoutes({
      service: lists,
      importer: createReferenceImportService(deps.db),
      guard: deps.guard,
    }),
  );
  await app.register(
    referenceRowRoutes({ lists, rows: createReferenceRowsService(deps.db), guard: deps.guard }),
  );
}
