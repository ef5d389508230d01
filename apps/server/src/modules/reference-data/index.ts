// The public surface of modules/reference-data: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Reference data: lists, categories, rows, datasets, CSV import.

export { registerReferenceDataModule } from './reference-data.module.ts';
