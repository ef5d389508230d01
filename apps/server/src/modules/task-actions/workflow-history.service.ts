import type { WorkflowHistoryEntry } from '@formloop/contracts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { recordAppAccess, recordMissing, recordOfApp } from '../records/index.ts';
import { recordHistory, type HistoryRecordRow } from '../workflow/index.ts';

// {moduleId}/workflowhistory (spec §3 workflow history entry): every step of the record's workflow,
// for everyone who may see the record (an assignee of one of its tasks too).

const APPROVALS = new Set(['Approve', 'Reject']);

/** The spec's entry shape; ApprovalHistory carries the approvals and rejections at that activity so far. */
export function toHistoryEntries(rows: HistoryRecordRow[]): WorkflowHistoryEntry[] {
  const approvals = new Map<string, WorkflowHistoryEntry['ApprovalHistory']>();
  return rows.map((row) => {
    const on = new Date(row.created_on).toISOString();
    const author = row.initiated_by_name ?? '';
    if (APPROVALS.has(row.action_type)) {
      const seen = approvals.get(row.activity_id) ?? [];
      approvals.set(row.activity_id, [...seen, { author_name: author, outcome: row.action_type, on }]);
    }
    return {
      activityId: row.activity_id,
      activityName: row.activity_name,
      activityType: row.activity_type,
      initiatedBy: author,
      Results: row.message ? [{ author_name: author, message: row.message }] : [],
      Assignee: row.assignee ?? '',
      ActionType: row.action_type,
      Outcomes: row.outcome ? [row.outcome] : [],
      ApprovalHistory: approvals.get(row.activity_id) ?? [],
      createdOn: on,
    };
  });
}

export function createWorkflowHistoryService(db: TenantDb) {
  return {
    async history(
      ctx: CallContext,
      auth: RequestAuth,
      moduleId: string,
      recordId: string,
    ): Promise<WorkflowHistoryEntry[]> {
      if (!isUuid(recordId)) throw recordMissing();
      return db.readInTenant(ctx.tenantId, async (tx) => {
        const id = recordId.toLowerCase();
        const access = await recordAppAccess(tx, ctx.tenantId, auth, moduleId, id);
        const record = await recordOfApp(tx, ctx.tenantId, auth, access, id, false);
        return toHistoryEntries(await recordHistory(tx, ctx.tenantId, record.id));
      });
    },
  };
}
