import { expect } from 'vitest';
import type { TestClient, TestServer } from '../../../../test/harness.ts';

// Paths and arranging helpers shared by the roles integration tests.

export const BASE = '/api/sys/permissions/roles';
export const LIST = BASE;
export const CATALOGUE = `${BASE}/catalogue`;
export const SAVE = `${BASE}/save`;
export const detailPath = (id: string) => `${BASE}/${id}`;
export const deletePath = (id: string) => `${BASE}/${id}/delete`;
export const matrixPath = (id: string) => `${BASE}/${id}/matrix`;

export const putMatrix = (client: TestClient, id: string, grants: unknown) =>
  client.request('PUT', matrixPath(id), { body: { grants } });

export async function createRole(client: TestClient, name: string, description?: string) {
  const res = await client.post(SAVE, { role_name: name, ...(description ? { description } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; role_name: string; description: string };
}

export async function tenantId(server: TestServer, label: string): Promise<string> {
  const { rows } = await server.owner.query<{ id: string }>('SELECT id FROM tenants WHERE label = $1', [
    label,
  ]);
  return rows[0]!.id;
}

export async function userId(server: TestServer, username: string): Promise<string> {
  const { rows } = await server.owner.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [
    username,
  ]);
  return rows[0]!.id;
}

/** A stored menu entry, inserted directly: the menus screen is another slice. */
export async function insertMenu(
  server: TestServer,
  label: string,
  menu: { name: string; parent?: string | null; group?: boolean; order?: number },
): Promise<string> {
  const { rows } = await server.owner.query<{ id: string }>(
    `INSERT INTO menus (tenant_id, parent_id, menu_name, is_group, order_index)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [await tenantId(server, label), menu.parent ?? null, menu.name, menu.group ?? false, menu.order ?? 0],
  );
  return rows[0]!.id;
}

/** Gives a user a role, as PUT /api/sys/users/:id/roles (another slice) will. */
export async function assignRole(server: TestServer, label: string, username: string, roleId: string) {
  await server.owner.query('INSERT INTO user_roles (tenant_id, user_id, role_id) VALUES ($1, $2, $3)', [
    await tenantId(server, label),
    await userId(server, username),
    roleId,
  ]);
}

export async function auditRows(server: TestServer, entityId?: string) {
  const { rows } = await server.owner.query(
    `SELECT a.action, a.entity_id, a.before, a.after, a.user_id, t.label
       FROM audit_log a JOIN tenants t ON t.id = a.tenant_id
      WHERE a.entity = 'role' ${entityId ? 'AND a.entity_id = $1' : ''} ORDER BY a.id`,
    entityId ? [entityId] : [],
  );
  return rows;
}
