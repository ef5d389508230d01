import type pg from 'pg';

/** Seats per user kind of a new demo tenant; user management refuses a licence change beyond them. */
export const DEMO_LICENCE_COUNTS: Readonly<Record<string, number>> = {
  SYSTEM_ADMINISTRATOR: 2,
  ADMINISTRATOR: 5,
  CONSULTANT: 5,
  FULL_USER: 25,
  USER: 100,
};

/** The demo holds one bot licence, so the settings page shows both a licensed and a gated integration. */
export const DEMO_FEATURE_LICENCES: readonly string[] = [
  'BOT_COMPANIES_HOUSE',
  'AI_AZURE_FORM_RECOGNIZER',
  'AI_AZURE_COMPUTER_VISION',
  'AI_OPENAI_GPT_4O',
];

export interface DemoSeedInput {
  /** argon2id hash of the administrator's password (hashing is the server's business). */
  adminPasswordHash: string;
  adminUsername?: string;
  adminEmail?: string;
  tenantLabel?: string;
  securityStamp: string;
}

export interface DemoSeedResult {
  tenantId: string;
  /** True when the administrator was created by this call (first start): print the login then. */
  createdAdmin: boolean;
  adminUsername: string;
  adminId: string;
}

/**
 * The demo tenant and its system administrator. Idempotent: an existing tenant or user is left as it is.
 * Runs on the owner connection, inside a transaction that sets app.tenant_id so it also works when the
 * owner is not a superuser and row-level security is forced.
 */
export async function seedDemoTenant(owner: pg.Pool, input: DemoSeedInput): Promise<DemoSeedResult> {
  const label = input.tenantLabel ?? 'demo';
  const adminUsername = input.adminUsername ?? 'admin';
  const client = await owner.connect();
  try {
    await client.query('BEGIN');
    const tenant = await client.query<{ id: string }>(
      `INSERT INTO tenants (name, label, company, support_email, person_in_charge_phone, licence_counts, feature_licences)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (lower(label)) DO UPDATE SET label = tenants.label
       RETURNING id`,
      [
        'Demo',
        label,
        'Formloop Demo Ltd',
        'support@formloop.local',
        '+44 20 7946 0000',
        JSON.stringify(DEMO_LICENCE_COUNTS),
        JSON.stringify(DEMO_FEATURE_LICENCES),
      ],
    );
    const tenantId = tenant.rows[0]!.id;
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
    const admin = await client.query<{ id: string }>(
      `INSERT INTO users (tenant_id, username, email, fullname, user_kind, password_hash, security_stamp)
       VALUES ($1, $2, $3, $4, 'SYSTEM_ADMINISTRATOR', $5, $6)
       ON CONFLICT (tenant_id, lower(username)) DO NOTHING
       RETURNING id`,
      [
        tenantId,
        adminUsername,
        input.adminEmail ?? 'admin@formloop.local',
        'System Administrator',
        input.adminPasswordHash,
        input.securityStamp,
      ],
    );
    const createdAdmin = admin.rowCount === 1;
    const adminId =
      admin.rows[0]?.id ??
      (
        await client.query<{ id: string }>(
          'SELECT id FROM users WHERE tenant_id = $1 AND lower(username) = lower($2)',
          [tenantId, adminUsername],
        )
      ).rows[0]!.id;
    if (createdAdmin) {
      await client.query(
        `INSERT INTO audit_log (tenant_id, user_id, entity, entity_id, action, after)
         VALUES ($1, NULL, 'user', $2, 'seed', $3)`,
        [tenantId, adminId, JSON.stringify({ username: adminUsername, user_kind: 'SYSTEM_ADMINISTRATOR' })],
      );
    }
    await client.query('COMMIT');
    return { tenantId, createdAdmin, adminUsername, adminId };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
