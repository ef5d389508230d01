// The public surface of modules/record-lists: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Record lists: datatables, summary, export, table configuration, per-app list indexes.

export { registerRecordListsModule } from './record-lists.module.ts';
export { ensureRecordIndexes, reconcileRecordIndexes, recordIndexScheduler } from './record-indexes.ts';
/** Where lists stop counting exactly (bench/count-threshold reports it beside its measurements). */
export { EXACT_COUNT_LIMIT } from './record-query/list-query.ts';
/** The record list's source and scope: reports read exactly the rows the list shows (ADR 0014). */
export { LIST_SOURCE, scopeSql } from './record-query/list-query.ts';
/** The record list itself (reports' plain tables are the viewer's own list of the app). */
export { createRecordListService } from './record-lists.service.ts';
/** The list's export (reports export their plain tables through it, under their heading). */
export {
  contentDisposition,
  createRecordExportService,
  EXPORT_CONTENT_TYPES,
} from './record-export.service.ts';
export type { PreparedExport } from './record-export.service.ts';
