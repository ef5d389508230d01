import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import type { JobEffects } from '../workflow/index.ts';
import { createInstanceRetryService } from './instance-retry.service.ts';
import { processEngineRoutes } from './process-engine.routes.ts';
import { createProcessEngineService } from './process-engine.service.ts';

export interface ProcessEngineModuleDeps extends ModuleDeps {
  /** A retried job activity (e-mail, HTTP, timer) is queued on pg-boss like any transition's. */
  jobs?: JobEffects;
}

/** The process engine for system administrators: definitions, instances, retry, dashboard, e-mail log. */
export async function registerProcessEngineModule(
  app: FastifyInstance,
  deps: ProcessEngineModuleDeps,
): Promise<void> {
  await app.register(
    processEngineRoutes({
      service: createProcessEngineService(deps.db),
      retry: createInstanceRetryService(deps.db, deps.jobs),
      guard: deps.guard,
    }),
  );
}
