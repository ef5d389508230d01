// The public surface of modules/access: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// What a user's roles grant: (resource, action) grants read per request, in the caller's transaction.

export { grantedResources, grantedSql, isGranted, revokeResources } from './access.repository.ts';
