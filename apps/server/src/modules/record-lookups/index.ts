// The public surface of modules/record-lookups: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Lookup fields' options, aggregates and the RemoteUrl proxy.

export { registerRecordLookupsModule } from './record-lookups.module.ts';
