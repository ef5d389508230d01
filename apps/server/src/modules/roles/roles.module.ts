import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';

/** Placeholder until the roles slice lands. */
export async function registerRoleModule(_app: FastifyInstance, _deps: ModuleDeps & Record<string, unknown>): Promise<void> {}
