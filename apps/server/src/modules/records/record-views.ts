import { msg, type RecordRow } from '@formloop/contracts';
import {
  COMPLETE_ACTIVITY_ID,
  START_ACTIVITY_ID,
  fieldAccessAt,
  forEachRecordField,
  isUserValueType,
  maskPasswordValues,
  withoutHiddenFields,
  type ModuleDefinition,
  type RecordValues,
} from '@formloop/domain';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import type { AppCaller } from '../apps/index.ts';
import { draftOpenTo, type RecordActions, type RecordAppAccess } from './record-access.ts';
import { findRecord } from './records.repository.ts';
import { toRecordRow, type RawRecordRow } from './record-row.ts';

// A record as one caller meets it: at which activity, what of it they see, what they may change.

/** Spec §3/§4: fs-start until submitted, fs-complete after (workflow task activities come with issue 7). */
export const activityOf = (record: { is_draft: boolean }): string =>
  record.is_draft ? START_ACTIVITY_ID : COMPLETE_ACTIVITY_ID;

/** The grant a change of this record needs: its author continues a draft with 'create', else 'edit'. */
export const changeAction = (caller: AppCaller, record: RawRecordRow): 'create' | 'edit' =>
  record.is_draft && record.created_by === caller.userId ? 'create' : 'edit';

/** The record as the API answers it, without what is hidden at its activity. */
export function visibleRow(
  definition: ModuleDefinition,
  row: RawRecordRow,
  activityId = activityOf(row),
): RecordRow {
  const record = toRecordRow(row);
  // Set on the fresh row rather than spread into a copy (V8 builds `{ ...row, data }` slowly).
  record.data = withoutHiddenFields(definition, activityId, record.data);
  return record;
}

/** Whether anything of the form can be changed at the activity (with the grant to change it). */
export function anythingEditable(definition: ModuleDefinition, activityId: string): boolean {
  let editable = false;
  forEachRecordField(definition, (group, field, type) => {
    if (editable || !isUserValueType(type)) return;
    editable = fieldAccessAt(definition, activityId, group.name, field, type).editable;
  });
  return editable;
}

export const mayChange = (caller: AppCaller, can: RecordActions, row: RawRecordRow): boolean =>
  can[changeAction(caller, row)];

/** Values as audit rows keep them: password values masked. */
export const auditValues = (definition: ModuleDefinition, values: RecordValues): RecordValues =>
  maskPasswordValues(definition, values);

export const recordMissing = () => notFound(msg('records.recordNotFound'));

/**
 * The record (locked when about to change) of the app, or 404: another tenant's, another app's, a
 * malformed id and someone else's draft all look the same.
 */
export async function recordOfApp(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  access: RecordAppAccess,
  recordId: string,
  lock: boolean,
): Promise<RawRecordRow> {
  const row = isUuid(recordId)
    ? await findRecord(tx, tenantId, access.app.id, recordId.toLowerCase(), lock)
    : null;
  if (!row || row.module_id !== access.app.id || !draftOpenTo(caller, row)) throw recordMissing();
  return row;
}

/** 409 when the record changed since the editor loaded it. */
export function requireFresh(row: RawRecordRow, expectedModifiedOn: string | undefined): void {
  if (expectedModifiedOn === undefined) return;
  const stored = new Date(row.modified_on).getTime();
  if (new Date(expectedModifiedOn).getTime() !== stored) throw conflict(msg('records.staleRecord'));
}
