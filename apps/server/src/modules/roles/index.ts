// The public surface of modules/roles: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Roles and the permission matrix.

export { registerRoleModule } from './roles.module.ts';
