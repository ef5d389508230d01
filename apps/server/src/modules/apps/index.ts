// The public surface of modules/apps: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Apps (the builder's Editor API): create, list, get, save, publish, copy, delete; who may see an app.

export { registerAppsModule } from './apps.module.ts';
export { appOr404, enterableScope, maySee, visibleAppOr404, visibleScope } from './app-access.ts';
export type { AppCaller } from './app-access.ts';
export { asDefinition } from './app-views.ts';
export type { AppScope } from './apps-list.repository.ts';
export { findApp } from './apps.repository.ts';
export type { OnAppCreated } from './apps.service.ts';
export type { AppRow } from './apps.repository.ts';
