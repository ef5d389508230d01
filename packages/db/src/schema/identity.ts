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

export const userKinds = [
  'USER',
  'FULL_USER',
  'CONSULTANT',
  'ADMINISTRATOR',
  'SYSTEM_ADMINISTRATOR',
] as const;

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    fullname: text('fullname').notNull(),
    userKind: text('user_kind', { enum: userKinds }).notNull().default('USER'),
    passwordHash: text('password_hash').notNull(),
    /** Changes whenever credentials change; remembered machines and sessions bound to an old stamp die. */
    securityStamp: text('security_stamp').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** Base32 TOTP secret; set while enrolling, trusted only once two_factor_enabled is true. */
    totpSecret: text('totp_secret'),
    /** Hashes of the unused recovery codes. */
    recoveryCodeHashes: jsonb('recovery_code_hashes').$type<string[]>().notNull().default([]),
    /** Last accepted TOTP time step, so one code cannot be used twice. */
    lastTotpStep: integer('last_totp_step'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockoutUntil: timestamp('lockout_until', { withTimezone: true }),
    timeZone: text('time_zone').notNull().default('UTC'),
    dateFormat: text('date_format').notNull().default('YYYY-MM-DD'),
    /**
     * The user's language (en, de, es, fr, ja, zh): the web app's language and the one their e-mails
     * and exports are written in. Null until they choose one or first sign in (the browser's then).
     */
    language: text('language'),
    preference: jsonb('preference')
      .$type<{ launch_page: { type: string } }>()
      .notNull()
      .default({ launch_page: { type: 'home' } }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_username_key').on(t.tenantId, sql`lower(${t.username})`),
    index('users_tenant_email_idx').on(t.tenantId, sql`lower(${t.email})`),
  ],
);

/**
 * Failed sign-ins under names that have no account (issue 22), counted and locked out exactly as a
 * user's failed_login_count and lockout_until are, so the answers never tell which names exist. Keyed
 * by the lower-cased name, per tenant; no user is created. In the database so every node agrees.
 */
export const unknownLoginAttempts = pgTable(
  'unknown_login_attempts',
  {
    tenantId: tenantIdColumn(),
    usernameKey: text('username_key').notNull(),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    lockoutUntil: timestamp('lockout_until', { withTimezone: true }),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.usernameKey] })],
);

/** A signed-in session. Access tokens name it (`sid`); revoking it kills them at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    /** SHA-256 of the opaque session cookie handed to the browser. */
    secretHash: text('secret_hash').notNull(),
    securityStamp: text('security_stamp').notNull(),
    isMachineRemembered: boolean('is_machine_remembered').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
  },
  (t) => [index('sessions_tenant_user_idx').on(t.tenantId, t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    userId: userIdColumn(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash)],
);

/** The user_id column of a row that belongs to one user; it goes when the user does. */
export function userIdColumn() {
  return uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}
