import { msg, USER_KIND_LABELS, type ManagedUser } from '@formloop/contracts';
import { seatsLeft, type UserKind } from '@formloop/domain';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { SessionCache } from '../../platform/auth/session-cache.ts';
import type { Config } from '../../platform/config/config.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { identityRepo, type UserRow } from '../identity/index.ts';
import * as repo from './users.repository.ts';
import type { UserListRow } from './users.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';

/** What the user-management services need from the app. */
export interface UsersDeps {
  db: TenantDb;
  mailer: Mailer;
  /** The guard's cache: dropped for a user whose access changed, so it applies on their next request. */
  sessionCache: SessionCache;
  config: Pick<Config, 'PASSWORD_RESET_TTL_MINUTES'>;
}

/** Who asks and from where: the call context plus the site origin for links in e-mails. */
export interface UsersCall {
  ctx: CallContext;
  auth: RequestAuth;
  origin: string;
}

export const toManagedUser = (row: UserRow | UserListRow): ManagedUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  fullname: row.fullname,
  user_kind: row.userKind,
  is_active: row.isActive,
  two_factor_enabled: row.twoFactorEnabled,
  created_at: row.createdAt.toISOString(),
});

/** The user as audit rows show it: never a hash, secret, stamp or token. */
export const auditView = (row: UserRow) => ({
  username: row.username,
  email: row.email,
  fullname: row.fullname,
  user_kind: row.userKind,
  is_active: row.isActive,
  two_factor_enabled: row.twoFactorEnabled,
});

export const missingUser = () => notFound(msg('users.notFound'));

/** Another tenant's id, an unknown one and a malformed one all look the same: not here. */
export async function lockTarget(tx: TenantTx, tenantId: string, id: string): Promise<UserRow> {
  const row = isUuid(id) ? await identityRepo.lockUser(tx, tenantId, id) : null;
  if (!row) throw missingUser();
  return row;
}

/** Only a system administrator may change, deactivate or otherwise act on a system administrator. */
export function guardSysAdminTarget(auth: RequestAuth, target: UserRow): void {
  if (target.userKind === 'SYSTEM_ADMINISTRATOR' && !auth.flags.isSysAdmin) {
    throw forbidden(msg('users.sysAdminTargetOnly'));
  }
}

/** Only a system administrator may hand out the System Administrator licence. */
export function guardSysAdminGrant(auth: RequestAuth, kind: UserKind): void {
  if (kind === 'SYSTEM_ADMINISTRATOR' && !auth.flags.isSysAdmin) {
    throw forbidden(msg('users.sysAdminLicenceOnly'));
  }
}

/**
 * One more active user of `kind` must fit the tenant's seats (read and locked in this transaction,
 * not from the 5-second tenant cache); 409 naming the licence when none is left.
 */
export async function requireSeat(tx: TenantTx, tenantId: string, kind: UserKind): Promise<void> {
  const counts = await repo.lockLicenceCounts(tx, tenantId);
  const left = seatsLeft(counts, kind, await repo.activeCountOfKind(tx, tenantId, kind));
  if (left !== null && left < 1) {
    throw conflict(msg('users.noSeatsLeft', { licence: USER_KIND_LABELS[kind], limit: counts[kind] ?? 0 }));
  }
}

export function auditUser(
  tx: TenantTx,
  call: UsersCall,
  entry: { entityId: string; action: string; before: unknown; after: unknown },
): Promise<void> {
  return appendAudit(tx, {
    tenantId: call.ctx.tenantId,
    userId: call.auth.userId,
    entity: 'user',
    requestId: call.ctx.requestId,
    ...entry,
  });
}
