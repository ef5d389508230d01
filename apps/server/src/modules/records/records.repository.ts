import { sql, type SQL } from 'drizzle-orm';
import { appResource } from '@formloop/domain';
import { grantedSql } from '../access/index.ts';
import {
  compileStatement,
  type BoundStatement,
  type StatementPlaceholders,
  type TenantTx,
} from '../../platform/database/tenant-db.ts';
import { RECORD_SELECT, RECORD_USER_JOINS, type RawRecordRow } from './record-row.ts';
import { markAppWritten } from '../../platform/realtime/app-writes.ts';

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
const isoOrNull = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * A statement's parameter: its value, or a placeholder where the statement is compiled once
 * (compileStatement) and its values are bound per call.
 */
type Param = unknown;

interface AuditParams {
  tenantId: Param;
  auditUserId: Param;
  action: Param;
  /** JSON text. */
  before: Param;
  /** JSON text. */
  after: Param;
  requestId: Param;
}

const auditParams = (tenantId: string, audit: AuditFacts): AuditParams => ({
  tenantId,
  auditUserId: audit.userId,
  action: audit.action,
  before: JSON.stringify(audit.before ?? null),
  after: JSON.stringify(audit.after ?? null),
  requestId: audit.requestId,
});

/** The audit row of the record `r` (the CTE the statement defines). */
const auditOf = (p: AuditParams): SQL => sql`
  INSERT INTO audit_log (tenant_id, user_id, entity, entity_id, action, before, after, request_id)
  SELECT ${p.tenantId}, ${p.auditUserId}, ${ENTITY}, r.id::text, ${p.action}, ${p.before}::jsonb,
         ${p.after}::jsonb, ${p.requestId} FROM r`;

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
export const publishedAtVersionSql = (tenantId: Param, moduleId: Param, moduleVersion: Param): SQL =>
  sql`EXISTS (SELECT 1 FROM modules m WHERE m.tenant_id = ${tenantId}::uuid AND m.id = ${moduleId}::uuid
    AND m.module_version = ${moduleVersion}::int AND m.module_published IS NOT NULL)`;

/** The parameters of a record's insert with its audit row. */
interface InsertParams extends AuditParams {
  id: Param;
  moduleId: Param;
  moduleVersion: Param;
  /** JSON text. */
  data: Param;
  isDraft: Param;
  /** ISO instants or null, as the other times. */
  submittedOn: Param;
  workflowStatus: Param;
  workflowStartedOn: Param;
  workflowCompletedOn: Param;
  workflowInitiatorUser: Param;
  userId: Param;
  now: Param;
}

interface GuardedInsertParams extends InsertParams {
  guardVersion: Param;
  /** The app's resource name in role_permissions. */
  resource: Param;
}

/**
 * The values of a record's insert with its audit row (and its guard's, when it has one). The audit's
 * values are spread last on purpose: in V8 (Node 20) an object literal that starts with a spread
 * and goes on with more properties takes ~20 µs to build, more than the rest of the create's code.
 */
function insertParams(
  tenantId: string,
  record: NewRecord,
  audit: AuditFacts,
  guard?: InsertGuard,
): GuardedInsertParams {
  const now = record.now.toISOString();
  // The workflow's times are mostly the record's own `now`: converted once.
  const iso = (value: Date | null) => (value === record.now ? now : isoOrNull(value));
  return {
    id: record.id,
    moduleId: record.moduleId,
    moduleVersion: record.moduleVersion,
    data: JSON.stringify(record.data),
    isDraft: record.isDraft,
    submittedOn: iso(record.submittedOn),
    workflowStatus: record.workflowStatus,
    workflowStartedOn: iso(record.workflowStartedOn),
    workflowCompletedOn: iso(record.workflowCompletedOn),
    workflowInitiatorUser: record.workflowInitiatorUser,
    userId: record.userId,
    now,
    guardVersion: guard?.moduleVersion ?? null,
    resource: appResource(record.moduleId),
    ...auditParams(tenantId, audit),
  };
}

/** The e-mail address of a record's starter ("Starter's e-mail"), as it is when the workflow starts. */
const initiatorEmail = (tenantId: Param, userId: Param): SQL =>
  sql`(SELECT u.email FROM users u WHERE u.tenant_id = ${tenantId}::uuid AND u.id = ${userId}::uuid)`;

/**
 * The insert of a record and its audit row as one statement: the row is written only `where` holds,
 * `returning` what `answer` (a SELECT over r) needs.
 */
