// The public surface of modules/teams: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Teams and their members.

export { registerTeamModule } from './teams.module.ts';
export { findTeam } from './teams.repository.ts';
