import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.ts';
import { users, userIdColumn } from './identity.ts';

/**
 * Dashboards (issue 24 item 5, ADR 0014): a grid of cards (charts, number cards, tables, report
 * links, text) with dashboard-level filters, shared like reports. The cards and filters are JSON
 * checked by the contracts' schema on every save; every card reads as the viewer.
 */
export const dashboards = pgTable(
  'dashboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** private, teams, roles or everyone. */
    sharing: text('sharing').notNull().default('private'),
    teamIds: uuid('team_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    roleIds: uuid('role_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    cards: jsonb('cards').$type<unknown[]>().notNull().default([]),
    filters: jsonb('filters').$type<unknown[]>().notNull().default([]),
    /** Seconds between automatic refreshes; 0 for none. */
    refreshSeconds: integer('refresh_seconds').notNull().default(0),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('dashboards_tenant_owner_name_key').on(t.tenantId, t.ownerId, sql`lower(${t.name})`)],
);

/** A user's own state of a dashboard: the filter values they last set, and whether it is their default. */
export const dashboardUserState = pgTable(
  'dashboard_user_state',
  {
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    dashboardId: uuid('dashboard_id')
      .notNull()
      .references(() => dashboards.id, { onDelete: 'cascade' }),
    filterValues: jsonb('filter_values').$type<Record<string, unknown>>().notNull().default({}),
    isDefault: boolean('is_default').notNull().default(false),
    orderIndex: integer('order_index').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dashboardId] }),
    index('dashboard_user_state_dashboard_idx').on(t.dashboardId),
    // At most one default dashboard per user.
    uniqueIndex('dashboard_user_state_default_key')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);