const insertWithAudit = (p: InsertParams, parts: { where: SQL; returning: SQL; answer: SQL }): SQL => sql`
    WITH r AS (
      INSERT INTO records (id, tenant_id, module_id, module_version, data, is_draft, submitted_on,
        workflow_status, workflow_started_on, workflow_completed_on, workflow_initiator_user,
        workflow_initiator_email, created_by, created_on, modified_by, modified_on)
      SELECT ${p.id}::uuid, ${p.tenantId}::uuid, ${p.moduleId}::uuid, ${p.moduleVersion}::int,
        ${p.data}::jsonb, ${p.isDraft}::boolean, ${p.submittedOn}::timestamptz, ${p.workflowStatus}::text,
        ${p.workflowStartedOn}::timestamptz, ${p.workflowCompletedOn}::timestamptz,
        ${p.workflowInitiatorUser}::uuid, ${initiatorEmail(p.tenantId, p.workflowInitiatorUser)},
        ${p.userId}::uuid, ${p.now}::timestamptz, ${p.userId}::uuid, ${p.now}::timestamptz
      WHERE ${parts.where}
      RETURNING ${parts.returning}
    ), audit AS (${auditOf(p)})
    ${parts.answer}`;

/** The insert of a record and its audit row as one statement, answering the record as stored. */
const insertRecordSql = (tenantId: string, record: NewRecord, audit: AuditFacts): SQL =>
  insertWithAudit(insertParams(tenantId, record, audit), {
    where: sql`true`,
    returning: sql`*`,
    answer: sql`SELECT ${RECORD_SELECT} FROM r ${RECORD_USER_JOINS}`,
  });

/** What a guarded insert answers: the new record's id and its creator's name; no row: refused. */
export interface GuardedInsertAnswer {
  id: string;
  created_by_name: string | null;
  workflow_initiator_email: string | null;
}

const guardedInsertOf = (where: (p: StatementPlaceholders<GuardedInsertParams>) => SQL) =>
  compileStatement<GuardedInsertParams>((p) =>
    insertWithAudit(p, {
      where: where(p),
      returning: sql`id, created_by, workflow_initiator_email`,
      answer: sql`SELECT r.id, (SELECT u.fullname FROM users u WHERE u.id = r.created_by) AS created_by_name,
        r.workflow_initiator_email FROM r`,
    }),
  );

/**
 * The insert of a record checked by its own guard (see InsertGuard), with its audit row, compiled
 * once: for builders, who need no grant, without the grants' checks (a plan without them is cheaper
 * to start even when it would never run). It answers only what the caller does not know already
 * (newRecordRow builds the rest): returning and parsing the whole stored row was a good part of a
 * create's cost on both sides of the connection.
 */
const guardedInserts = {
  builder: guardedInsertOf((p) => publishedAtVersionSql(p.tenantId, p.moduleId, p.guardVersion)),
  granted: guardedInsertOf(
    (p) => sql`${publishedAtVersionSql(p.tenantId, p.moduleId, p.guardVersion)}
      AND ${grantedSql(p.tenantId, p.userId, p.resource, 'view')}
      AND ${grantedSql(p.tenantId, p.userId, p.resource, 'create')}`,
  ),
};

export const guardedInsertStatement = (
  tenantId: string,
  record: NewRecord,
  audit: AuditFacts,
  guard: InsertGuard,
): BoundStatement =>
  guardedInserts[guard.builder ? 'builder' : 'granted'](insertParams(tenantId, record, audit, guard));

/**
 * The row a new record was stored as (the columns the insert leaves to their defaults are empty or
 * zero, see the records table), without reading it back.
 */
export function newRecordRow(
  record: NewRecord,
  creatorName: string | null,
  initiatorEmail: string | null = null,
): RawRecordRow {
  return {
    id: record.id,
    module_id: record.moduleId,
    module_version: record.moduleVersion,
    data: record.data,
    is_draft: record.isDraft,
    workflow_status: record.workflowStatus,
    tasks: 0,
    workflow_activity_name: null,
    workflow_started_on: record.workflowStartedOn,
    workflow_initiator_user: record.workflowInitiatorUser,
    workflow_initiator_email: initiatorEmail,
    workflow_completed_on: record.workflowCompletedOn,
    workflow_faulted_on: null,
    workflow_instance_id: null,
    flow_name: null,
    submitted_on: record.submittedOn,
    expire_at: null,
    created_by: record.userId,
    created_by_name: creatorName,
    modified_by: record.userId,
    modified_by_name: creatorName,
    created_on: record.now,
    modified_on: record.now,
  };
}

