import {
  msg,
  TEAM_USER_PAGE_SIZE,
  type SaveTeamCommand,
  type TeamDataTable,
  type TeamDetail,
  type TeamLookupEntry,
  type TeamOrder,
  type TeamRecord,
  type TeamUserPage,
} from '@formloop/contracts';
import { auditorFor } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { AppError, badField, conflict, notFound } from '../../platform/http/errors.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import * as repo from './teams.repository.ts';
import type { MemberRow, TeamRow } from './teams.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { isUniqueViolation } from '../../platform/database/sql-helpers.ts';

const ENTITY = 'team';

const missingTeam = () => notFound(msg('teams.notFound'));
const missingUser = () => notFound(msg('teams.userNotFound'));
const duplicate = () => conflict(msg('teams.duplicateName'));

const toRecord = (row: TeamRow): TeamRecord => ({
  id: row.id,
  team_name: row.teamName,
  description: row.description,
  lead:
    row.leadUserId && row.leadFullname !== null ? { id: row.leadUserId, fullname: row.leadFullname } : null,
  member_count: row.memberCount,
  created_at: row.createdAt.toISOString(),
});

const toDetail = (row: TeamRow, members: MemberRow[]): TeamDetail => ({
  ...toRecord(row),
  member_count: members.length,
  modified_at: row.modifiedAt.toISOString(),
  members: members.map((member) => ({
    id: member.id,
    username: member.username,
    fullname: member.fullname,
    email: member.email,
    is_active: member.isActive,
    is_lead: member.id === row.leadUserId,
  })),
});

/** What the audit row keeps of a team: enough to read the change without joining anything. */
const snapshot = (row: TeamRow, members: MemberRow[]) => ({
  id: row.id,
  team_name: row.teamName,
  description: row.description,
  lead_user_id: row.leadUserId,
  members: members.map((member) => ({ id: member.id, username: member.username })),
});

