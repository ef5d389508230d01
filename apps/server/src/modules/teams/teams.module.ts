import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';
import { teamRoutes } from './teams.routes.ts';
import { createTeamService } from './teams.service.ts';

/** Teams (/settings/team-management): managed by settings roles; the lookup is for every signed-in user. */
export async function registerTeamModule(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  await app.register(teamRoutes({ service: createTeamService(deps.db), guard: deps.guard }));
}