/** Inserts the record and its audit row in one statement. */
export async function insertRecord(
  tx: TenantTx,
  tenantId: string,
  record: NewRecord,
  audit: AuditFacts,
): Promise<RawRecordRow> {
  const result = await tx.execute<RawRecordRow & Record<string, unknown>>(
    insertRecordSql(tenantId, record, audit),
  );
  return result.rows[0]!;
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
  moduleId: string,
  id: string,
  changes: RecordChanges,
  audit: AuditFacts,
): Promise<RawRecordRow> {
  const submitted = changes.submitted;
  const workflow = submitted
    ? sql`, is_draft = false, submitted_on = ${at(submitted.submittedOn)},
        workflow_status = ${submitted.workflowStatus}, workflow_started_on = ${at(submitted.workflowStartedOn)},
        workflow_completed_on = ${at(submitted.workflowCompletedOn)},
        workflow_initiator_user = ${submitted.workflowInitiatorUser},
        workflow_initiator_email = ${initiatorEmail(tenantId, submitted.workflowInitiatorUser)}`
    : sql``;
  const result = await tx.execute<RawRecordRow & Record<string, unknown>>(sql`
    WITH r AS (
      UPDATE records SET data = ${json(changes.data)}, modified_by = ${changes.userId},
        modified_on = ${at(changes.now)} ${workflow}
      WHERE tenant_id = ${tenantId} AND module_id = ${moduleId} AND id = ${id}
      RETURNING *
    ), audit AS (${auditOf(auditParams(tenantId, audit))})
    SELECT ${RECORD_SELECT} FROM r ${RECORD_USER_JOINS}`);
  await markAppWritten(tx, moduleId);
  return result.rows[0]!;
}

/**
 * The app of each of these records of the tenant (ids missing or another tenant's are left out). The
 * one statement on records that cannot name one app: routes that carry only a record id (detail,
 * delete, comments, LookupAssigneeByRecord) have nothing else to find the app by. It names the
 * tenant's apps instead, bound as one array, so PostgreSQL plans against this tenant's partitions
 * only, never every app's (ADR 0013); every other statement names its one app.
 */
export async function appsOfRecords(
  tx: TenantTx,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const apps = await tx.execute<{ ids: string[] | null }>(
    sql`SELECT array_agg(id) AS ids FROM modules WHERE tenant_id = ${tenantId}`,
  );
  const appIds = apps.rows[0]?.ids ?? [];
  if (appIds.length === 0) return new Map();
  const result = await tx.execute<{ id: string; module_id: string }>(sql`
    SELECT id, module_id FROM records
     WHERE tenant_id = ${tenantId} AND module_id = ANY (${sql.param(appIds)}::uuid[]) AND id IN ${listOf(ids, 'uuid')}`);
  return new Map(result.rows.map((row) => [row.id, row.module_id]));
}

/** The app of one record of the tenant, or null (see appsOfRecords). */
export async function appOfRecord(tx: TenantTx, tenantId: string, id: string): Promise<string | null> {
  return (await appsOfRecords(tx, tenantId, [id])).get(id) ?? null;
}

/** One record of the tenant's app (locked for the rest of the transaction when it is about to change). */
export async function findRecord(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  id: string,
  lock = false,
): Promise<RawRecordRow | null> {
  const result = await tx.execute<RawRecordRow & Record<string, unknown>>(sql`
    SELECT ${RECORD_SELECT} FROM records r ${RECORD_USER_JOINS}
    WHERE r.tenant_id = ${tenantId} AND r.module_id = ${moduleId} AND r.id = ${id}
    ${lock ? sql`FOR UPDATE OF r` : sql``}`);
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

/** The app's records with these ids, locked: what deleting them needs to check and audit. */
export async function lockRecords(
  tx: TenantTx,
  tenantId: string,
  moduleId: string,
  ids: readonly string[],
): Promise<RecordStub[]> {
  const result = await tx.execute<RecordStub & Record<string, unknown>>(sql`
    SELECT id, module_id, module_version, is_draft, created_by, data FROM records
    WHERE tenant_id = ${tenantId} AND module_id = ${moduleId} AND id IN ${listOf(ids, 'uuid')}
    FOR UPDATE`);
  return result.rows;
}

/** Deletes records, one statement per app (`idsByApp`: app id → its records' ids), and their audit rows. */
export async function deleteRecords(
  tx: TenantTx,
  tenantId: string,
  idsByApp: ReadonlyMap<string, readonly string[]>,
  audits: Array<{ entityId: string; before: unknown }>,
  facts: Omit<AuditFacts, 'before' | 'after' | 'action'>,
): Promise<number> {
  let deleted = 0;
  for (const [moduleId, ids] of idsByApp) {
    const result = await tx.execute(sql`
      DELETE FROM records
      WHERE tenant_id = ${tenantId} AND module_id = ${moduleId} AND id IN ${listOf(ids, 'uuid')}`);
    deleted += result.rowCount ?? ids.length;
    await markAppWritten(tx, moduleId);
  }
  await tx.execute(sql`
    INSERT INTO audit_log (tenant_id, user_id, entity, entity_id, action, before, after, request_id)
    SELECT ${tenantId}, ${facts.userId}, ${ENTITY}, a.entity_id, 'deleted', a.before, NULL, ${facts.requestId}
    FROM jsonb_to_recordset(${json(audits.map((a) => ({ entity_id: a.entityId, before: a.before })))}) AS a(entity_id text, before jsonb)`);
  return deleted;
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
