// The public surface of modules/app-settings: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Per-app settings: e-mail templates per event, reassignment, module config, record templates, user lookup.

export { registerAppSettingsModule } from './app-settings.module.ts';
export { lookupActiveUsers } from './app-settings.repository.ts';
