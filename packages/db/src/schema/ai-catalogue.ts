import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

// The OCR / machine-learning catalogue the Create App dialog offers (spec §2, §3 "Lists"). It is the
// same for every tenant, so it has no tenant_id; which combinations a tenant may use is its
// feature licences (AI_{PROVIDER}_{SERVICE}). Rows are seeded by migration.

export const mlProviders = pgTable('ml_providers', {
  id: uuid('id').primaryKey(),
  ocrProviderName: text('ocr_provider_name').notNull(),
  /** The one AI vendor whose provider takes a single service (spec §2). */
  singleService: boolean('single_service').notNull().default(false),
  orderIndex: integer('order_index').notNull().default(0),
});

export const mlServices = pgTable('ml_services', {
  id: uuid('id').primaryKey(),
  providerId: uuid('provider_id')
    .notNull()
    .references(() => mlProviders.id, { onDelete: 'cascade' }),
  mlServiceName: text('ml_service_name').notNull(),
  orderIndex: integer('order_index').notNull().default(0),
});

export const aiServices = pgTable('ai_services', {
  id: uuid('id').primaryKey(),
  mlServiceId: uuid('ml_service_id')
    .notNull()
    .references(() => mlServices.id, { onDelete: 'cascade' }),
  aiServiceName: text('ai_service_name').notNull(),
  aiServiceCode: text('ai_service_code').notNull(),
});
