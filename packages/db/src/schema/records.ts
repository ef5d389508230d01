import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  foreignKey,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.ts';
import { modules } from './apps.ts';

/**
 * Records of every app (DESIGN.md "Data and tenancy"): the system columns of spec §3 as real columns,
 * the field values in `data`. A record stays on the app version it was created with.
 *
 * Partitioned by app (ADR 0013, migration 0014, which drizzle cannot express): each app's records live
 * in their own partition `records_<app id hex>`, made when the app is made and dropped with it by the
 * triggers on `modules`. Publishing builds the indexes of the app's filterable fields on its partition
 * only. Every statement on `records` names `module_id` so PostgreSQL plans against one partition.
 */
export const records = pgTable(
  'records',
  {
    id: uuid('id').notNull().defaultRandom(),
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    moduleVersion: integer('module_version').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Saved but never submitted: listed by draftdatatables, not datatables. */
    isDraft: boolean('is_draft').notNull().default(true),
    workflowStatus: text('workflow_status'),
    workflowActivityName: text('workflow_activity_name'),
    workflowStartedOn: timestamp('workflow_started_on', { withTimezone: true }),
    workflowInitiatorUser: uuid('workflow_initiator_user'),
    workflowInitiatorEmail: text('workflow_initiator_email'),
    workflowCompletedOn: timestamp('workflow_completed_on', { withTimezone: true }),
    workflowFaultedOn: timestamp('workflow_faulted_on', { withTimezone: true }),
    workflowInstanceId: uuid('workflow_instance_id'),
    /** Open tasks of the record's workflow (spec §3 record list column "tasks"). */
    tasks: integer('tasks').notNull().default(0),
    flowName: text('flow_name'),
    submittedOn: timestamp('submitted_on', { withTimezone: true }),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by'),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'records_pkey', columns: [t.moduleId, t.id] }),
    index('records_module_list_idx').on(t.moduleId, t.isDraft, t.createdOn.desc(), t.id),
  ],
);

/**
 * A row about one record (comment, workflow instance, task, history entry) references it by app and
 * id: `records` is partitioned by app and its key is (module_id, id). Deleting the record deletes it.
 */
export function recordReference(name: string, t: { moduleId: AnyPgColumn; recordId: AnyPgColumn }) {
  return foreignKey({
    name,
    columns: [t.moduleId, t.recordId],
    foreignColumns: [records.moduleId, records.id],
  }).onDelete('cascade');
}

/** Gap-free sequence numbers per app and field: the row is locked by the saving transaction. */
export const recordSequences = pgTable(
  'record_sequences',
  {
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    lastValue: bigint('last_value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.fieldName] })],
);

/** Comments on a record (sendComment, {recordId}/comments, loadcomment). */
export const recordComments = pgTable(
  'record_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
    authorId: uuid('author_id'),
    message: text('message').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    recordReference('record_comments_record_fk', t),
    index('record_comments_record_idx').on(t.recordId, t.createdOn),
  ],
);

/**
 * Uploaded files (spec §3 uploaded file: uid, url, name, status, fileKey). The bytes live in the file
 * storage (local disk by default) under `file_key`; this row says whose they are and what they are.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    /** Sniffed from the bytes, never taken from the client. */
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storage: text('storage').notNull().default('local'),
    moduleId: uuid('module_id'),
    recordId: uuid('record_id'),
    fieldName: text('field_name'),
    uploadedBy: uuid('uploaded_by'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stored_files_key_key').on(t.fileKey),
    index('stored_files_record_idx').on(t.tenantId, t.recordId),
  ],
);

/**
 * The record list's table configuration (setuserconfig): per user, or for every user of the app
 * when user_id is null (applyconfigalluser).
 */
export const recordListConfigs = pgTable(
  'record_list_configs',
  {
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    userId: uuid('user_id'),
    tabConfig: text('tab_config').notNull().default('records'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('record_list_configs_key').on(t.moduleId, t.userId, t.tabConfig).nullsNotDistinct()],
);

/** A CSV import of records into an app, with its progress and the rows it rejected. */
export const recordImports = pgTable(
  'record_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: ['running', 'completed', 'failed'] })
      .notNull()
      .default('running'),
    processedRows: integer('processed_rows').notNull().default(0),
    importedRows: integer('imported_rows').notNull().default(0),
    rejectedRows: integer('rejected_rows').notNull().default(0),
    /** The first rejected rows: [{ line, errors: [{ field, message }] }]. */
    rejected: jsonb('rejected')
      .$type<unknown[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    error: text('error'),
    createdBy: uuid('created_by'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    finishedOn: timestamp('finished_on', { withTimezone: true }),
  },
  (t) => [index('record_imports_module_idx').on(t.tenantId, t.moduleId, t.createdOn)],
);
