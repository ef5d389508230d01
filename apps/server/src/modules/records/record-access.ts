import { and, eq, sql, type SQL } from 'drizzle-orm';
import { rolePermissions, userRoles } from '@formloop/db';
import { msg, type MessageRef } from '@formloop/contracts';
import { schema } from '@formloop/db';
import { appResource, canUseBuilder, type ModuleDefinition } from '@formloop/domain';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { forbidden, notFound } from '../../platform/http/errors.ts';
import { grantedSql, isGranted } from '../access/index.ts';
import { appOr404, maySee, type AppCaller, asDefinition, type AppRow } from '../apps/index.ts';
import { publishedAtVersionSql } from './records.repository.ts';
import { holdsOpenTaskInApp, holdsTaskOfRecord } from '../workflow/index.ts';

// Who may do what with an app's records (spec §6): every signed-in user reaches records, but only of
// the published apps they may see; builders (full users, consultants) may do everything, others what
// their roles grant on app:{id} (view, create, edit, delete). Read in the caller's transaction, so a
// role change applies to the next request. A task's assignee reaches that task's record without any
// grant (throughTask): at the task's activity, and nothing else of the app (ADR 0003).

export type RecordAction = 'view' | 'create' | 'edit' | 'delete';

const REFUSALS: Record<Exclude<RecordAction, 'view'>, MessageRef> = {
  create: msg('records.notAllowedCreate'),
  edit: msg('records.notAllowedEdit'),
  delete: msg('records.notAllowedDelete'),
};

export interface RecordApp {
  app: AppRow;
  /** The published definition (the latest version); records read their own version with versionDefinition. */
  definition: ModuleDefinition;
}

/**
 * The published app whose records the caller works with: 404 for other tenants' ids, malformed
 * ids, apps the caller may not see and apps never published (nothing to fill in yet).
 */
export async function recordAppOr404(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  moduleId: string,
): Promise<RecordApp> {
  const app = await appOr404(tx, tenantId, moduleId);
  if (!(await maySee(tx, tenantId, caller, app))) throw notFound(msg('records.appNotFound'));
  const definition = asDefinition(app.modulePublished);
  if (!definition || app.moduleVersion < 1) throw notFound(msg('records.notPublished'));
  return { app, definition };
}

/**
 * Whether a remembered published app (record-app-cache.ts) still stands for this caller, as a
 * condition for the statement that reads its records (one statement, no round trip of its own):
 * still published at the same version (a definition only changes by publishing, which bumps the
 * version) and still visible to them. Reads only the version, never the definitions.
 */
export function appStandsSql(
  tenantId: string,
  caller: AppCaller,
  app: Pick<AppRow, 'id' | 'moduleVersion'>,
): SQL {
  const published = publishedAtVersionSql(tenantId, app.id, app.moduleVersion);
  if (canUseBuilder(caller.flags)) return published;
  return sql`(${published} AND ${grantedSql(tenantId, caller.userId, appResource(app.id), 'view')})`;
}

/** Whether the caller may take this action on the app's records. */
export async function mayDo(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  moduleId: string,
  action: RecordAction,
): Promise<boolean> {
  if (canUseBuilder(caller.flags)) return true;
  return isGranted(tx, tenantId, caller.userId, appResource(moduleId), action);
}

/** 403 with the action's message unless the caller may take it. */
export async function requireAction(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  moduleId: string,
  action: Exclude<RecordAction, 'view'>,
): Promise<void> {
  if (!(await mayDo(tx, tenantId, caller, moduleId, action))) throw forbidden(REFUSALS[action]);
}

/** The definition of one published version (a record stays on the version it was made with). */
export async function versionDefinition(
  tx: TenantTx,
  tenantId: string,
  record: RecordApp,
  moduleVersion: number,
): Promise<ModuleDefinition> {
  if (moduleVersion === record.app.moduleVersion) return record.definition;
  const { moduleVersions } = schema;
  const rows = await tx
    .select({ module: moduleVersions.module })
    .from(moduleVersions)
    .where(
      and(
        eq(moduleVersions.tenantId, tenantId),
        eq(moduleVersions.moduleId, record.app.id),
        eq(moduleVersions.moduleVersion, moduleVersion),
      ),
    )
    .limit(1);
  return asDefinition(rows[0]?.module ?? null) ?? record.definition;
}

