import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.ts';

// Reference data (/referencedata, spec §3, §7): named lists (key_name) filed under categories, whose
// ordered rows feed dropdown fields (listToUse) and datasets.

export const referenceCategories = pgTable(
  'reference_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    categoryName: text('category_name').notNull(),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reference_categories_tenant_name_key').on(t.tenantId, sql`lower(${t.categoryName})`)],
);

export const referenceLists = pgTable(
  'reference_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    keyName: text('key_name').notNull(),
    /** Category names; the API joins them with commas (spec §3). */
    categories: jsonb('categories').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    /** Extra named columns of a dataset beyond the value (e.g. code, region). */
    columns: jsonb('columns').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by'),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reference_lists_tenant_key_key').on(t.tenantId, sql`lower(${t.keyName})`)],
);

export const referenceListRows = pgTable(
  'reference_list_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    listId: uuid('list_id')
      .notNull()
      .references(() => referenceLists.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    /** Values of the list's extra columns, by column name. */
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    orderIndex: integer('order_index').notNull().default(0),
  },
  (t) => [index('reference_list_rows_list_order_idx').on(t.tenantId, t.listId, t.orderIndex)],
);
