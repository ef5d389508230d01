import {
  msg,
  type CreateUserCommand,
  type CreateUserResult,
  type ManagedUser,
  type ManagedUserDetail,
  type UpdateUserCommand,
  type UserDataTable,
  type UserDataTableQuery,
  type UserLicence,
} from '@formloop/contracts';
import {
  DEFAULT_LAUNCH_PAGE,
  USER_KINDS,
  launchPageTypeOf,
  normaliseTimeZone,
  seatsLeft,
} from '@formloop/domain';
import { AppError, conflict } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { hashPassword, newSecret, newSecurityStamp, identityRepo } from '../identity/index.ts';
import { INVITE_TTL_MINUTES, issueSetPasswordToken, sendInvitation, setPasswordLink } from './users-mail.ts';
import {
  auditUser,
  auditView,
  guardSysAdminGrant,
  guardSysAdminTarget,
  lockTarget,
  missingUser,
  requireSeat,
  toManagedUser,
  type UsersCall,
  type UsersDeps,
} from './users-rules.ts';
import * as repo from './users.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { isUniqueViolation } from '../../platform/database/sql-helpers.ts';

const duplicate = () => conflict(msg('users.duplicateUsername'));

/** Reading users and licences, creating (or inviting) and editing users. */
export function createUsersService({ db, mailer }: UsersDeps) {
  return {
    /** Seats per kind: limit from tenants.licence_counts (missing = unlimited), used = active users. */
    async licences(ctx: CallContext): Promise<UserLicence[]> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const counts = await repo.readLicenceCounts(tx, ctx.tenantId);
        const used = await repo.activeCountsByKind(tx, ctx.tenantId);
        return USER_KINDS.map((kind) => {
          const inUse = used.get(kind) ?? 0;
          const limit = counts[kind];
          return {
            kind,
            limit: limit === undefined || !Number.isFinite(limit) ? null : limit,
            used: inUse,
            available: seatsLeft(counts, kind, inUse),
          };
        });
      });
    },

    async list(ctx: CallContext, query: UserDataTableQuery): Promise<UserDataTable> {
      const page = await db.inTenant(ctx.tenantId, (tx) =>
        repo.listUsers(tx, ctx.tenantId, {
          offset: (query.page - 1) * query.length,
          limit: query.length,
          orders: query.orders,
          search: query.search,
          kind: query.license,
          status: query.status,
        }),
      );
      return {
        records: page.rows.map(toManagedUser),
        recordsTotal: page.recordsTotal,
        recordsFiltered: page.recordsFiltered,
      };
    },

    async detail(ctx: CallContext, id: string): Promise<ManagedUserDetail> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const user = isUuid(id) ? await identityRepo.findUserById(tx, ctx.tenantId, id) : null;
        if (!user) throw missingUser();
        const teams = await repo.teamsOfUser(tx, ctx.tenantId, user.id);
        const roles = await repo.rolesOfUser(tx, ctx.tenantId, user.id);
        const available = await repo.tenantRoles(tx, ctx.tenantId);
        return {
          ...toManagedUser(user),
          time_zone: normaliseTimeZone(user.timeZone),
          preference: {
            launch_page: { type: launchPageTypeOf(user.preference?.launch_page) ?? DEFAULT_LAUNCH_PAGE },
          },
          teams: teams.map((team) => ({ id: team.id, team_name: team.teamName, is_lead: team.isLead })),
          roles: roles.map((role) => ({ id: role.id, role_name: role.roleName })),
          available_roles: available.map((role) => ({ id: role.id, role_name: role.roleName })),
        };
      });
    },

    /**
     * A new user holding a seat of their kind. With a password they can sign in at once; without
     * one they get an e-mail with a single-use link to choose it. The mail goes out inside the
     * transaction, so a mail server that refuses leaves no half-made user behind.
     */
    async create(call: UsersCall, body: CreateUserCommand): Promise<CreateUserResult> {
      const { tenantId } = call.ctx;
      guardSysAdminGrant(call.auth, body.user_kind);
      const invited = body.password === undefined;
      // An invited user gets a random password nobody knows until the link sets a real one.
      const passwordHash = await hashPassword(body.password ?? newSecret());
      try {
        return await db.inTenant(tenantId, async (tx) => {
          if (await repo.usernameTaken(tx, tenantId, body.username)) throw duplicate();
          await requireSeat(tx, tenantId, body.user_kind);
          const row = await repo.insertUser(tx, tenantId, {
            username: body.username,
            email: body.email,
            fullname: body.fullname,
            userKind: body.user_kind,
            passwordHash,
            securityStamp: newSecurityStamp(),
          });
          await auditUser(tx, call, {
            entityId: row.id,
            action: 'create',
            before: null,
            after: { ...auditView(row), invited },
          });
          if (invited) {
            const token = await issueSetPasswordToken(tx, tenantId, row.id, INVITE_TTL_MINUTES);
            const inviter = await identityRepo.findUserById(tx, tenantId, call.auth.userId);
            try {
              await sendInvitation(mailer, row, setPasswordLink(call.origin, token, 'invite'), inviter);
            } catch {
              throw new AppError(502, 'INTERNAL', msg('users.inviteMailFailed'));
            }
          }
          return { ...toManagedUser(row), invited };
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    /** E-mail and full name; unchanged values write nothing and leave no audit row. */
    async update(call: UsersCall, id: string, body: UpdateUserCommand): Promise<ManagedUser> {
      const { tenantId } = call.ctx;
      return db.inTenant(tenantId, async (tx) => {
        const user = await lockTarget(tx, tenantId, id);
        guardSysAdminTarget(call.auth, user);
        const next = { ...user, email: body.email, fullname: body.fullname };
        if (next.email === user.email && next.fullname === user.fullname) return toManagedUser(user);
        await identityRepo.updateUser(tx, tenantId, user.id, { email: body.email, fullname: body.fullname });
        await auditUser(tx, call, {
          entityId: user.id,
          action: 'update',
          before: { email: user.email, fullname: user.fullname },
          after: { email: next.email, fullname: next.fullname },
        });
        return toManagedUser(next);
      });
    },
  };
}
