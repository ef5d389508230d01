import { msg } from '@formloop/contracts';
import type { AuditDataTable, AuditEntryDetail } from '@formloop/contracts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { auditDiff, redact } from './audit-diff.ts';
import * as repo from './audit-trail.repository.ts';

export interface AuditListInput {
  page: number;
  length: number;
  orders: repo.ListQuery['orders'];
  search: string;
  filters: repo.ListQuery['filters'];
}

const toRecord = (row: repo.AuditListRow) => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  user_id: row.userId,
  username: row.username,
  fullname: row.fullname,
  entity: row.entity,
  entity_id: row.entityId,
  action: row.action,
  request_id: row.requestId,
});

/** Reads of the audit log (spec §7 "Audit"); the log itself is written by every other module. */
export function createAuditTrailService(db: TenantDb) {
  return {
    async list(ctx: CallContext, input: AuditListInput): Promise<AuditDataTable> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const page = await repo.listPage(tx, ctx.tenantId, {
          offset: (input.page - 1) * input.length,
          limit: input.length,
          orders: input.orders.length > 0 ? input.orders : [{ column: 'created_at', dir: 'desc' }],
          search: input.search,
          filters: input.filters,
        });
        return {
          records: page.rows.map(toRecord),
          recordsTotal: page.recordsTotal,
          recordsFiltered: page.recordsFiltered,
          estimated: page.estimated,
        };
      });
    },

    /** One entry; before, after and the diff never carry a secret's value. */
    async entry(ctx: CallContext, id: number): Promise<AuditEntryDetail> {
      const row = await db.inTenant(ctx.tenantId, (tx) => repo.findOne(tx, ctx.tenantId, id));
      if (!row) throw notFound(msg('server.auditEntryNotFound'));
      return {
        ...toRecord(row),
        before: redact(row.before ?? null),
        after: redact(row.after ?? null),
        diff: auditDiff(row.before, row.after),
      };
    },
  };
}
