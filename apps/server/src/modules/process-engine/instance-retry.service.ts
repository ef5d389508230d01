import {
  msg,
  PROCESS_ENGINE_MESSAGES,
  type InstanceRetryResult,
  type InstanceStatus,
} from '@formloop/contracts';
import { formatMessage } from '@formloop/domain';
import { WorkflowActionError } from '@formloop/workflow';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { engineRefusalRef } from '../../platform/http/message-text.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { pinnedDefinitionOf, runTransition, type JobEffects, lockInstance } from '../workflow/index.ts';

const auditInstance = auditorFor('workflow-instance');

/**
 * Retry of a faulted instance from the activity that failed (the engine's 'retry' event), as one
 * transaction: the instance row is locked first, so a retry never races a job reporting back or a
 * second retry; the transition (new tasks, jobs, history, the record's workflow columns) and its
 * audit entry commit together. When the cause is still there (the assignee is still unavailable) the
 * instance faults again: that attempt is kept in its history and answered, not rolled back.
 */
export function createInstanceRetryService(db: TenantDb, jobs?: JobEffects) {
  return {
    retry: (ctx: CallContext, auth: RequestAuth, id: string): Promise<InstanceRetryResult> =>
      db.inTenant(ctx.tenantId, async (tx) => {
        const instance = isUuid(id) ? await lockInstance(tx, ctx.tenantId, id.toLowerCase()) : null;
        if (!instance) throw notFound(msg('processEngine.instanceNotFound'));
        if (instance.status !== 'Faulted') {
          throw conflict(msg('processEngine.notFaulted', { status: instance.status }));
        }
        const pinned = await pinnedDefinitionOf(tx, ctx.tenantId, instance);
        if (!pinned) throw conflict(msg('processEngine.definitionMissing'));
        const facts = {
          tenantId: ctx.tenantId,
          userId: auth.userId,
          taskId: null,
          message: null,
          now: new Date(),
          jobs,
        };
        let state;
        try {
          state = await runTransition(tx, facts, instance, pinned, { type: 'retry' });
        } catch (error) {
          // The engine's refusals (a version mismatch, say) are the caller's conflict, not a crash.
          if (error instanceof WorkflowActionError) throw conflict(engineRefusalRef(error.code));
          throw error;
        }
        await auditInstance(tx, ctx, auth, {
          entityId: instance.id,
          action: 'retried',
          before: { status: instance.status, fault: instance.state.fault },
          after: { status: state.status, fault: state.fault },
        });
        return {
          id: instance.id,
          record_id: instance.record_id,
          status: state.status as InstanceStatus,
          fault_message: state.fault?.message ?? null,
        };
      }),
  };
}

/** The answer's message: it runs on, or why it faulted again. */
export const retryMessage = (result: InstanceRetryResult): string =>
  result.status === 'Faulted'
    ? formatMessage(PROCESS_ENGINE_MESSAGES.faultedAgain, { message: result.fault_message ?? '' })
    : PROCESS_ENGINE_MESSAGES.retried;
