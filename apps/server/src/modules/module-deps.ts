import type { createAuthenticate } from '../platform/auth/request-auth.ts';
import type { TenantDb } from '../platform/database/tenant-db.ts';

/** What a domain module gets from the app: tenant-scoped database access and the request guard. */
export interface ModuleDeps {
  db: TenantDb;
  guard: ReturnType<typeof createAuthenticate>;
}
