import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tenantIdColumn, tenants } from './tenancy.ts';

/** Spec §3 "Organization preference": one row per tenant; defaults are the spec's. */
export const organizationPreferences = pgTable('organization_preferences', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  timeZone: text('time_zone').notNull().default('UTC'),
  dateFormat: text('date_format').notNull().default('YYYY-MM-DD'),
  datetimeFormat: text('datetime_format').notNull().default('YYYY-MM-DD HH:mm:ss'),
  timeFormat: text('time_format').notNull().default('HH:mm:ss'),
  modifiedBy: uuid('modified_by'),
  modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
});

/** App groups (/module-categories): apps are filed under one; ordered by the administrator. */
export const moduleCategories = pgTable(
  'module_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    categoryName: text('category_name').notNull(),
    categoryIcon: text('category_icon'),
    orderIndex: integer('order_index').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('module_categories_tenant_name_key').on(t.tenantId, sql`lower(${t.categoryName})`)],
);
