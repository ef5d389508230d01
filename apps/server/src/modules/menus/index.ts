// The public surface of modules/menus: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Stored menus (/settings/menu) and every user's application menu (built-in entries + stored menus).

export { registerMenuModule } from './menus.module.ts';
export { appMenuFor } from './app-menu.ts';
