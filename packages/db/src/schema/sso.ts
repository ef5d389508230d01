import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantIdColumn } from './tenancy.ts';

/**
 * A tenant's single sign-on settings (issue 9): its SAML identity provider and its third-party
 * OpenID Connect provider, plus what happens to an unknown user. One row per tenant; no row means
 * both providers are off. The OIDC client secret is stored sealed (AES-256-GCM with the server's
 * settings key), never in the JSON.
 */
export const tenantSsoSettings = pgTable('tenant_sso_settings', {
  tenantId: tenantIdColumn().primaryKey(),
  saml: jsonb('saml').$type<Record<string, unknown>>().notNull(),
  oidc: jsonb('oidc').$type<Record<string, unknown>>().notNull(),
  oidcClientSecretSealed: text('oidc_client_secret_sealed'),
  jitEnabled: boolean('jit_enabled').notNull().default(false),
  jitUserKind: text('jit_user_kind').notNull().default('USER'),
  trustIdpMfa: boolean('trust_idp_mfa').notNull().default(false),
  modifiedBy: uuid('modified_by'),
  modifiedOn: timestamp('modified_on', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The SAML AuthnRequests we sent and have not yet seen answered (node-saml's InResponseTo cache, in
 * PostgreSQL so that whichever node receives the answer knows the request). An answer deletes its
 * row in the transaction that signs the user in: a second answer to the same request is a replay.
 */
export const ssoSamlRequests = pgTable(
  'sso_saml_requests',
  {
    tenantId: tenantIdColumn(),
    requestId: text('request_id').notNull(),
    createdOn: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.requestId] }),
    index('sso_saml_requests_created_idx').on(t.tenantId, t.createdOn),
  ],
);

/**
 * The tenant's last refused single sign-ons (issue 22): what the administrator reads on the settings
 * page. Only the newest few per tenant are kept (the audit log keeps every one).
 */
export const ssoSignInFailures = pgTable(
  'sso_sign_in_failures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: tenantIdColumn(),
    provider: text('provider').notNull(),
    cause: text('cause').notNull(),
    subject: text('subject').notNull().default(''),
    detail: text('detail').notNull().default(''),
    occurredOn: timestamp('occurred_on', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sso_sign_in_failures_tenant_time_idx').on(t.tenantId, t.occurredOn)],
);