/** Teams (/settings/team-management): managed by settings roles, looked up by everyone signed in. */
export function createTeamService(db: TenantDb) {
  /** Another tenant's id, a deleted one and a malformed one all look the same: not here. */
  const loadTeam = async (tx: TenantTx, tenantId: string, id: string, lock = false) => {
    const row = isUuid(id) ? await repo.findTeam(tx, tenantId, id, lock) : null;
    if (!row) throw missingTeam();
    return row;
  };

  /** The tenant's users with these ids; any id that is not one of them is a 404. */
  const loadUsers = async (tx: TenantTx, tenantId: string, ids: readonly string[]) => {
    if (ids.some((id) => !isUuid(id))) throw missingUser();
    const found = await repo.findUsers(tx, tenantId, ids);
    if (found.length !== ids.length) throw missingUser();
    return found;
  };

  const detailOf = async (tx: TenantTx, tenantId: string, id: string) => {
    const row = await loadTeam(tx, tenantId, id);
    return { row, members: await repo.listMembers(tx, tenantId, id) };
  };

  const audit = auditorFor(ENTITY);

  /**
   * The lead a save asks for: undefined keeps the current one, null clears it. A newly chosen lead
   * must be an active user of the tenant; keeping a lead who has since been deactivated is allowed,
   * so renaming a team never fails over someone else's account.
   */
  const resolveLead = async (
    tx: TenantTx,
    tenantId: string,
    wanted: string | null | undefined,
    current: string | null,
  ): Promise<string | null> => {
    if (wanted === undefined) return current;
    if (wanted === null || wanted === '') return null;
    const [lead] = await loadUsers(tx, tenantId, [wanted]);
    if (lead!.id !== current && !lead!.isActive) throw badField('lead_user_id', msg('teams.leadInactive'));
    return lead!.id;
  };

  return {
    async list(
      ctx: CallContext,
      input: { page: number; length: number; orders: TeamOrder[]; search: string },
    ): Promise<TeamDataTable> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const page = await repo.listPage(tx, ctx.tenantId, {
          offset: (input.page - 1) * input.length,
          limit: input.length,
          orders: input.orders.length > 0 ? input.orders : [{ column: 'team_name', dir: 'asc' }],
          search: input.search,
        });
        return {
          records: page.rows.map(toRecord),
          recordsTotal: page.recordsTotal,
          recordsFiltered: page.recordsFiltered,
        };
      });
    },

    async detail(ctx: CallContext, id: string): Promise<TeamDetail> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { row, members } = await detailOf(tx, ctx.tenantId, id);
        return toDetail(row, members);
      });
    },

    async save(ctx: CallContext, auth: RequestAuth, body: SaveTeamCommand): Promise<TeamDetail> {
      const tenantId = ctx.tenantId;
      try {
        return await db.inTenant(tenantId, async (tx) => {
          if (body.id !== undefined) {
            const current = await loadTeam(tx, tenantId, body.id, true);
            const before = await repo.listMembers(tx, tenantId, current.id);
            if (await repo.nameTaken(tx, tenantId, body.team_name, current.id)) throw duplicate();
            const leadUserId = await resolveLead(tx, tenantId, body.lead_user_id, current.leadUserId);
            const description = body.description ?? current.description;
            const unchanged =
              body.team_name === current.teamName &&
              description === current.description &&
              leadUserId === current.leadUserId;
            if (unchanged) return toDetail(current, before);
            await repo.updateTeam(
              tx,
              tenantId,
              current.id,
              { teamName: body.team_name, description, leadUserId },
              auth.userId,
            );
            if (leadUserId) await repo.addMembers(tx, tenantId, current.id, [leadUserId]);
            const after = await detailOf(tx, tenantId, current.id);
            await audit(tx, ctx, auth, {
              entityId: current.id,
              action: 'updated',
              before: snapshot(current, before),
              after: snapshot(after.row, after.members),
            });
            return toDetail(after.row, after.members);
          }
          if (await repo.nameTaken(tx, tenantId, body.team_name, null)) throw duplicate();
          const leadUserId = await resolveLead(tx, tenantId, body.lead_user_id, null);
          const id = await repo.insertTeam(tx, tenantId, {
            teamName: body.team_name,
            description: body.description ?? '',
            leadUserId,
            userId: auth.userId,
          });
          if (leadUserId) await repo.addMembers(tx, tenantId, id, [leadUserId]);
          const created = await detailOf(tx, tenantId, id);
          await audit(tx, ctx, auth, {
            entityId: id,
            action: 'created',
            before: null,
            after: snapshot(created.row, created.members),
          });
          return toDetail(created.row, created.members);
        });
      } catch (error) {
        if (!(error instanceof AppError) && isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    async remove(ctx: CallContext, auth: RequestAuth, id: string): Promise<void> {
      await db.inTenant(ctx.tenantId, async (tx) => {
        const current = await loadTeam(tx, ctx.tenantId, id, true);
        const members = await repo.listMembers(tx, ctx.tenantId, current.id);
        await repo.deleteTeam(tx, ctx.tenantId, current.id);
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'deleted',
          before: snapshot(current, members),
          after: null,
        });
      });
    },

    /**
     * Replaces the member list. Every id must be a user of the tenant (else 404); users joining
     * must be active, while members already on the team stay even if deactivated since. Taking
     * the lead off the team clears the lead.
     */
    async setMembers(
      ctx: CallContext,
      auth: RequestAuth,
      id: string,
      userIds: readonly string[],
    ): Promise<TeamDetail> {
      const tenantId = ctx.tenantId;
      return db.inTenant(tenantId, async (tx) => {
        const current = await loadTeam(tx, tenantId, id, true);
        const wanted = [...new Set(userIds)];
        const users = await loadUsers(tx, tenantId, wanted);
        const before = await repo.listMembers(tx, tenantId, current.id);
        const had = new Set(before.map((member) => member.id));
        const joining = users.filter((user) => !had.has(user.id));
        if (joining.some((user) => !user.isActive)) {
          throw badField('user_ids', msg('teams.memberInactive'));
        }
        const keep = new Set(wanted);
        const leaving = before.filter((member) => !keep.has(member.id)).map((member) => member.id);
        if (joining.length === 0 && leaving.length === 0) return toDetail(current, before);

        await repo.removeMembers(tx, tenantId, current.id, leaving);
        await repo.addMembers(
          tx,
          tenantId,
          current.id,
          joining.map((user) => user.id),
        );
        const leadLeft = current.leadUserId !== null && !keep.has(current.leadUserId);
        await repo.updateTeam(tx, tenantId, current.id, leadLeft ? { leadUserId: null } : {}, auth.userId);
        const after = await detailOf(tx, tenantId, current.id);
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'members_updated',
          before: snapshot(current, before),
          after: snapshot(after.row, after.members),
        });
        return toDetail(after.row, after.members);
      });
    },

    /** Active users to pick members and leads from, 20 a page. */
    async users(ctx: CallContext, query: { search: string; page: number }): Promise<TeamUserPage> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const { rows, total } = await repo.searchActiveUsers(tx, ctx.tenantId, {
          search: query.search,
          offset: (query.page - 1) * TEAM_USER_PAGE_SIZE,
          limit: TEAM_USER_PAGE_SIZE,
        });
        return {
          records: rows.map(({ id, username, fullname, email }) => ({ id, username, fullname, email })),
          recordsFiltered: total,
          page: query.page,
          hasMore: query.page * TEAM_USER_PAGE_SIZE < total,
        };
      });
    },

    async lookup(ctx: CallContext): Promise<TeamLookupEntry[]> {
      const rows = await db.inTenant(ctx.tenantId, (tx) => repo.lookupTeams(tx, ctx.tenantId));
      return rows.map((row) => ({ id: row.id, team_name: row.teamName }));
    },
  };
}
