import { msg, type ManagedUser, type UserRolesResult } from '@formloop/contracts';
import type { UserKind } from '@formloop/domain';
import { AppError, badRequest, notFound } from '../../platform/http/errors.ts';
import { newSecurityStamp, identityRepo } from '../identity/index.ts';
import { issueSetPasswordToken, sendAdminReset, setPasswordLink } from './users-mail.ts';
import {
  auditUser,
  guardSysAdminGrant,
  guardSysAdminTarget,
  lockTarget,
  requireSeat,
  toManagedUser,
  type UsersCall,
  type UsersDeps,
} from './users-rules.ts';
import * as repo from './users.repository.ts';
import { endHubSessions } from '../../platform/realtime/hub-publish.ts';
import { isUuid } from '../../platform/database/uuid.ts';

const roleRefs = (rows: Array<{ id: string; roleName: string }>) =>
  rows.map((row) => ({ id: row.id, role_name: row.roleName }));

/**
 * What an administrator does to an existing user: (de)activate, reset password or second factor,
 * change the licence, set the roles. Each is one transaction with its audit row; a change to what
 * the user may do drops the guard's cached sessions so it applies on the user's next request.
 */
export function createUserActionsService({ db, mailer, sessionCache, config }: UsersDeps) {
  const forget = <T>(userId: string, result: T): T => {
    sessionCache.forgetUser(userId);
    return result;
  };

  return {
    /** Frees the seat and ends every session of the user at once. You cannot deactivate yourself. */
    async deactivate(call: UsersCall, id: string): Promise<ManagedUser> {
      if (id === call.auth.userId) throw badRequest(msg('users.cannotDeactivateSelf'));
      const { tenantId } = call.ctx;
      const result = await db.inTenant(tenantId, async (tx) => {
        const user = await lockTarget(tx, tenantId, id);
        guardSysAdminTarget(call.auth, user);
        if (!user.isActive) return toManagedUser(user);
        await identityRepo.updateUser(tx, tenantId, user.id, { isActive: false });
        const revoked = await repo.revokeSessions(tx, tenantId, user.id, null);
        await endHubSessions(tx, tenantId, user.id);
        await auditUser(tx, call, {
          entityId: user.id,
          action: 'deactivate',
          before: { is_active: true },
          after: { is_active: false, sessions_revoked: revoked },
        });
        return toManagedUser({ ...user, isActive: false });
      });
      return forget(result.id, result);
    },

    /** Takes a seat of the user's licence again: 409 when none is free. */
    async activate(call: UsersCall, id: string): Promise<ManagedUser> {
      const { tenantId } = call.ctx;
      const result = await db.inTenant(tenantId, async (tx) => {
        const user = await lockTarget(tx, tenantId, id);
        guardSysAdminTarget(call.auth, user);
        if (user.isActive) return toManagedUser(user);
        await requireSeat(tx, tenantId, user.userKind);
        // A fresh start: the failed sign-ins that may have led here no longer lock the account.
        await identityRepo.updateUser(tx, tenantId, user.id, {
          isActive: true,
          failedLoginCount: 0,
          lockoutUntil: null,
        });
        await auditUser(tx, call, {
          entityId: user.id,
          action: 'activate',
          before: { is_active: false },
          after: { is_active: true },
        });
        return toManagedUser({ ...user, isActive: true });
      });
      return forget(result.id, result);
    },

    /**
     * Mails the user a single-use link to choose a new password; the current one keeps working
     * until then. The mail goes out inside the transaction: if it fails, no link exists.
     */
    async resetPassword(call: UsersCall, id: string): Promise<void> {
      const { tenantId } = call.ctx;
      await db.inTenant(tenantId, async (tx) => {
        const user = await lockTarget(tx, tenantId, id);
        guardSysAdminTarget(call.auth, user);
        if (!user.isActive) throw badRequest(msg('users.userInactive'));
        const ttl = config.PASSWORD_RESET_TTL_MINUTES;
        const token = await issueSetPasswordToken(tx, tenantId, user.id, ttl);
        await auditUser(tx, call, {
          entityId: user.id,
          action: 'reset_password',
          before: null,
          after: { link_sent_to: user.email },
        });
        try {
          await sendAdminReset(mailer, user, setPasswordLink(call.origin, token), ttl);
        } catch {
          throw new AppError(502, 'INTERNAL', msg('users.resetMailFailed'));
        }
      });
    },

    /**
     * Turns the authenticator off (secret and recovery codes gone) and changes the security stamp,
     * so remembered machines and sessions die; the user signs in next time with the password alone.
     * Resetting your own keeps the session you are using.
     */
    async resetTwoFactor(call: UsersCall, id: string): Promise<ManagedUser> {
      const { tenantId } = call.ctx;
      const result = await db.inTenant(tenantId, async (tx) => {
        const user = await lockTarget(tx, tenantId, id);
        guardSysAdminTarget(call.auth, user);
        if (!user.twoFactorEnabled) throw badRequest(msg('users.twoFactorNotEnabled'));
        const stamp = newSecurityStamp();
        await identityRepo.updateUser(tx, tenantId, user.id, {
          twoFactorEnabled: false,
          totpSecret: null,
          recoveryCodeHashes: [],
          lastTotpStep: null,
          securityStamp: stamp,
        });
        const own = user.id === call.auth.userId ? call.auth.sessionId : null;
        const revoked = await repo.revokeSessions(tx, tenantId, user.id, own);
        await endHubSessions(tx, tenantId, user.id, own ? { except: own } : {});
        if (own) await identityRepo.restampSession(tx, tenantId, own, stamp);
        await auditUser(tx, call, {
          entityId: user.id,
          action: 'reset_2fa',
          before: { two_factor_enabled: true },
          after: { two_factor_enabled: false, sessions_revoked: revoked },
        });
        return toManagedUser({ ...user, twoFactorEnabled: false });
      });
      return forget(result.id, result);
    },

    /**
     * Moves the user to another licence kind. An active user needs a free seat of the new kind;
     * only a system administrator may grant or take away System Administrator. Not your own:
     * an administrator demoting themselves would lose this very screen.
     */
    async changeLicence(call: UsersCall, id: string, kind: UserKind): Promise<ManagedUser> {
      if (id === call.auth.userId) throw badRequest(msg('users.cannotChangeOwnLicence'));
      const { tenantId } = call.ctx;
      const result = await db.inTenant(tenantId, async (tx) => {
        const user = await lockTarget(tx, tenantId, id);
        guardSysAdminTarget(call.auth, user);
        guardSysAdminGrant(call.auth, kind);
        if (user.userKind === kind) return toManagedUser(user);
        if (user.isActive) await requireSeat(tx, tenantId, kind);
        await identityRepo.updateUser(tx, tenantId, user.id, { userKind: kind });
        await auditUser(tx, call, {
          entityId: user.id,
          action: 'licence',
          before: { user_kind: user.userKind },
          after: { user_kind: kind },
        });
        return toManagedUser({ ...user, userKind: kind });
      });
      return forget(result.id, result);
    },

    /** Replaces the user's roles; every id must be one of this tenant's roles (else 404, nothing changes). */
    async setRoles(call: UsersCall, id: string, roleIds: string[]): Promise<UserRolesResult> {
      const { tenantId } = call.ctx;
      const result = await db.inTenant(tenantId, async (tx) => {
        const user = await lockTarget(tx, tenantId, id);
        guardSysAdminTarget(call.auth, user);
        const wanted = roleIds.every(isUuid) ? await repo.findRoles(tx, tenantId, roleIds) : [];
        if (wanted.length !== roleIds.length) throw notFound(msg('users.unknownRoles'));
        const before = roleRefs(await repo.rolesOfUser(tx, tenantId, user.id));
        const same = before.length === roleIds.length && before.every((role) => roleIds.includes(role.id));
        if (same) return { userId: user.id, roles: before };
        await repo.replaceUserRoles(tx, tenantId, user.id, roleIds);
        const after = roleRefs(await repo.rolesOfUser(tx, tenantId, user.id));
        await auditUser(tx, call, {
          entityId: user.id,
          action: 'roles',
          before: { roles: before },
          after: { roles: after },
        });
        return { userId: user.id, roles: after };
      });
      return forget(result.userId, { roles: result.roles });
    },
  };
}
