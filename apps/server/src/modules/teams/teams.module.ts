import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';

/** Placeholder until the teams slice lands. */
export async function registerTeamModule(_app: FastifyInstance, _deps: ModuleDeps & Record<string, unknown>): Promise<void> {}
