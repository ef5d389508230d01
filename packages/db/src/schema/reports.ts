import { sql } from 'drizzle-orm';
import {
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

/**
 * Scheduled delivery of a report (issue 24 item 11): e-mailed as PDF, XLSX or CSV on a cron schedule
 * in a time zone (croner, the scheduler's missed-run rule: only the latest due run is sent), each
 * recipient's copy rendered with that recipient's own permissions.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientIds: uuid('recipient_ids').array().notNull(),
    format: text('format').notNull(),
    language: text('language').notNull().default('en'),
    cron: text('cron').notNull(),
    timeZone: text('time_zone').notNull(),
    /** active or paused. */
    status: text('status').notNull().default('active'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** What the last run said (sent to N, skipped, failed: why). */
    lastOutcome: text('last_outcome').notNull().default(''),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_deliveries_due_idx').on(t.status, t.nextRunAt),
    index('report_deliveries_report_idx').on(t.tenantId, t.reportId),
  ],
);

/**
 * Background exports of large reports (issue 24 item 4): what was asked (the export request, run
 * again by the job as the user who asked), its progress, and the file once made (in the file
 * storage under `${id}.${format}`). Kept REPORT_EXPORT_KEEP_DAYS days after they finish.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    format: text('format').notNull(),
    /** The export request (report definition, runtime filters, search, language). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** queued, running, completed or failed. */
    status: text('status').notNull().default('queued'),
    rowsDone: integer('rows_done').notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    /** The file's storage key once completed. */
    fileKey: text('file_key'),
    error: text('error'),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    finishedOn: timestamp('finished_on', { withTimezone: true }),
  },
  (t) => [index('report_exports_user_idx').on(t.tenantId, t.userId, t.createdOn)],
);
