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
import { userIdColumn } from './identity.ts';
import { moduleCategories } from './administration.ts';

/**
 * Apps (spec §3 "App/form (module)"). The draft and the published version live side by side as JSON
 * (fieldGroups, defaultConfig, permission); module_version counts publishes. Records (issue 6) keep
 * the version they started with, which module_versions holds.
 */
export const modules = pgTable(
  'modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    displayName: text('display_name').notNull(),
    moduleDescription: text('module_description').notNull().default(''),
    applicationModuleCategoryId: uuid('application_module_category_id').references(
      () => moduleCategories.id,
      { onDelete: 'set null' },
    ),
    appIcon: text('app_icon'),
    addToQuickLaunch: boolean('add_to_quick_launch').notNull().default(false),
    ocrProviderId: uuid('ocr_provider_id'),
    ocrProviderName: text('ocr_provider_name'),
    /** The chosen ML service ids (spec: machineLearningServiceId is sent as JSON text). */
    mlServiceId: jsonb('ml_service_id').$type<string[]>().notNull().default([]),
    helpFileUrl: text('help_file_url'),
    moduleVersion: integer('module_version').notNull().default(0),
    moduleDraft: jsonb('module_draft').$type<Record<string, unknown>>().notNull(),
    modulePublished: jsonb('module_published').$type<Record<string, unknown>>(),
    workflowDraft: jsonb('workflow_draft').$type<Record<string, unknown>>(),
    workflowPublished: jsonb('workflow_published').$type<Record<string, unknown>>(),
    isReassignmentDisabled: boolean('is_reassignment_disabled').notNull().default(false),
    createdBy: uuid('created_by'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by'),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
    publishedBy: uuid('published_by'),
    publishedOn: timestamp('published_on', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('modules_tenant_name_key').on(t.tenantId, sql`lower(${t.displayName})`),
    index('modules_tenant_category_idx').on(t.tenantId, t.applicationModuleCategoryId),
  ],
);

/** Every published version of an app, kept so records and the diff can read the version they need. */
export const moduleVersions = pgTable(
  'module_versions',
  {
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    moduleVersion: integer('module_version').notNull(),
    module: jsonb('module').$type<Record<string, unknown>>().notNull(),
    workflow: jsonb('workflow').$type<Record<string, unknown>>(),
    publishedBy: uuid('published_by'),
    publishedOn: timestamp('published_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.moduleVersion] })],
);

/** Mail sent on workflow events (submit, reassign, rejected, restart, sendback, completed, approve). */
export const moduleEmailTemplates = pgTable(
  'module_email_templates',
  {
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    modifiedBy: uuid('modified_by'),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.moduleId, t.event] })],
);

/** A user's favourite apps (sidebar Favourites group, spec §2/§4). */
export const moduleFavourites = pgTable(
  'module_favourites',
  {
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.moduleId] }),
    index('module_favourites_tenant_user_idx').on(t.tenantId, t.userId),
  ],
);

/** How often a user opens each app: the "most used" list (ListMostUsed). */
export const moduleUsage = pgTable(
  'module_usage',
  {
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    useCount: integer('use_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.moduleId] }),
    index('module_usage_tenant_user_idx').on(t.tenantId, t.userId, t.useCount),
  ],
);

/** Record templates: named, ordered sets of field values a user can start a record from. */
export const recordTemplates = pgTable(
  'record_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    moduleId: uuid('module_id')
      .notNull()
      .references(() => modules.id, { onDelete: 'cascade' }),
    templateName: text('template_name').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    orderIndex: integer('order_index').notNull().default(0),
    createdBy: uuid('created_by'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    modifiedBy: uuid('modified_by'),
    modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('record_templates_module_name_key').on(t.tenantId, t.moduleId, sql`lower(${t.templateName})`),
  ],
);
