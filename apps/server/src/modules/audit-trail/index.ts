// The public surface of modules/audit-trail: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// The system administrators' audit trail, with diffs.

export { registerAuditTrailModule } from './audit-trail.module.ts';
