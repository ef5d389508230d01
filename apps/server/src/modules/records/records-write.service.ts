import { v7 as uuidv7 } from 'uuid';
import { msg, type RecordRow, type SaveRecordBody, type SubmitRecordBody } from '@formloop/contracts';
import { START_ACTIVITY_ID, canUseBuilder, fileKeysInValues, type RecordValues } from '@formloop/domain';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { noteAppCreated } from '../../platform/realtime/app-writes.ts';
import { AppError, conflict } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { recordAppAccess, requireGranted, versionDefinition, type RecordAppAccess } from './record-access.ts';
import { prepareRecordValues } from './record-prepare.ts';
import { recallApp, rememberApp, type CachedApp } from './record-app-cache.ts';
import { assignSequenceNumbers, sequenceNumberFields } from './record-sequences.ts';
import {
  activityOf,
  auditValues,
  changeAction,
  recordOfApp,
  requireFresh,
  visibleRow,
} from './record-views.ts';
import { completedAtOnce, hasRunnableWorkflow, submissionColumns } from './record-workflow.ts';
import { type JobEffects, actingTask, resubmitRecord, startInstance } from '../workflow/index.ts';
import {
  findRecord,
  insertRecord,
  guardedInsertStatement,
  linkFiles,
  newRecordRow,
  updateRecord,
  type AuditFacts,
  type GuardedInsertAnswer,
  type NewRecord,
  type WorkflowColumns,
} from './records.repository.ts';
import type { RawRecordRow } from './record-row.ts';

// Save and submit (spec §7 POST save, POST submit): one transaction each, the values through the
// shared rules (prepareRecordValues), sequence numbers at submission, uploaded files claimed by the
// record, and the audit row in the same statement as the write.

const DRAFT_COLUMNS: WorkflowColumns = {
  submittedOn: null,
  workflowStatus: null,
  workflowStartedOn: null,
  workflowCompletedOn: null,
  workflowInitiatorUser: null,
};

interface Write {
  ctx: CallContext;
  auth: RequestAuth;
  access: RecordAppAccess;
  now: Date;
  /** Runs the workflow's job activities (pg-boss); see workflow-jobs.ts. */
  jobs?: JobEffects;
}

const facts = (
  write: Pick<Write, 'ctx' | 'auth'>,
  action: string,
  before: unknown,
  after: unknown,
): AuditFacts => ({
  userId: write.auth.userId,
  requestId: write.ctx.requestId,
  action,
  before,
  after,
});

async function claimFiles(
  tx: TenantTx,
  ctx: CallContext,
  source: CachedApp,
  recordId: string,
  values: RecordValues,
) {
  const keys = fileKeysInValues(source.definition, values);
  await linkFiles(tx, ctx.tenantId, source.app.id, recordId, keys);
}

/** The row of a new record and the audit facts of its creation. */
function newRecord(
  write: Omit<Write, 'access'>,
  { app, definition }: CachedApp,
  made: { id: string; values: RecordValues; submit: boolean; workflow: WorkflowColumns },
): { record: NewRecord; audit: AuditFacts } {
  const { auth, now } = write;
  return {
    record: {
      id: made.id,
      moduleId: app.id,
      moduleVersion: app.moduleVersion,
      data: made.values,
      isDraft: !made.submit,
      userId: auth.userId,
      now,
      ...made.workflow,
    },
    audit: facts(write, made.submit ? 'submitted' : 'created', null, {
      data: auditValues(definition, made.values),
    }),
  };
}

