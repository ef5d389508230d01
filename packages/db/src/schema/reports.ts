import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.ts';
import { users, userIdColumn } from './identity.ts';
import { modules } from './apps.ts';

/**
 * Reports (issue 24, ADR 0014): a saved query over one app's records. The definition (columns,
 * filters, groups, measures, pivot, chart) is JSON checked by the contracts' schema on every save;
 * what a run may read is decided at run time by the viewer's own record list, never by the owner's.
 * Deleting the app deletes its reports.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
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
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_tenant_owner_name_key').on(t.tenantId, t.ownerId, sql`lower(${t.name})`),
    index('reports_tenant_module_idx').on(t.tenantId, t.moduleId),
  ],
);

/** A user's favourite reports (/reports, the favourites filter). */
export const reportFavourites = pgTable(
  'report_favourites',
  {
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    addedOn: timestamp('added_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.reportId] }),
    index('report_favourites_report_idx').on(t.reportId),
  ],
);
