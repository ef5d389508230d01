// The public surface of modules/tenancy: other modules, app.ts and tests of other modules import
// only from here (eslint: no-restricted-imports); the other files of this folder are its own.
// Tenant info and the domain check.

export { createTenantRepository } from './tenant.repository.ts';
export { tenantRoutes } from './tenant.routes.ts';
export { createTenantService } from './tenant.service.ts';
