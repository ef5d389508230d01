import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.ts';
import { userIdColumn } from './identity.ts';

/**
 * Spec §3 "Notification": what a user is told (task assigned, approved, restarted, commented ...).
 * Unread until read_on is set. Module, record and task ids are plain values: those tables arrive with
 * their own issues, and a notification must outlive a deleted record.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    content: text('content').notNull(),
    typeName: text('type_name').notNull(),
    currentStep: text('current_step'),
    taskId: text('task_id'),
    moduleId: text('module_id'),
    recordId: text('record_id'),
    recordCreatedBy: text('record_created_by'),
    /** Values the web app words the notice with in the reader's language (app, step, actor, message). */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
    readOn: timestamp('read_on', { withTimezone: true }),
  },
  (t) => [index('notifications_user_created_idx').on(t.tenantId, t.userId, t.createdOn)],
);
