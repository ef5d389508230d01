// The public surface of modules/files: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Uploads and downloads of record files over platform/files storage; the orphan-file sweeper.

export { registerFilesModule } from './files.module.ts';
export { startOrphanFileSweeper } from './orphan-files.ts';
