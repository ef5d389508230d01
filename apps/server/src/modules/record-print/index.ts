// The public surface of modules/record-print: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// An entry printed as PDF (its fields as its viewer sees them, workflow history, comments).

export { registerRecordPrintModule } from './record-print.module.ts';
