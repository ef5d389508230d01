import type { AppRow } from '../apps/index.ts';
import { hasRunnableWorkflow } from '../workflow/index.ts';

// Where a submitted record meets its workflow (issue 7). A submission writes the record's workflow
// columns first — Starting when the app's published version has a workflow, else started and
// completed at the same instant — and, with a workflow, the submitting transaction then starts the
// instance (workflow/workflow-start.ts), which writes the columns it leads to.

export { hasRunnableWorkflow };

/** The workflow columns a submission writes. */
export interface WorkflowStart {
  workflowStatus: string | null;
  workflowStartedOn: Date;
  workflowCompletedOn: Date | null;
  workflowInitiatorUser: string;
}

/** A submission without a workflow: started and completed at the same instant (Completed, spec §4). */
export function completedAtOnce(submission: { userId: string; now: Date }): WorkflowStart {
  return {
    workflowStatus: null,
    workflowStartedOn: submission.now,
    workflowCompletedOn: submission.now,
    workflowInitiatorUser: submission.userId,
  };
}

/** The columns of a submission of this app: Starting until its workflow has run its first steps. */
export function submissionColumns(
  app: Pick<AppRow, 'workflowPublished'>,
  submission: { userId: string; now: Date },
): WorkflowStart {
  if (!hasRunnableWorkflow(app)) return completedAtOnce(submission);
  return {
    workflowStatus: 'Starting',
    workflowStartedOn: submission.now,
    workflowCompletedOn: null,
    workflowInitiatorUser: submission.userId,
  };
}
