import { sql, type SQL } from 'drizzle-orm';
import type { RecordRow } from '@formloop/contracts';
import { deriveRecordStatus, displayStatus } from '@formloop/domain';
import { isoTimestampOrNull } from '../../platform/database/timestamps.ts';

// One shape for a record in every answer (detail, save, lists, exports): the columns selected by
// RECORD_SELECT (records aliased r, creator and modifier names joined) and their mapping to RecordRow
// with the status derived exactly as spec §4.

/** SELECT list for `records r` with the creator's and modifier's names (users cu, mu joined by RECORD_USER_JOINS). */
export const RECORD_SELECT: SQL = sql.raw(`r.id, r.module_id, r.module_version, r.data, r.is_draft,
  r.workflow_status, r.tasks, r.workflow_activity_name, r.workflow_started_on, r.workflow_initiator_user,
  r.workflow_initiator_email, r.workflow_completed_on, r.workflow_faulted_on, r.workflow_instance_id,
  r.flow_name, r.submitted_on, r.expire_at, r.created_by, cu.fullname AS created_by_name, r.modified_by,
  mu.fullname AS modified_by_name, r.created_on, r.modified_on`);

/** The joins RECORD_SELECT needs (same tenant: RLS hides the rest anyway). */
export const RECORD_USER_JOINS: SQL = sql.raw(
  `LEFT JOIN users cu ON cu.id = r.created_by LEFT JOIN users mu ON mu.id = r.modified_by`,
);

export interface RawRecordRow {
  id: string;
  module_id: string;
  module_version: number;
  data: Record<string, unknown>;
  is_draft: boolean;
  workflow_status: string | null;
  tasks: number;
  workflow_activity_name: string | null;
  workflow_started_on: Date | string | null;
  workflow_initiator_user: string | null;
  workflow_initiator_email: string | null;
  workflow_completed_on: Date | string | null;
  workflow_faulted_on: Date | string | null;
  workflow_instance_id: string | null;
  flow_name: string | null;
  submitted_on: Date | string | null;
  expire_at: Date | string | null;
  created_by: string | null;
  created_by_name: string | null;
  modified_by: string | null;
  modified_by_name: string | null;
  created_on: Date | string;
  modified_on: Date | string;
}

const iso = isoTimestampOrNull;

/** A record as the API answers it, its status derived from the workflow columns (spec §4). */
export function toRecordRow(row: RawRecordRow): RecordRow {
  const workflow = {
    workflow_status: row.workflow_status,
    workflow_started_on: iso(row.workflow_started_on),
    workflow_completed_on: iso(row.workflow_completed_on),
    workflow_faulted_on: iso(row.workflow_faulted_on),
  };
  return {
    id: row.id,
    module_id: row.module_id,
    module_version: Number(row.module_version),
    data: row.data ?? {},
    is_draft: row.is_draft,
    status: row.is_draft ? 'Draft' : deriveRecordStatus(workflow),
    display_status: row.is_draft ? 'Draft' : displayStatus(workflow),
    ...workflow,
    tasks: Number(row.tasks ?? 0),
    workflow_activity_name: row.workflow_activity_name,
    workflow_initiator_user: row.workflow_initiator_user,
    workflow_initiator_email: row.workflow_initiator_email,
    workflow_instance_id: row.workflow_instance_id,
    flow_name: row.flow_name,
    submitted_on: iso(row.submitted_on),
    expire_at: iso(row.expire_at),
    created_by: row.created_by,
    created_by_name: row.created_by_name,
    modified_by: row.modified_by,
    modified_by_name: row.modified_by_name,
    created_on: iso(row.created_on) ?? '',
    modified_on: iso(row.modified_on) ?? '',
  };
}
