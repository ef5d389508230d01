import {
  msg,
  type CatalogueRow,
  type RoleDetail,
  type RoleMatrixBody,
  type RoleSummary,
  type SaveRoleCommand,
} from '@formloop/contracts';
import { appendAudit } from '../../platform/audit/audit-log.ts';
import type { RequestAuth } from '../../platform/auth/request-auth.ts';
import type { TenantDb, TenantTx } from '../../platform/database/tenant-db.ts';
import { badRequest, conflict, fieldError, notFound } from '../../platform/http/errors.ts';
import { keyOfText } from '../../platform/http/message-text.ts';
import type { CallContext } from '../../platform/http/call-context.ts';
import { appCatalogue, checkGrants, grantLines, matrixErrors, menuCatalogue } from './role-catalogue.ts';
import * as repo from './role.repository.ts';
import type { GrantRow, MemberRow, RoleView } from './role.repository.ts';
import { isUuid } from '../../platform/database/uuid.ts';
import { isUniqueViolation } from '../../platform/database/sql-helpers.ts';

const ENTITY = 'role';

const duplicate = () => conflict(msg('roles.duplicateName'));
const missing = () => notFound(msg('roles.notFound'));

/** What the audit trail keeps of a role: its texts and its grants as sorted lines, so a diff lists cells. */
const auditView = (role: RoleView, grants: readonly GrantRow[], members?: readonly MemberRow[]) => ({
  id: role.id,
  role_name: role.roleName,
  description: role.description,
  grants: grantLines(grants),
  ...(members ? { members: members.map((member) => member.username).sort() } : {}),
});