/** A new record (access checked): a draft, or submitted at once (workflow columns from the submission). */
async function create(
  tx: TenantTx,
  write: Omit<Write, 'access'>,
  source: CachedApp,
  input: RecordValues,
  submit: boolean,
): Promise<RecordRow> {
  const { ctx, auth, now } = write;
  const { app, definition } = source;
  // Time-ordered (UUIDv7): new records append to the primary key and list index, not random pages.
  const id = uuidv7();
  let values = await prepareRecordValues(definition, input, {
    activityId: START_ACTIVITY_ID,
    now,
    mode: submit ? 'submit' : 'draft',
  });
  let workflow = DRAFT_COLUMNS;
  if (submit) {
    values = await assignSequenceNumbers(tx, ctx.tenantId, app.id, definition, values, now);
    workflow = { submittedOn: now, ...submissionColumns(app, { userId: auth.userId, now }) };
  }
  const { record, audit } = newRecord(write, source, { id, values, submit, workflow });
  let row = await insertRecord(tx, ctx.tenantId, record, audit);
  await claimFiles(tx, ctx, source, id, values);
  if (submit && hasRunnableWorkflow(app)) {
    const submission = { tenantId: ctx.tenantId, moduleId: app.id, recordId: id, userId: auth.userId, now };
    await startInstance(tx, { ...submission, moduleVersion: app.moduleVersion }, write.jobs);
    row = (await findRecord(tx, ctx.tenantId, app.id, id))!;
  }
  return visibleRow(definition, row);
}

/**
 * Creating from the cached definition (DESIGN.md: record create ≥ 0.4× the raw insert rate): one
 * statement — the insert checks the app and the grants itself (InsertGuard) and writes its audit
 * row — in a transaction of one round trip (TenantDb.statementInTenant). Only when nothing else has
 * to happen in that transaction (no sequence numbers to reserve, no workflow to start, no uploaded
 * files to claim) and the values pass; otherwise, or when the guard refuses, null and the full path
 * answers (with its 403/404/400, so a value error never shows before an access error).
 */
