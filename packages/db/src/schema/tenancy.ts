import { sql } from 'drizzle-orm';
import { date, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The tenant registry. Not tenant-owned itself: the Host header is resolved against it before any
 * tenant is known, so it has no tenant_id and no row-level policy (the app role may only read and update it).
 */
export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** The first DNS label of the tenant's host: `{label}.{BASE_DOMAIN}`. */
    label: text('label').notNull(),
    company: text('company').notNull().default(''),
    supportEmail: text('support_email'),
    personInChargePhone: text('person_in_charge_phone'),
    licenceExpiresOn: date('licence_expires_on'),
    /** Seats per licence kind, e.g. {"FULL_USER": 25}; enforced by user management. */
    licenceCounts: jsonb('licence_counts').$type<Record<string, number>>().notNull().default({}),
    /** Feature licences held, e.g. BOT_COMPANIES_HOUSE or AI_{PROVIDER}_{SERVICE}; gated features check these. */
    featureLicences: jsonb('feature_licences').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tenants_label_key').on(sql`lower(${t.label})`)],
);

/** The tenant_id column of a tenant-owned table; rows go with their tenant. */
export function tenantIdColumn() {
  return uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
}
