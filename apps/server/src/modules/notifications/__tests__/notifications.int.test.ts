import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

let server: TestServer;
let nora: TestClient;
let noraId: string;
let otherId: string;

async function seed(userId: string, n: number, extra: { recordId?: string } = {}) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const { rows } = await server.owner.query<{ id: string }>(
      `INSERT INTO notifications (tenant_id, user_id, content, type_name, current_step, record_id, created_on)
       SELECT tenant_id, id, $2, 'restart', 'StartProcess', $3, now() - ($4 || ' minutes')::interval FROM users WHERE id = $1
       RETURNING id`,
      [userId, `Notice ${i}`, extra.recordId ?? null, String(i)],
    );
    ids.push(rows[0]!.id);
  }
  return ids;
}

beforeAll(async () => {
  server = await createTestServer();
  noraId = await server.createUser('acme', { username: 'nora', password: 'nora-pass' });
  otherId = await server.createUser('acme', { username: 'otto', password: 'otto-pass' });
  await server.createUser('globex', { username: 'gina', password: 'gina-pass' });
  nora = server.client('acme');
  await nora.signIn('nora', 'nora-pass');
});
afterAll(() => server?.close());

describe('notifications', () => {
  it('lists newest first in pages of 10 with unread and open counts, then marks read one by one and all', async () => {
    const ids = await seed(noraId, 12);
    const first = await nora.get('/api/Notification');
    expect(first.statusCode).toBe(200);
    const data = first.json().data;
    expect(data.notif).toHaveLength(10);
    expect(data.unread).toBe(12);
    expect(data.open).toBe(12);
    expect(data.notif[0]).toMatchObject({
      id: ids[0],
      notification_content: 'Notice 0',
      notification_type_name: 'restart',
      current_step: 'StartProcess',
      read_on: null,
    });
    expect(data.notif[1].time_since).toBeGreaterThanOrEqual(60);
    const second = (await nora.get('/api/Notification?page=2')).json().data;
    expect(second.notif.map((n: { id: string }) => n.id)).toEqual(ids.slice(10));

    expect((await nora.post(`/api/Notification/read?id=${ids[3]}`)).statusCode).toBe(200);
    expect((await nora.post(`/api/Notification/read?id=${ids[3]}`)).statusCode).toBe(200);
    const after = (await nora.get('/api/Notification')).json().data;
    expect(after.unread).toBe(11);
    expect(after.notif.find((n: { id: string }) => n.id === ids[3]).read_on).not.toBeNull();
    const detail = await nora.get(`/api/Notification/${ids[3]}`);
    expect(detail.json().data.read_on).not.toBeNull();

    const all = await nora.post('/api/Notification/MarkAllAsRead');
    expect(all.json().data).toEqual({ marked: 11 });
    expect((await nora.get('/api/Notification')).json().data.unread).toBe(0);

    const { rows } = await server.owner.query(
      `SELECT action FROM audit_log WHERE entity = 'notification' ORDER BY id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['read', 'read-all']);
  });

  it('another user’s or another tenant’s notification is a 404, and nothing changes', async () => {
    const [ottos] = await seed(otherId, 1);
    for (const url of [`/api/Notification/read?id=${ottos}`]) {
      const res = await nora.post(url);
      expect(res.statusCode).toBe(404);
    }
    expect((await nora.get(`/api/Notification/${ottos}`)).statusCode).toBe(404);
    const globex = server.client('globex');
    await globex.signIn('gina', 'gina-pass');
    expect((await globex.get(`/api/Notification/${ottos}`)).statusCode).toBe(404);
    expect((await globex.post(`/api/Notification/read?id=${ottos}`)).statusCode).toBe(404);
    const { rows } = await server.owner.query(`SELECT read_on FROM notifications WHERE id = $1`, [ottos]);
    expect(rows[0].read_on).toBeNull();
  });

  it('needs a signed-in user and a well-formed id', async () => {
    const anonymous = server.client('acme');
    expect((await anonymous.get('/api/Notification')).statusCode).toBe(401);
    expect((await anonymous.post('/api/Notification/MarkAllAsRead')).statusCode).toBe(401);
    const bad = await nora.post('/api/Notification/read?id=not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.errors).toMatchObject([{ field: 'id', message: 'Unknown notification.' }]);
    expect((await nora.get('/api/Notification?page=0')).statusCode).toBe(400);
    expect((await nora.get('/api/Notification?page=abc')).statusCode).toBe(400);
  });
});
