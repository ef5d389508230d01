// What other features use of the records feature (the record list pages are routed lazily).
export { recordKeys, useRecordForm, useUserNames } from './api.ts';
export { cellText, type CellContext } from './lib/format-value.ts';
export { listColumns, userIdsOnPage, type ColumnKind, type ListColumn } from './lib/list-columns.ts';
/** The record list opened on a report group's filters (drill to records). */
export { recordListHref } from './lib/drill-link.ts';
