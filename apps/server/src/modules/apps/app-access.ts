import { msg } from '@formloop/contracts';
import { appResource, canUseBuilder, type UserFlags } from '@formloop/domain';
import type { TenantTx } from '../../platform/database/tenant-db.ts';
import { notFound } from '../../platform/http/errors.ts';
import { grantedResources, isGranted } from '../access/index.ts';
import type { AppScope } from './apps-list.repository.ts';
import { findApp, type AppRow } from './apps.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';

// Who may see an app (spec §6): builders (full users and consultants) design every app, so they see
// them all, drafts included; everyone else sees the published apps a role grants 'view' on
// (resource app:{id}). Grants are read in the caller's transaction, never cached, so a role change
// applies to the next request.

export interface AppCaller {
  userId: string;
  flags: UserFlags;
}

const APP_PREFIX = 'app:';

/** The ids of the apps the user's roles grant `action` on. */
async function grantedIds(
  tx: TenantTx,
  tenantId: string,
  userId: string,
  action: 'view' | 'create',
): Promise<string[]> {
  const resources = await grantedResources(tx, tenantId, userId, action, APP_PREFIX);
  return [...resources].map((resource) => resource.slice(APP_PREFIX.length)).filter(isUuid);
}

const viewableIds = (tx: TenantTx, tenantId: string, userId: string) =>
  grantedIds(tx, tenantId, userId, 'view');

/** Apps a caller may open and use (ListApplications, favourites, most used, usage). */
export async function usableScope(tx: TenantTx, tenantId: string, caller: AppCaller): Promise<AppScope> {
  if (canUseBuilder(caller.flags)) return { publishedOnly: true, ids: null };
  return { publishedOnly: true, ids: await viewableIds(tx, tenantId, caller.userId) };
}

/**
 * Apps a caller may enter data into (dataentrylookup): published ones only (a draft takes no
 * entries), every one for builders (they may do everything in every app, as records allow), else
 * those a role grants 'create' on — the grant creating a record needs.
 */
export async function enterableScope(tx: TenantTx, tenantId: string, caller: AppCaller): Promise<AppScope> {
  if (canUseBuilder(caller.flags)) return { publishedOnly: true, ids: null };
  return { publishedOnly: true, ids: await grantedIds(tx, tenantId, caller.userId, 'create') };
}

/** Apps a caller may see at all: every app for builders (they design drafts), else the usable ones. */
export async function visibleScope(tx: TenantTx, tenantId: string, caller: AppCaller): Promise<AppScope> {
  if (canUseBuilder(caller.flags)) return { publishedOnly: false, ids: null };
  return usableScope(tx, tenantId, caller);
}

/** Whether the caller may see this app (the visible scope, for one app). */
export async function maySee(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  app: AppRow,
): Promise<boolean> {
  if (canUseBuilder(caller.flags)) return true;
  if (app.modulePublished === null) return false;
  return isGranted(tx, tenantId, caller.userId, appResource(app.id), 'view');
}

/**
 * The app with this id, or 404: another tenant's id, a deleted one and a malformed one all look the
 * same (never a 500 for a bad uuid). Locked when the caller is about to change it.
 */
export async function appOr404(tx: TenantTx, tenantId: string, id: string, lock = false): Promise<AppRow> {
  const row = isUuid(id) ? await findApp(tx, tenantId, id.toLowerCase(), lock) : null;
  if (!row) throw notFound(msg('apps.notFound'));
  return row;
}

/** The app, when the caller may see it; 404 otherwise (favourites and usage do not reveal others' apps). */
export async function visibleAppOr404(
  tx: TenantTx,
  tenantId: string,
  caller: AppCaller,
  id: string,
): Promise<AppRow> {
  const app = await appOr404(tx, tenantId, id);
  if (!(await maySee(tx, tenantId, caller, app))) throw notFound(msg('apps.notFound'));
  return app;
}
