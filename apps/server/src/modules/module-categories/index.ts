// The public surface of modules/module-categories: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// App groups (module categories).

export { registerModuleCategoryModule } from './module-category.module.ts';
