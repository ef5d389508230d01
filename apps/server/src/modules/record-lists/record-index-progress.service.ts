import type pg from 'pg';
import type { IndexProgress } from '@formloop/contracts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { appOr404 } from '../apps/index.ts';
import { buildProgress } from './record-index-progress.ts';

// The builder's view of an app's index build (GET indexprogress): the app must be the caller's
// tenant's (else 404, like every builder route), then this process's build state of it.

export function createIndexProgressService(db: TenantDb, owner: pg.Pool) {
  return {
    async get(ctx: CallContext, moduleId: string): Promise<IndexProgress> {
      const app = await db.inTenant(ctx.tenantId, (tx) => appOr404(tx, ctx.tenantId, moduleId));
      return buildProgress(owner, app.id);
    },
  };
}
