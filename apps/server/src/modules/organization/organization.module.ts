import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';

/** Registers the Organization routes. (Being built: routes arrive in this issue.) */
export async function registerOrganizationModule(_app: FastifyInstance, _deps: ModuleDeps): Promise<void> {}
