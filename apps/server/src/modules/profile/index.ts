// The public surface of modules/profile: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// My Profile, security questions, time zones.

export { registerProfileModule } from './profile.module.ts';
export { acceptTimeZone } from './time-zones.ts';