/** What the caller may do with one app's records: every action at once. */
export type RecordActions = Record<RecordAction, boolean>;

const ALL_ACTIONS: RecordActions = { view: true, create: true, edit: true, delete: true };

/** The actions the caller's roles grant on the app (builders: all), read with one query. */
export async function grantedActions(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  moduleId: string,
): Promise<RecordActions> {
  if (canUseBuilder(caller.flags)) return ALL_ACTIONS;
  const rows = await tx
    .selectDistinct({ action: rolePermissions.action })
    .from(rolePermissions)
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .where(
      and(
        eq(rolePermissions.tenantId, tenantId),
        eq(userRoles.tenantId, tenantId),
        eq(userRoles.userId, caller.userId),
        eq(rolePermissions.resource, appResource(moduleId)),
      ),
    );
  const granted = new Set(rows.map((row) => row.action));
  return {
    view: granted.has('view'),
    create: granted.has('create'),
    edit: granted.has('edit'),
    delete: granted.has('delete'),
  };
}

export interface RecordAppAccess extends RecordApp {
  can: RecordActions;
  /**
   * Reached through a task of the record given to the caller, without the app's view grant: `can`
   * is all false, and the record shows only at that task's activity.
   */
  throughTask?: boolean;
}

const NO_ACTIONS: RecordActions = { view: false, create: false, edit: false, delete: false };

/**
 * recordAppOr404 and the caller's grants in two queries (the app, then its grants): the write path
 * needs both and stays lean. Without 'view' the app is not there for the caller (404) — unless the
 * call is about one record (`throughRecord`) and the caller is an assignee of one of its tasks.
 */
export async function recordAppAccess(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  moduleId: string,
  throughRecord?: string,
): Promise<RecordAppAccess> {
  const app = await appOr404(tx, tenantId, moduleId);
  const can = await grantedActions(tx, tenantId, caller, app.id);
  const definition = asDefinition(app.modulePublished);
  const published = definition !== null && app.moduleVersion >= 1;
  if (published && can.view) return { app, definition, can };
  if (
    published &&
    throughRecord !== undefined &&
    (await readsThroughTask(tx, tenantId, caller, throughRecord))
  ) {
    return { app, definition, can: NO_ACTIONS, throughTask: true };
  }
  throw notFound(can.view ? msg('records.notPublished') : msg('records.appNotFound'));
}

/** Whether the caller is an assignee of a task of this record (open or closed). */
export function readsThroughTask(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  recordId: string,
): Promise<boolean> {
  return isUuid(recordId)
    ? holdsTaskOfRecord(tx, tenantId, caller.userId, recordId.toLowerCase())
    : Promise.resolve(false);
}

/** Whether the caller is an assignee of an open task of this app (its form's own calls: files, remote lookups). */
export function fillsThroughTask(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  moduleId: string,
): Promise<boolean> {
  return isUuid(moduleId)
    ? holdsOpenTaskInApp(tx, tenantId, caller.userId, moduleId.toLowerCase())
    : Promise.resolve(false);
}

/**
 * The published app whose form the caller works in: one they may see (recordAppOr404), or one in
 * which they hold an open task (throughTask; the task's own calls: its task list, remote lookups).
 * Anything else: the same 404 as recordAppOr404.
 */
export async function taskFormAppOr404(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  moduleId: string,
): Promise<RecordApp & { throughTask: boolean }> {
  try {
    return { ...(await recordAppOr404(tx, tenantId, caller, moduleId)), throughTask: false };
  } catch (error) {
    if (!(await fillsThroughTask(tx, tenantId, caller, moduleId))) throw error;
    const app = await appOr404(tx, tenantId, moduleId);
    const definition = asDefinition(app.modulePublished);
    if (!definition || app.moduleVersion < 1) throw error;
    return { app, definition, throughTask: true };
  }
}

/** 403 with the action's message unless `can` allows it. */
export function requireGranted(can: RecordActions, action: Exclude<RecordAction, 'view'>): void {
  if (!can[action]) throw forbidden(REFUSALS[action]);
}

/**
 * Drafts are their author's until submitted: other people (builders aside) do not see them, and
 * the author continues one with the 'create' grant that started it.
 */
export function draftOpenTo(
  caller: AppCaller,
  record: { is_draft: boolean; created_by: string | null },
): boolean {
  return !record.is_draft || record.created_by === caller.userId || canUseBuilder(caller.flags);
}
