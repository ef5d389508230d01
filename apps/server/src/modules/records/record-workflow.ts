import type { TenantTx } from '../../platform/database/tenant-db.ts';
import type { AppRow } from '../apps/apps.repository.ts';

// Where a submitted record meets its workflow. Issue 6 has no workflow engine yet, so a submitted
// record is complete at once; issue 7 replaces startWorkflowOnSubmit to start the app's published
// workflow (workflow_status, instance id, first tasks) in the same transaction instead.

/** The workflow columns a submission writes. */
export interface WorkflowStart {
  workflowStatus: string | null;
  workflowStartedOn: Date;
  workflowCompletedOn: Date | null;
  workflowInitiatorUser: string;
}

export interface SubmissionContext {
  tenantId: string;
  app: AppRow;
  /** The record's id (a new record's is chosen before it is inserted, so a workflow can point at it). */
  recordId: string;
  userId: string;
  now: Date;
}

/** Whether submitting starts a workflow (issue 7); until then every submission completes the record. */
export function hasRunnableWorkflow(_app: AppRow): boolean {
  return false;
}

/** A submission without a workflow: started and completed at the same instant (Completed, spec §4). */
export function completedAtOnce(submission: Pick<SubmissionContext, 'userId' | 'now'>): WorkflowStart {
  return {
    workflowStatus: null,
    workflowStartedOn: submission.now,
    workflowCompletedOn: submission.now,
    workflowInitiatorUser: submission.userId,
  };
}

/**
 * THE HOOK FOR ISSUE 7: what submitting a record starts, inside the submit transaction. Today there
 * is nothing to run, so the record is started and completed at the same instant (Completed, spec §4).
 */
export async function startWorkflowOnSubmit(
  _tx: TenantTx,
  submission: SubmissionContext,
): Promise<WorkflowStart> {
  return completedAtOnce(submission);
}
