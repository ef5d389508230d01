import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { Config } from '../../platform/config/config.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { recordLookupsRoutes } from './record-lookups.routes.ts';
import { createRecordLookupsService } from './record-lookups.service.ts';
import { createRemoteUrlService } from './remote-url.service.ts';

export interface RecordLookupsModuleDeps extends ModuleDeps {
  config: Config;
  /** Owner pool: DDL the app role may not run (list indexes); never used to serve data. */
  owner: pg.Pool;
}

/** Lookups to other apps' records, the RemoteUrl proxy and the gov headers. */
export async function registerRecordLookupsModule(
  app: FastifyInstance,
  deps: RecordLookupsModuleDeps,
): Promise<void> {
  const remote = createRemoteUrlService({
    db: deps.db,
    policy: {
      allowPrivate: deps.config.REMOTE_URL_ALLOW_PRIVATE,
      timeoutMs: deps.config.REMOTE_URL_TIMEOUT_MS,
    },
    vendorIp: deps.config.GOV_VENDOR_PUBLIC_IP,
  });
  await app.register(
    recordLookupsRoutes({ lookups: createRecordLookupsService(deps.db), remote, guard: deps.guard }),
  );
}
