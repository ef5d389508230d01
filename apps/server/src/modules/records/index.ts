// The public surface of modules/records: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Records (EntryModule): the published form, save, submit, detail, delete, comments; who may do what with records.

export { registerRecordsModule } from './records.module.ts';
export {
  appStandsSql,
  draftOpenTo,
  fillsThroughTask,
  mayDo,
  readsThroughTask,
  recordAppAccess,
  recordAppOr404,
  requireAction,
  requireGranted,
  taskFormAppOr404,
  versionDefinition,
} from './record-access.ts';
export type { RecordApp, RecordAppAccess } from './record-access.ts';
export { recallApp, rememberApp } from './record-app-cache.ts';
export type { CachedApp } from './record-app-cache.ts';
export { recomputeRecordValues } from './record-formulas.ts';
export { prepareRecordValues, sanitiseRichText } from './record-prepare.ts';
export { RECORD_SELECT, RECORD_USER_JOINS, toRecordRow } from './record-row.ts';
export type { RawRecordRow } from './record-row.ts';
export { sequenceNumberFields } from './record-sequences.ts';
export { auditValues, recordMissing, recordOfApp } from './record-views.ts';
/** One record as its caller may open it (the detail's reading) with its comments, for a printout. */
export { PRINTED_COMMENTS_LIMIT, printableRecord } from './record-printable.ts';
export type { PrintableRecord } from './record-printable.ts';
export { createRecordInTransaction } from './records-write.service.ts';
export { appOfRecord } from './records.repository.ts';
export { filterSql } from './record-query/filter-sql.ts';
export type { ListFilter } from './record-query/filter-sql.ts';
export { fieldExpressions, ListColumns, STATUS_SQL, TEXT_KINDS } from './record-query/list-columns.ts';
export type { ColumnKind, ListColumn } from './record-query/list-columns.ts';
