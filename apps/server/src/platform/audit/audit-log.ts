import { auditLog } from '@formloop/db';
import type { TenantTx } from '../database/tenant-db.ts';

export interface AuditEntry {
  tenantId: string;
  userId: string | null;
  entity: string;
  entityId: string;
  action: string;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
}

/** Appends to audit_log inside the caller's transaction: the change and its record commit or fail together. */
export async function appendAudit(tx: TenantTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    tenantId: entry.tenantId,
    userId: entry.userId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
  });
}

/** What a service knows when it audits a command: the call's tenant and request, and who made it. */
export interface AuditCaller {
  ctx: { tenantId: string; requestId: string };
  auth: { userId: string };
}

/** One audit writer per entity, so each service writes `auditor(tx, ctx, auth, {entityId, action, before, after})`. */
export function auditorFor(entity: string) {
  return (
    tx: TenantTx,
    ctx: AuditCaller['ctx'],
    auth: AuditCaller['auth'],
    entry: { entityId: string; action: string; before: unknown; after: unknown },
  ) =>
    appendAudit(tx, {
      tenantId: ctx.tenantId,
      userId: auth.userId,
      entity,
      requestId: ctx.requestId,
      ...entry,
    });
}
