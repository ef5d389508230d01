// The public surface of modules/record-import: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Streamed CSV import of records with progress and rejected rows.

export { registerRecordImportModule } from './record-import.module.ts';
