// The public surface of modules/organization: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// The organization preference (time zone, formats).

export { registerOrganizationModule } from './organization.module.ts';
export { findPreference } from './organization.repository.ts';
export { organizationZone, toPreference } from './organization.service.ts';
