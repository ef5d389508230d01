import type pg from 'pg';

// The people of the demo tenant's example business (issue 25 item 1): one of each user kind beside
// the system administrator, all with one password the server makes up and prints at first start.
// The example apps, records and dashboards are made through the product's own API as these people
// (apps/server modules/demo-content); only the accounts are written here, as the administrator's
// account is by seedDemoTenant, because making users through the API needs a signed-in administrator
// whose password the server may not know.

export type DemoUserKind = 'ADMINISTRATOR' | 'CONSULTANT' | 'FULL_USER' | 'USER';

export interface DemoPerson {
  username: string;
  fullname: string;
  email: string;
  kind: DemoUserKind;
}

/** Who works at Formloop Demo Ltd (usernames with a dot, so they never meet a test's short names). */
export const DEMO_PEOPLE = {
  olivia: {
    username: 'olivia.hart',
    fullname: 'Olivia Hart',
    email: 'olivia.hart@formloop.local',
    kind: 'ADMINISTRATOR',
  },
  carla: {
    username: 'carla.ruiz',
    fullname: 'Carla Ruiz',
    email: 'carla.ruiz@formloop.local',
    kind: 'CONSULTANT',
  },
  frank: {
    username: 'frank.meyer',
    fullname: 'Frank Meyer',
    email: 'frank.meyer@formloop.local',
    kind: 'FULL_USER',
  },
  grace: {
    username: 'grace.chen',
    fullname: 'Grace Chen',
    email: 'grace.chen@formloop.local',
    kind: 'FULL_USER',
  },
  uma: { username: 'uma.patel', fullname: 'Uma Patel', email: 'uma.patel@formloop.local', kind: 'USER' },
  sam: { username: 'sam.okafor', fullname: 'Sam Okafor', email: 'sam.okafor@formloop.local', kind: 'USER' },
} as const satisfies Record<string, DemoPerson>;
export type DemoPersonKey = keyof typeof DEMO_PEOPLE;

/** The audit row that says the demo content was made: written last, so a start that stopped half way runs again. */
/**
 * The audit row that says the demo content was made; its `after` names what (apps by key). The
 * Create App dialog's examples are the apps it names (apps module).
 */
export const DEMO_CONTENT_MARK = { entity: 'demo-content', action: 'seed' } as const;
const MARK = DEMO_CONTENT_MARK;

async function inTenant<T>(owner: pg.Pool, tenantId: string, work: (client: pg.PoolClient) => Promise<T>) {
  const client = await owner.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId]);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Whether the tenant's demo content was made completely once (then it is never made again). */
export async function demoContentSeeded(owner: pg.Pool, tenantId: string): Promise<boolean> {
  return inTenant(owner, tenantId, async (client) => {
    const { rowCount } = await client.query(
      `SELECT 1 FROM audit_log WHERE tenant_id = $1 AND entity = $2 AND entity_id = $3 AND action = $4 LIMIT 1`,
      [tenantId, MARK.entity, tenantId, MARK.action],
    );
    return rowCount === 1;
  });
}

/** Records that the demo content is complete; `after` says what was made. */
export async function markDemoContentSeeded(owner: pg.Pool, tenantId: string, after: object): Promise<void> {
  await inTenant(owner, tenantId, (client) =>
    client.query(
      `INSERT INTO audit_log (tenant_id, user_id, entity, entity_id, action, after)
       VALUES ($1, NULL, $2, $3, $4, $5)`,
      [tenantId, MARK.entity, tenantId, MARK.action, JSON.stringify(after)],
    ),
  );
}

export interface DemoPeopleInput {
  /** argon2id hash of the demo password (hashing is the server's business). */
  passwordHash: string;
  /** One new security stamp per person. */
  securityStamp: () => string;
}

/**
 * The demo people, made or (when a first start stopped before the content was complete) given the
 * new password, so the server can sign in as them again. Answers their ids by key.
 */
export async function seedDemoPeople(
  owner: pg.Pool,
  tenantId: string,
  input: DemoPeopleInput,
): Promise<Record<DemoPersonKey, string>> {
  return inTenant(owner, tenantId, async (client) => {
    const ids: Partial<Record<DemoPersonKey, string>> = {};
    for (const [key, person] of Object.entries(DEMO_PEOPLE) as Array<[DemoPersonKey, DemoPerson]>) {
      const { rows } = await client.query<{ id: string; created: boolean }>(
        `INSERT INTO users (tenant_id, username, email, fullname, user_kind, password_hash, security_stamp)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (tenant_id, lower(username)) DO UPDATE
           SET password_hash = EXCLUDED.password_hash, security_stamp = EXCLUDED.security_stamp,
               failed_login_count = 0, lockout_until = NULL
         RETURNING id, (xmax = 0) AS created`,
        [
          tenantId,
          person.username,
          person.email,
          person.fullname,
          person.kind,
          input.passwordHash,
          input.securityStamp(),
        ],
      );
      const row = rows[0]!;
      ids[key] = row.id;
      if (row.created) {
        await client.query(
          `INSERT INTO audit_log (tenant_id, user_id, entity, entity_id, action, after)
           VALUES ($1, NULL, 'user', $2, 'seed', $3)`,
          [tenantId, row.id, JSON.stringify({ username: person.username, user_kind: person.kind })],
        );
      }
    }
    return ids as Record<DemoPersonKey, string>;
  });
}
