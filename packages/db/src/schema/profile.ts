import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn, tenants } from './tenancy.ts';
import { userIdColumn } from './identity.ts';

/**
 * A tenant's password and security-question policy (identity/manageauthenticator/policy). A tenant
 * without a row gets the defaults below; the checks keep any row inside the spec's 3–50 limits.
 */
export const securityPolicies = pgTable(
  'security_policies',
  {
    tenantId: uuid('tenant_id')
      .primaryKey()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    passwordMinLength: integer('password_min_length').notNull().default(3),
    passwordMaxLength: integer('password_max_length').notNull().default(50),
    securityQuestionsRequired: integer('security_questions_required').notNull().default(3),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'security_policies_password_range',
      sql`${t.passwordMinLength} >= 3 AND ${t.passwordMaxLength} <= 50 AND ${t.passwordMinLength} <= ${t.passwordMaxLength}`,
    ),
    check('security_policies_questions_range', sql`${t.securityQuestionsRequired} BETWEEN 1 AND 8`),
  ],
);

/** A user's answers to security questions, argon2id-hashed (normalised first); never readable again. */
export const userSecurityAnswers = pgTable(
  'user_security_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    questionKey: text('question_key').notNull(),
    answerHash: text('answer_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_security_answers_user_question_key').on(t.tenantId, t.userId, t.questionKey)],
);
