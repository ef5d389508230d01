import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';

/** Placeholder until the users slice lands. */
export async function registerUserModule(_app: FastifyInstance, _deps: ModuleDeps & Record<string, unknown>): Promise<void> {}
