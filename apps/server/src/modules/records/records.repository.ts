import { sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { RECORD_SELECT, RECORD_USER_JOINS, type RawRecordRow } from './record-row.ts';

// Records SQL, tenant first. Writes return the record as every answer shows it (RECORD_SELECT) and
// append their audit row in the same statement (a data-modifying CTE): one round trip per write,
// which keeps record creation close to the raw INSERT rate (DESIGN.md performance budgets).

const ENTITY = 'record';

export interface AuditFacts {
  userId: string;
  requestId: string;
  action: string;
  before: unknown;
  after: unknown;
}

export interface WorkflowColumns {
  submittedOn: Date | null;
  workflowStatus: string | null;
  workflowStartedOn: Date | null;
  workflowCompletedOn: Date | null;
  workflowInitiatorUser: string | null;
}

export interface NewRecord extends WorkflowColumns {
  id: string;
  moduleId: string;
  moduleVersion: number;
  data: Record<string, unknown>;
  isDraft: boolean;
  userId: string;
  now: Date;
}

const json = (value: unknown): SQL => sql`${JSON.stringify(value ?? null)}::jsonb`;
/** A list parameter: JSON text unpacked by PostgreSQL (no quoting rules of array literals to get wrong). */
const listOf = (values: readonly string[], type: 'uuid' | 'text'): SQL =>
  sql`(SELECT jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::${sql.raw(type)})`;
const at = (value: Date | null): SQL =>
  value === null ? sql`NULL::timestamptz` : sql`${value.toISOString()}::timestamptz`;

/** The audit row of the record `r` (the CTE the statement defines). */
const auditOf = (tenantId: string, audit: AuditFacts): SQL => sql`
  INSERT INTO audit_log (tenant_id, user_id, entity, entity_id, action, before, after, request_id)
  SELECT ${tenantId}, ${audit.userId}, ${ENTITY}, r.id::text, ${audit.action}, ${json(audit.before)},
         ${json(audit.after)}, ${audit.requestId} FROM r`;

/**
 * What a new record's insert checks itself when the app's definition came from the cache (see
 * record-app-cache.ts): the app still published at that version and, for non-builders, the view and
 * create grants. Nothing is inserted when any fails.
 */
export interface InsertGuard {
  moduleVersion: number;
  builder: boolean;
}

/** The app is still published at this version (a definition only changes by publishing, which bumps it). */
export const publishedAtVersionSql = (tenantId: string, moduleId: string, moduleVersion: number): SQL =>
  sql`EXISTS (SELECT 1 FROM modules m WHERE m.tenant_id = ${tenantId}::uuid AND m.id = ${moduleId}::uuid
    AND m.module_version = ${moduleVersion}::int AND m.module_published IS NOT NULL)`;

const guardOf = (tenantId: string, record: NewRecord, guard: InsertGuard): SQL =>
  sql`(${publishedAtVersionSql(tenantId, record.moduleId, guard.moduleVersion)}
    AND (${guard.builder} OR (
      SELECT count(DISTINCT rp.action) FROM role_permissions rp JOIN user_roles ur ON ur.role_id = rp.role_id
      WHERE rp.tenant_id = ${tenantId} AND ur.tenant_id = ${tenantId} AND ur.user_id = ${record.userId}
        AND rp.resource = ${`app:${record.moduleId}`} AND rp.action IN ('view', 'create')) = 2))`;

/** The insert of a record and its audit row as one statement, answering the record (no row: refused). */
export const insertRecordSql = (
  tenantId: string,
  record: NewRecord,
  audit: AuditFacts,
  guard?: InsertGuard,
): SQL => sql`
    WITH r AS (
      INSERT INTO records (id, tenant_id, module_id, module_version, data, is_draft, submitted_on,
        workflow_status, workflow_started_on, workflow_completed_on, workflow_initiator_user,
        created_by, created_on, modified_by, modified_on)
      SELECT ${record.id}::uuid, ${tenantId}::uuid, ${record.moduleId}::uuid, ${record.moduleVersion}::int,
        ${json(record.data)}, ${record.isDraft}::boolean, ${at(record.submittedOn)}, ${record.workflowStatus}::text,
        ${at(record.workflowStartedOn)}, ${at(record.workflowCompletedOn)}, ${record.workflowInitiatorUser}::uuid,
        ${record.userId}::uuid, ${at(record.now)}, ${record.userId}::uuid, ${at(record.now)}
      WHERE ${guard ? guardOf(tenantId, record, guard) : sql`true`}
      RETURNING *
    ), audit AS (${auditOf(tenantId, audit)})
    SELECT ${RECORD_SELECT} FROM r ${RECORD_USER_JOINS}`;

/** Inserts the record and its audit row in one statement; null when the guard refused it. */
export async function insertRecord(
  tx: TenantTx,
  tenantId: string,
  record: NewRecord,
  audit: AuditFacts,
  guard?: InsertGuard,
): Promise<RawRecordRow | null> {
  const result = await tx.execute<RawRecordRow & Record<string, unknown>>(
    insertRecordSql(tenantId, record, audit, guard),
  );
  return result.rows[0] ?? null;
}

export interface RecordChanges {
  data: Record<string, unknown>;
  /** Set on submission only; a plain save leaves the workflow columns as they are. */
  submitted?: WorkflowColumns;
  userId: string;
  now: Date;
}

export async function updateRecord(
  tx: TenantTx,
  tenantId: string,
  id: string,
  changes: RecordChanges,
  audit: AuditFacts,
): Promise<RawRecordRow> {
  const submitted = changes.submitted;
  const workflow = submitted
    ? sql`, is_draft = false, submitted_on = ${at(submitted.submittedOn)},
        workflow_status = ${submitted.workflowStatus}, workflow_started_on = ${at(submitted.workflowStartedOn)},
        workflow_completed_on = ${at(submitted.workflowCompletedOn)},
        workflow_initiator_user = ${submitted.workflowInitiatorUser}`
    : sql``;
  const result = await tx.execute<RawRecordRow & Record<string, unknown>>(sql`
    WITH r AS (
      UPDATE records SET data = ${json(changes.data)}, modified_by = ${changes.userId},
        modified_on = ${at(changes.now)} ${workflow}
      WHERE tenant_id = ${tenantId} AND id = ${id}
      RETURNING *
    ), audit AS (${auditOf(tenantId, audit)})
    SELECT ${RECORD_SELECT} FROM r ${RECORD_USER_JOINS}`);
  return result.rows[0]!;
}

/** One record of the tenant (locked for the rest of the transaction when it is about to change). */
export async function findRecord(
  tx: TenantTx,
  tenantId: string,
  id: string,
  lock = false,
): Promise<RawRecordRow | null> {
  const result = await tx.execute<RawRecordRow & Record<string, unknown>>(sql`
    SELECT ${RECORD_SELECT} FROM records r ${RECORD_USER_JOINS}
    WHERE r.tenant_id = ${tenantId} AND r.id = ${id} ${lock ? sql`FOR UPDATE OF r` : sql``}`);
  return result.rows[0] ?? null;
}

export interface RecordStub {
  id: string;
  module_id: string;
  module_version: number;
  is_draft: boolean;
  created_by: string | null;
  data: Record<string, unknown>;
}

/** The records with these ids, locked: what deleting them needs to check and audit. */
export async function lockRecords(tx: TenantTx, tenantId: string, ids: string[]): Promise<RecordStub[]> {
  const result = await tx.execute<RecordStub & Record<string, unknown>>(sql`
    SELECT id, module_id, module_version, is_draft, created_by, data FROM records
    WHERE tenant_id = ${tenantId} AND id IN ${listOf(ids, 'uuid')}
    FOR UPDATE`);
  return result.rows;
}

export async function deleteRecords(
  tx: TenantTx,
  tenantId: string,
  ids: string[],
  audits: Array<{ entityId: string; before: unknown }>,
  facts: Omit<AuditFacts, 'before' | 'after' | 'action'>,
): Promise<number> {
  const result = await tx.execute(sql`
    DELETE FROM records WHERE tenant_id = ${tenantId} AND id IN ${listOf(ids, 'uuid')}`);
  await tx.execute(sql`
    INSERT INTO audit_log (tenant_id, user_id, entity, entity_id, action, before, after, request_id)
    SELECT ${tenantId}, ${facts.userId}, ${ENTITY}, a.entity_id, 'deleted', a.before, NULL, ${facts.requestId}
    FROM jsonb_to_recordset(${json(audits.map((a) => ({ entity_id: a.entityId, before: a.before })))}) AS a(entity_id text, before jsonb)`);
  return result.rowCount ?? ids.length;
}

/**
 * Reserves `count` numbers of an app's sequence field and answers the first counter. The upsert
 * locks the counter row until the transaction ends, so concurrent submissions queue on it and a
 * rolled-back one gives its numbers back (gap-free). last_value counts numbers (the CSV import
 * reserves the same way); the number shown is counter × step.
 */
export async function reserveSequence(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  fieldName: string,
  count: number,
): Promise<number> {
  const result = await tx.execute<{ last_value: string }>(sql`
    INSERT INTO record_sequences (tenant_id, module_id, field_name, last_value)
    VALUES (${tenantId}, ${moduleId}, ${fieldName}, ${count})
    ON CONFLICT (module_id, field_name) DO UPDATE SET last_value = record_sequences.last_value + EXCLUDED.last_value
    RETURNING last_value`);
  return Number(result.rows[0]!.last_value) - count + 1;
}

/** Uploaded files the values refer to become the record's (only unclaimed files of this tenant). */
export async function linkFiles(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  recordId: string,
  keys: string[],
): Promise<void> {
  if (keys.length === 0) return;
  await tx.execute(sql`
    UPDATE stored_files SET record_id = ${recordId}, module_id = ${moduleId}
    WHERE tenant_id = ${tenantId} AND file_key IN ${listOf(keys, 'text')} AND record_id IS NULL`);
}
