import type { ModuleDefinition } from '@formloop/domain';
import type { AppRow } from '../apps/index.ts';

// Published definitions of recently used apps, per process, so creating a record needs no read of
// the app first: the insert itself checks that the app is still published at the cached version
// and that the caller's grants allow it (InsertGuard), and on any doubt the full path runs. A
// definition only changes by publishing, which bumps module_version, so a stale entry is never used.

export interface CachedApp {
  app: AppRow;
  definition: ModuleDefinition;
}

const MAX_ENTRIES = 200;
const cache = new Map<string, CachedApp>();
const keyOf = (tenantId: string, appId: string) => `${tenantId}:${appId.toLowerCase()}`;

export function recallApp(tenantId: string, appId: string): CachedApp | null {
  return cache.get(keyOf(tenantId, appId)) ?? null;
}

export function rememberApp(tenantId: string, entry: CachedApp): void {
  const key = keyOf(tenantId, entry.app.id);
  cache.delete(key);
  cache.set(key, entry);
  // Oldest first out: a Map keeps insertion order.
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
}
