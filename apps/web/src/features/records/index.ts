// What other features use of the records feature (the record list pages are routed lazily).
export { recordKeys, useRecordForm } from './api.ts';
