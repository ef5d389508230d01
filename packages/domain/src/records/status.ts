// Record status derivation (spec §4). The record list shows a status computed from the workflow
// columns rather than a stored one, so server (sorting, exports) and web (badges) must compute it
// the same way: here.
import type { AppStatus, RecordStatus } from '../constants.ts';

/** A workflow timestamp as the API or the database hands it over. */
export type WorkflowTime = string | Date | null | undefined;

export interface RecordWorkflowColumns {
  workflow_status?: string | null;
  workflow_started_on?: WorkflowTime;
  workflow_completed_on?: WorkflowTime;
  workflow_faulted_on?: WorkflowTime;
}

/** The statuses derivation can produce; Starting and Returned are only ever workflow statuses. */
export type DerivedRecordStatus = Extract<RecordStatus, 'Draft' | 'In Progress' | 'Completed' | 'Faulted'>;

/** A timestamp is "set" when it is a valid Date or a non-blank string (the API sends '' for none). */
function isSet(time: WorkflowTime): boolean {
  if (time instanceof Date) return !Number.isNaN(time.getTime());
  return typeof time === 'string' && time.trim() !== '';
}

/** Statuses compare trimmed and case-insensitively: engines disagree on 'Faulted' vs 'faulted'. */
function sameStatus(status: string | null | undefined, wanted: string): boolean {
  return (status ?? '').trim().toLowerCase() === wanted.toLowerCase();
}

/**
 * Faulted when workflow_status is Faulted; otherwise Completed when a completed-on time is set;
 * otherwise In Progress when a started-on time is set and neither faulted-on nor completed-on is;
 * otherwise Draft. Read literally, as the spec says: a faulted-on time without the Faulted status
 * (a fault that was since retried or cleared) does not make the record Faulted, and it stops the
 * record counting as In Progress, so such a record shows as Draft.
 */
export function deriveRecordStatus(columns: RecordWorkflowColumns): DerivedRecordStatus {
  if (sameStatus(columns.workflow_status, 'Faulted')) return 'Faulted';
  if (isSet(columns.workflow_completed_on)) return 'Completed';
  if (isSet(columns.workflow_started_on) && !isSet(columns.workflow_faulted_on)) return 'In Progress';
  return 'Draft';
}

/** workflow_status values that are not appended to the displayed status (besides empty). */
const UNSHOWN_WORKFLOW_STATUSES = ['Completed', 'Starting'] as const;

/**
 * The status text of a record list row: the derived status, followed by ' - {workflow_status}'
 * unless that status is Completed, Starting or empty. So a running record shows
 * 'In Progress - Running' and a faulted one 'Faulted - Faulted' (literal spec behaviour).
 */
export function displayStatus(columns: RecordWorkflowColumns): string {
  const derived = deriveRecordStatus(columns);
  const workflowStatus = (columns.workflow_status ?? '').trim();
  if (workflowStatus === '' || UNSHOWN_WORKFLOW_STATUSES.some((s) => sameStatus(workflowStatus, s))) {
    return derived;
  }
  return `${derived} - ${workflowStatus}`;
}

/** An app is Published once a published version exists, Draft before (spec §4). */
export function deriveAppStatus(app: { module_published?: unknown }): AppStatus {
  return app.module_published === null || app.module_published === undefined || app.module_published === ''
    ? 'Draft'
    : 'Published';
}
