import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.ts';
import { userIdColumn, users } from './identity.ts';

/** Teams (/settings/team-management): named groups of users with an optional lead; workflows assign to them. */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    teamName: text('team_name').notNull(),
    description: text('description').notNull().default(''),
    leadUserId: uuid('lead_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('teams_tenant_name_key').on(t.tenantId, sql`lower(${t.teamName})`)],
);

export const teamMembers = pgTable(
  'team_members',
  {
    tenantId: tenantIdColumn(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: userIdColumn(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    index('team_members_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);

/** Roles (/settings/roles-permissions): a permission matrix that users receive through user_roles. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    roleName: text('role_name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_tenant_name_key').on(t.tenantId, sql`lower(${t.roleName})`)],
);

/**
 * One granted cell of a role's matrix: `resource` names what (e.g. `menu:{uuid}`, `feature:records.export`),
 * `action` what may be done with it (view, create, edit, delete). A missing row is a refusal.
 */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    tenantId: tenantIdColumn(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    resource: text('resource').notNull(),
    action: text('action').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.resource, t.action] }),
    index('role_permissions_tenant_resource_idx').on(t.tenantId, t.resource),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/**
 * Stored application menus (/settings/menu, spec §3 "Menu item edit"): a tree of groups and links,
 * ordered among siblings. `show_on_seed` entries are shown to every signed-in user; the others only
 * to users whose roles grant `view` on `menu:{id}` (administrators see all).
 */
export const menus = pgTable(
  'menus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    parentId: uuid('parent_id').references((): AnyPgColumn => menus.id, { onDelete: 'cascade' }),
    menuName: text('menu_name').notNull(),
    actionUrl: text('action_url').notNull().default(''),
    iconClass: text('icon_class').notNull().default(''),
    description: text('description').notNull().default(''),
    isGroup: boolean('is_group').notNull().default(false),
    showOnSeed: boolean('show_on_seed').notNull().default(false),
    orderIndex: integer('order_index').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('menus_tenant_parent_idx').on(t.tenantId, t.parentId, t.orderIndex)],
);
