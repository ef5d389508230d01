import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../module-deps.ts';

/** Placeholder until the menus slice lands. */
export async function registerMenuModule(_app: FastifyInstance, _deps: ModuleDeps & Record<string, unknown>): Promise<void> {}
