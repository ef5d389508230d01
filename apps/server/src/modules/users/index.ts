// The public surface of modules/users: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Users and licences.

import { insertUser } from './users.repository.ts';
export { registerUserModule } from './users.module.ts';
export { auditView, requireSeat } from './users-rules.ts';
export { teamsOfUser } from './users.repository.ts';

/** What other modules write through users's store. */
export const usersRepo = { insertUser };
