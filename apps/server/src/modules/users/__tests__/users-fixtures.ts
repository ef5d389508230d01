import type { UserKind } from '@formloop/domain';
import type { TestClient, TestServer } from '../../../../test/harness.ts';

export const P = {
  licences: '/api/sys/users/licences',
  datatables: '/api/sys/users/datatables',
  create: '/api/sys/users/create',
  detail: (id: string) => `/api/sys/users/${id}`,
  update: (id: string) => `/api/sys/users/${id}/update`,
  deactivate: (id: string) => `/api/sys/users/${id}/deactivate`,
  activate: (id: string) => `/api/sys/users/${id}/activate`,
  resetPassword: (id: string) => `/api/sys/users/${id}/reset-password`,
  resetTwoFactor: (id: string) => `/api/sys/users/${id}/reset-2fa`,
  licence: (id: string) => `/api/sys/users/${id}/licence`,
  roles: (id: string) => `/api/sys/users/${id}/roles`,
};

/** Every route with a harmless body, aimed at `id` where a route names a user. */
export const everyRoute = (id: string) =>
  [
    ['GET', P.licences, undefined],
    ['POST', P.datatables, {}],
    [
      'POST',
      P.create,
      { username: 'nobody', email: 'nobody@x.example', fullname: 'No Body', user_kind: 'USER' },
    ],
    ['GET', P.detail(id), undefined],
    ['POST', P.update(id), { email: 'a@b.example', fullname: 'A B' }],
    ['POST', P.deactivate(id), {}],
    ['POST', P.activate(id), {}],
    ['POST', P.resetPassword(id), {}],
    ['POST', P.resetTwoFactor(id), {}],
    ['POST', P.licence(id), { user_kind: 'FULL_USER' }],
    ['PUT', P.roles(id), { role_ids: [] }],
  ] as const;

export const call = (client: TestClient, method: string, url: string, body?: unknown) =>
  client.request(method as 'GET' | 'POST' | 'PUT', url, body === undefined ? {} : { body });

export async function setSeats(server: TestServer, label: string, counts: Partial<Record<UserKind, number>>) {
  await server.owner.query(`UPDATE tenants SET licence_counts = $1::jsonb WHERE label = $2`, [
    JSON.stringify(counts),
    label,
  ]);
}

export async function auditRows(server: TestServer, entityId?: string) {
  const { rows } = await server.owner.query<{
    action: string;
    entity_id: string;
    before: unknown;
    after: unknown;
    user_id: string | null;
  }>(
    `SELECT action, entity_id, before, after, user_id FROM audit_log
      WHERE entity = 'user' ${entityId ? 'AND entity_id = $1' : ''} ORDER BY id`,
    entityId ? [entityId] : [],
  );
  return rows;
}

/** The link a set-password mail carries, and its token. */
export function linkIn(text: string) {
  const match = text.match(/https?:\/\/\S+\/reset-password\?token=([^\s&]+)\S*/);
  if (!match) throw new Error(`no link in: ${text}`);
  return { url: match[0], token: decodeURIComponent(match[1]!) };
}

/** Nothing secret may reach an audit row: no hashes, stamps, TOTP secrets or tokens. */
export function expectNoSecrets(rows: Array<{ before: unknown; after: unknown }>, secrets: string[] = []) {
  const text = JSON.stringify(rows);
  for (const word of [
    'password_hash',
    'passwordHash',
    'security_stamp',
    'securityStamp',
    'totp',
    '$argon2',
  ]) {
    if (text.includes(word)) throw new Error(`audit rows contain ${word}: ${text}`);
  }
  for (const secret of secrets) {
    if (text.includes(secret)) throw new Error('audit rows contain a secret value');
  }
}