/** Roles and their permission matrix; every command is one transaction with its audit row. */
export function createRoleService(db: TenantDb) {
  /** Another tenant's id, a deleted one and a malformed one all look the same: not here. */
  const existing = async (tx: TenantTx, tenantId: string, id: string, lock: boolean) => {
    const row = isUuid(id) ? await repo.findRole(tx, tenantId, id, lock) : null;
    if (!row) throw missing();
    return row;
  };

  const audit = (
    tx: TenantTx,
    ctx: CallContext,
    auth: RequestAuth,
    entry: { entityId: string; action: string; before: unknown; after: unknown },
  ) =>
    appendAudit(tx, {
      tenantId: ctx.tenantId,
      userId: auth.userId,
      entity: ENTITY,
      requestId: ctx.requestId,
      ...entry,
    });

  const summary = async (tx: TenantTx, tenantId: string, id: string): Promise<RoleSummary> => {
    const row = (await repo.listRoles(tx, tenantId)).find((role) => role.id === id);
    if (!row) throw missing();
    return {
      id: row.id,
      role_name: row.roleName,
      description: row.description,
      user_count: row.userCount,
      grant_count: row.grantCount,
    };
  };

  const detail = async (tx: TenantTx, tenantId: string, role: RoleView): Promise<RoleDetail> => ({
    id: role.id,
    role_name: role.roleName,
    description: role.description,
    grants: await repo.listGrants(tx, tenantId, role.id),
    members: await repo.listMembers(tx, tenantId, role.id),
  });

  return {
    async list(ctx: CallContext): Promise<RoleSummary[]> {
      const rows = await db.inTenant(ctx.tenantId, (tx) => repo.listRoles(tx, ctx.tenantId));
      return rows.map((row) => ({
        id: row.id,
        role_name: row.roleName,
        description: row.description,
        user_count: row.userCount,
        grant_count: row.grantCount,
      }));
    },

    async catalogue(ctx: CallContext): Promise<CatalogueRow[]> {
      return db.inTenant(ctx.tenantId, async (tx) => [
        ...menuCatalogue(await repo.listMenus(tx, ctx.tenantId)),
        ...appCatalogue(await repo.listApps(tx, ctx.tenantId)),
      ]);
    },

    async get(ctx: CallContext, id: string): Promise<RoleDetail> {
      return db.inTenant(ctx.tenantId, async (tx) =>
        detail(tx, ctx.tenantId, await existing(tx, ctx.tenantId, id, false)),
      );
    },

    async save(ctx: CallContext, auth: RequestAuth, body: SaveRoleCommand): Promise<RoleSummary> {
      const name = body.role_name;
      try {
        return await db.inTenant(ctx.tenantId, async (tx) => {
          if (body.id !== undefined) {
            const current = await existing(tx, ctx.tenantId, body.id, true);
            if (await repo.nameTaken(tx, ctx.tenantId, name, current.id)) throw duplicate();
            const next = { ...current, roleName: name, description: body.description ?? current.description };
            if (next.roleName === current.roleName && next.description === current.description) {
              return summary(tx, ctx.tenantId, current.id);
            }
            await repo.touchRole(
              tx,
              ctx.tenantId,
              current.id,
              { roleName: next.roleName, description: next.description },
              auth.userId,
            );
            const grants = await repo.listGrants(tx, ctx.tenantId, current.id);
            await audit(tx, ctx, auth, {
              entityId: current.id,
              action: 'updated',
              before: auditView(current, grants),
              after: auditView(next, grants),
            });
            return summary(tx, ctx.tenantId, current.id);
          }
          if (await repo.nameTaken(tx, ctx.tenantId, name, null)) throw duplicate();
          const created = await repo.insertRole(tx, ctx.tenantId, {
            roleName: name,
            description: body.description ?? '',
            userId: auth.userId,
          });
          await audit(tx, ctx, auth, {
            entityId: created.id,
            action: 'created',
            before: null,
            after: auditView(created, []),
          });
          return summary(tx, ctx.tenantId, created.id);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },

    /** Deletes the role; the users holding it lose it, and the audit row says who they were. */
    async remove(ctx: CallContext, auth: RequestAuth, id: string): Promise<void> {
      await db.inTenant(ctx.tenantId, async (tx) => {
        const current = await existing(tx, ctx.tenantId, id, true);
        const grants = await repo.listGrants(tx, ctx.tenantId, current.id);
        const members = await repo.listMembers(tx, ctx.tenantId, current.id);
        await repo.deleteRole(tx, ctx.tenantId, current.id);
        await audit(tx, ctx, auth, {
          entityId: current.id,
          action: 'deleted',
          before: auditView(current, grants, members),
          after: null,
        });
      });
    },

    /**
     * Replaces the role's matrix. Every entry must name a menu or an app of this tenant with an action
     * its kind offers; anything else is a 400 naming each bad entry, and nothing is written.
     */
    async setMatrix(
      ctx: CallContext,
      auth: RequestAuth,
      id: string,
      body: RoleMatrixBody,
    ): Promise<RoleDetail> {
      return db.inTenant(ctx.tenantId, async (tx) => {
        const current = await existing(tx, ctx.tenantId, id, true);
        const checked = checkGrants(body.grants);
        const idsOf = (entries: Array<{ id: string }>) => [...new Set(entries.map((entry) => entry.id))];
        const errors = matrixErrors(checked, {
          menus: await repo.existingMenuIds(tx, ctx.tenantId, idsOf(checked.menuEntries)),
          apps: await repo.existingAppIds(tx, ctx.tenantId, idsOf(checked.appEntries)),
        });
        if (errors.length > 0) throw invalid(errors);

        const before = await repo.listGrants(tx, ctx.tenantId, current.id);
        const unchanged = grantLines(before).join('\n') === grantLines(checked.grants).join('\n');
        if (!unchanged) {
          await repo.replaceGrants(tx, ctx.tenantId, current.id, checked.grants);
          await repo.touchRole(tx, ctx.tenantId, current.id, {}, auth.userId);
          await audit(tx, ctx, auth, {
            entityId: current.id,
            action: 'permissions_updated',
            before: auditView(current, before),
            after: auditView(current, checked.grants),
          });
        }
        return detail(tx, ctx.tenantId, current);
      });
    },
  };
}

/** One message to translate; data.errors names each bad entry (grants.<index>) and why. */
const invalid = (errors: { field: string; message: string }[]) =>
  badRequest(
    msg('roles.invalidGrants'),
    errors.map((error) => fieldError(error.field, keyOfText(error.message))),
  );
