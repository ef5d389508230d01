// What other features use of the records feature (the record list pages are routed lazily).
export { recordKeys, useRecordForm } from './api.ts';
/** The record list opened on a report group's filters (drill to records). */
export { recordListHref } from './lib/drill-link.ts';
