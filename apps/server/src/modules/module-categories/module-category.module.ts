import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';

/** Registers the ModuleCategory routes. (Being built: routes arrive in this issue.) */
export async function registerModuleCategoryModule(_app: FastifyInstance, _deps: ModuleDeps): Promise<void> {}
