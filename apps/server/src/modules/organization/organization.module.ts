import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { organizationRoutes } from './organization.routes.ts';
import { createOrganizationService } from './organization.service.ts';

/** Organization preference: GET current for everyone, time zone and formats for settings roles. */
export async function registerOrganizationModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(
    organizationRoutes({ service: createOrganizationService({ db: deps.db }), guard: deps.guard }),
  );
}