async function createFromCache(
  db: TenantDb,
  write: Omit<Write, 'access'>,
  moduleId: string,
  input: RecordValues,
  submit: boolean,
): Promise<RecordRow | null> {
  const { ctx, auth, now } = write;
  const cached = isUuid(moduleId) ? recallApp(ctx.tenantId, moduleId) : null;
  if (!cached) return null;
  const { app, definition } = cached;
  if (submit && (hasRunnableWorkflow(app) || sequenceNumberFields(definition).length > 0)) return null;
  let values: RecordValues;
  try {
    values = await prepareRecordValues(definition, input, {
      activityId: START_ACTIVITY_ID,
      now,
      mode: submit ? 'submit' : 'draft',
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 400) return null;
    throw error;
  }
  if (fileKeysInValues(definition, values).length > 0) return null;
  const workflow = submit
    ? { submittedOn: now, ...completedAtOnce({ userId: auth.userId, now }) }
    : DRAFT_COLUMNS;
  const { record, audit } = newRecord(write, cached, { id: uuidv7(), values, submit, workflow });
  const guard = { moduleVersion: app.moduleVersion, builder: canUseBuilder(auth.flags) };
  const [inserted] = await db.statementInTenant<GuardedInsertAnswer>(
    ctx.tenantId,
    guardedInsertStatement(ctx.tenantId, record, audit, guard),
  );
  return inserted
    ? visibleRow(
        definition,
        newRecordRow(record, inserted.created_by_name, inserted.workflow_initiator_email),
      )
    : null;
}

/** Changes to an existing record; with `submit` a draft is submitted too. */
async function change(
  tx: TenantTx,
  write: Write,
  existing: RawRecordRow,
  body: SaveRecordBody,
  submit: boolean,
): Promise<RecordRow> {
  const { ctx, auth, access, now } = write;
  // At a task the task's activity decides what may change (the task is the permission: its assignee
  // needs no edit grant); a returned record is resubmitted through its initiator's Resubmit task (the
  // only way to submit a record twice).
  const task =
    body.taskId === undefined
      ? null
      : await actingTask(tx, ctx.tenantId, auth.userId, existing.id, body.taskId);
  if (!task) requireGranted(access.can, changeAction(auth, existing));
  const resubmitting = submit && task?.task_type === 'Resubmit';
  if (submit && !existing.is_draft && !resubmitting) throw conflict(msg('records.alreadySubmitted'));
  requireFresh(existing, body.expectedModifiedOn);
  const definition = await versionDefinition(tx, ctx.tenantId, access, Number(existing.module_version));
  let values = await prepareRecordValues(definition, body.data, {
    activityId: task?.activity_id ?? activityOf(existing),
    now,
    stored: existing.data ?? {},
    // A submitted entry stays complete: changing it keeps every rule, required fields included.
    mode: submit || !existing.is_draft ? 'submit' : 'draft',
  });
  let submitted: WorkflowColumns | undefined;
  const starting = submit && !resubmitting;
  if (starting) {
    values = await assignSequenceNumbers(tx, ctx.tenantId, access.app.id, definition, values, now);
    submitted = { submittedOn: now, ...submissionColumns(access.app, { userId: auth.userId, now }) };
  }
  const before = { data: auditValues(definition, existing.data ?? {}) };
  let row = await updateRecord(
    tx,
    ctx.tenantId,
    access.app.id,
    existing.id,
    { data: values, submitted, userId: auth.userId, now },
    facts(write, submit ? 'submitted' : 'updated', before, { data: auditValues(definition, values) }),
  );
  await claimFiles(tx, ctx, access, existing.id, values);
  if (resubmitting) {
    await resubmitRecord(tx, ctx.tenantId, task, auth.userId, now, write.jobs);
    row = (await findRecord(tx, ctx.tenantId, access.app.id, existing.id))!;
  } else if (starting && hasRunnableWorkflow(access.app)) {
    const submission = { tenantId: ctx.tenantId, moduleId: access.app.id, recordId: existing.id, now };
    await startInstance(
      tx,
      { ...submission, userId: auth.userId, moduleVersion: access.app.moduleVersion },
      write.jobs,
    );
    row = (await findRecord(tx, ctx.tenantId, access.app.id, existing.id))!;
  }
  return visibleRow(definition, row);
}

export function createRecordWriteService(db: TenantDb, jobs?: JobEffects) {
  const run = async (
    ctx: CallContext,
    auth: RequestAuth,
    moduleId: string,
    body: SaveRecordBody,
    submit: boolean,
  ): Promise<RecordRow> => {
    const now = new Date();
    if (body.recordId === undefined) {
      const created = await createFromCache(db, { ctx, auth, now }, moduleId, body.data, submit);
      if (created) {
        noteAppCreated(ctx.tenantId, moduleId);
        return created;
      }
    }
    const row = await db.inTenant(ctx.tenantId, async (tx) => {
      // A change made at a task reaches the record through it (its assignee needs no grant; change()
      // checks the task is open and theirs).
      const through = body.taskId === undefined ? undefined : body.recordId;
      const access = await recordAppAccess(tx, ctx.tenantId, auth, moduleId, through);
      if (!access.throughTask) rememberApp(ctx.tenantId, access);
      const write: Write = { ctx, auth, access, now, jobs };
      if (body.recordId === undefined) {
        requireGranted(access.can, 'create');
        return create(tx, write, access, body.data, submit);
      }
      const existing = await recordOfApp(tx, ctx.tenantId, auth, access, body.recordId, true);
      return change(tx, write, existing, body, submit);
    });
    // Committed: live dashboards hear of the new record (app-writes.ts; changes NOTIFY themselves).
    if (body.recordId === undefined) noteAppCreated(ctx.tenantId, moduleId);
    return row;
  };

  return {
    /** POST save?moduleId: a new draft, or changes to a draft or a submitted record. */
    save: (ctx: CallContext, auth: RequestAuth, moduleId: string, body: SaveRecordBody) =>
      run(ctx, auth, moduleId, body, false),
    /** POST submit: saves the values and submits the entry. */
    submit: (ctx: CallContext, auth: RequestAuth, body: SubmitRecordBody) =>
      run(ctx, auth, body.moduleId, body, true),
  };
}

/**
 * A new record made inside the caller's own transaction, for work the server does on a user's
 * behalf (the task scheduler: the record, its workflow start and the schedule's log commit
 * together). The caller has checked the user's create grant (recordAppAccess, requireGranted).
 */
export function createRecordInTransaction(
  tx: TenantTx,
  write: { ctx: CallContext; auth: RequestAuth; now: Date; jobs?: JobEffects },
  source: CachedApp,
  values: RecordValues,
  submit: boolean,
): Promise<RecordRow> {
  return create(tx, write, source, values, submit);
}
