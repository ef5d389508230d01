// The public surface of modules/process-engine: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// The process engine pages for system administrators: definitions, instances, retry, dashboard, e-mail log.

export { registerProcessEngineModule } from './process-engine.module.ts';
