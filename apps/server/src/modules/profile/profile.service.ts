import {
  msg,
  type ChangePasswordBody,
  type SetUserTimeZoneBody,
  type UpdateUserProfileBody,
  type UserProfile,
} from '@formloop/contracts';
import {
  DEFAULT_LAUNCH_PAGE,
  codePointLength,
  flagsForKind,
  languageOrNull,
  launchPageTypeOf,
  normaliseTimeZone,
} from '@formloop/domain';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import { endHubSessions } from '../../platform/realtime/hub-publish.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { SessionCache } from '../../platform/auth/session-cache.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { badField, badRequest, fieldError, unauthenticated } from '../../platform/http/errors.ts';
import {
  hashPassword,
  newSecurityStamp,
  verifyPassword,
  identityRepo,
  type UserRow,
} from '../identity/index.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import * as repo from './profile.repository.ts';
import { acceptTimeZone } from './time-zones.ts';

export interface ProfileDeps {
  db: TenantDb;
  /** The identity guard's cache: dropped after a password change so other sessions end at once. */
  sessionCache: SessionCache;
}

/** The user row as the profile API shows it (never a hash, secret or stamp). */
export function toProfile(user: UserRow): UserProfile {
  const timeZone = normaliseTimeZone(user.timeZone);
  return {
    ...flagsForKind(user.userKind),
    uid: user.id,
    username: user.username,
    email: user.email,
    fullname: user.fullname,
    time_zone: timeZone,
    date_format: user.dateFormat,
    language: languageOrNull(user.language),
    preference: {
      launch_page: { type: launchPageTypeOf(user.preference?.launch_page) ?? DEFAULT_LAUNCH_PAGE },
    },
    is2faEnabled: user.twoFactorEnabled,
    user_kind: user.userKind,
    config: { time_zone: timeZone, user_kind: user.userKind },
  };
}

type Editable = Pick<UserRow, 'fullname' | 'email' | 'dateFormat' | 'language' | 'preference'>;

/** Only what the body changes, as column changes and as before/after for the audit log. */
function diffProfile(user: UserRow, body: UpdateUserProfileBody) {
  const changes: Partial<Editable> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const note = (key: string, from: unknown, to: unknown) => {
    before[key] = from;
    after[key] = to;
  };
  if (body.fullname !== undefined && body.fullname !== user.fullname) {
    changes.fullname = body.fullname;
    note('fullname', user.fullname, body.fullname);
  }
  if (body.email !== undefined && body.email !== user.email) {
    changes.email = body.email;
    note('email', user.email, body.email);
  }
  if (body.date_format !== undefined && body.date_format !== user.dateFormat) {
    changes.dateFormat = body.date_format;
    note('date_format', user.dateFormat, body.date_format);
  }
  if (body.language !== undefined && body.language !== user.language) {
    changes.language = body.language;
    note('language', user.language, body.language);
  }
  const launchPage = body.preference?.launch_page.type;
  if (launchPage !== undefined && launchPage !== user.preference?.launch_page?.type) {
    // Stored for everyone; it only takes effect for full users and administrators (spec §6).
    changes.preference = { ...user.preference, launch_page: { type: launchPage } };
    note('preference', user.preference, changes.preference);
  }
  return { changes, before, after };
}

/** identity/manageauthenticator: userinfo, setusertimezone and changepassword for the signed-in user. */
export function createProfileService({ db, sessionCache }: ProfileDeps) {
  const lockCaller = async (tx: TenantTx, ctx: CallContext, auth: RequestAuth) => {
    const user = await identityRepo.lockUser(tx, ctx.tenantId, auth.userId);
    if (!user) throw unauthenticated();
    return user;
  };

  return {
    async get(ctx: CallContext, auth: RequestAuth): Promise<UserProfile> {
      const user = await db.inTenant(ctx.tenantId, (tx) =>
        identityRepo.findUserById(tx, ctx.tenantId, auth.userId),
      );
      if (!user) throw unauthenticated();
      return toProfile(user);
    },

    async update(ctx: CallContext, auth: RequestAuth, body: UpdateUserProfileBody): Promise<UserProfile> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const user = await lockCaller(tx, ctx, auth);
        const { changes, before, after } = diffProfile(user, body);
        if (Object.keys(changes).length === 0) return toProfile(user);
        await identityRepo.updateUser(tx, ctx.tenantId, user.id, changes);
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: user.id,
          entity: 'user',
          entityId: user.id,
          action: 'profile-updated',
          before,
          after,
          requestId: ctx.requestId,
        });
        return toProfile({ ...user, ...changes });
      });
    },

    async setTimeZone(ctx: CallContext, auth: RequestAuth, body: SetUserTimeZoneBody): Promise<string> {
      const zone = acceptTimeZone(body.timeZone);
      if (zone === null) {
        throw badRequest(msg('profile.invalidTimeZone'), [
          fieldError('timeZone', msg('profile.invalidTimeZone')),
        ]);
      }
      return db.inTenant(ctx.tenantId, async (tx) => {
        const user = await lockCaller(tx, ctx, auth);
        if (user.timeZone === zone) return zone;
        await identityRepo.updateUser(tx, ctx.tenantId, user.id, { timeZone: zone });
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: user.id,
          entity: 'user',
          entityId: user.id,
          action: 'time-zone-changed',
          before: { time_zone: user.timeZone },
          after: { time_zone: zone },
          requestId: ctx.requestId,
        });
        return zone;
      });
    },

    /**
     * A new password gets a new security stamp: every other session, remembered machine and open
     * reset link dies with the old one, while the caller's own session moves across to the new stamp.
     */
    async changePassword(ctx: CallContext, auth: RequestAuth, body: ChangePasswordBody): Promise<void> {
      await db.inTenant(ctx.tenantId, async (tx) => {
        const user = await lockCaller(tx, ctx, auth);
        if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
          throw badRequest(msg('profile.wrongCurrentPassword'), [
            fieldError('currentPassword', msg('profile.wrongCurrentPassword')),
          ]);
        }
        const policy = await repo.findPolicy(tx, ctx.tenantId);
        const length = codePointLength(body.newPassword);
        const tooShort = length < policy.passwordMinLength;
        if (tooShort || length > policy.passwordMaxLength) {
          // With the default policy these are the spec's own 'Minimum 3' / 'Maximum 50' texts.
          throw badField(
            'newPassword',
            tooShort
              ? msg('profile.passwordTooShort', { min: policy.passwordMinLength })
              : msg('profile.passwordTooLong', { max: policy.passwordMaxLength }),
          );
        }
        const stamp = newSecurityStamp();
        await identityRepo.updateUser(tx, ctx.tenantId, user.id, {
          passwordHash: await hashPassword(body.newPassword),
          securityStamp: stamp,
          failedLoginCount: 0,
          lockoutUntil: null,
        });
        await identityRepo.restampSession(tx, ctx.tenantId, auth.sessionId, stamp);
        await endHubSessions(tx, ctx.tenantId, user.id, { except: auth.sessionId });
        await identityRepo.expireOpenResetTokens(tx, ctx.tenantId, user.id);
        await appendAudit(tx, {
          tenantId: ctx.tenantId,
          userId: user.id,
          entity: 'user',
          entityId: user.id,
          action: 'password-changed',
          // What changed, never the secrets themselves.
          before: { security_stamp_changed: false },
          after: { security_stamp_changed: true, other_sessions_ended: true },
          requestId: ctx.requestId,
        });
      });
      sessionCache.forgetUser(auth.userId);
    },
  };
}
