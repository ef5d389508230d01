import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';

const TABLE = '/api/sys/teams/datatables';
const SAVE = '/api/sys/teams/save';
const USERS = '/api/sys/teams/users';
const LOOKUP = '/api/sys/teams/lookup';
const detail = (id: string) => `/api/sys/teams/${id}`;
const del = (id: string) => `/api/sys/teams/${id}/delete`;
const members = (id: string) => `/api/sys/teams/${id}/members`;

let server: TestServer;
let admin: TestClient;
let consultant: TestClient;
let user: TestClient;
let fullUser: TestClient;
let globex: TestClient;
const ids: Record<string, string> = {};

type Team = {
  id: string;
  team_name: string;
  description: string;
  lead: { id: string; fullname: string } | null;
  member_count: number;
  members: Array<{ id: string; username: string; is_lead: boolean; is_active: boolean }>;
};

const auditRows = async (entityId: string) => {
  const { rows } = await server.owner.query(
    `SELECT a.action, a.before, a.after, a.user_id, t.label
       FROM audit_log a JOIN tenants t ON t.id = a.tenant_id
      WHERE a.entity = 'team' AND a.entity_id = $1 ORDER BY a.id`,
    [entityId],
  );
  return rows;
};

const create = async (name: string, extra: Record<string, unknown> = {}, client = admin) => {
  const res = await client.post(SAVE, { team_name: name, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Team;
};

const setMembers = (id: string, userIds: string[], client = admin) =>
  client.request('PUT', members(id), { body: { user_ids: userIds } });

const usernames = (team: Team) => team.members.map((m) => m.username).sort();

beforeAll(async () => {
  server = await createTestServer();
  const people: Array<[string, string, Parameters<TestServer['createUser']>[1]]> = [
    ['acme', 'ada', { username: 'ada', password: 'ada-pass', kind: 'ADMINISTRATOR' }],
    ['acme', 'cora', { username: 'cora', password: 'cora-pass', kind: 'CONSULTANT' }],
    ['acme', 'uma', { username: 'uma', password: 'uma-pass', kind: 'USER' }],
    ['acme', 'fred', { username: 'fred', password: 'fred-pass', kind: 'FULL_USER' }],
    ['acme', 'mia', { username: 'mia', password: 'mia-pass', email: 'mia@people.example' }],
    ['acme', 'max', { username: 'max', password: 'max-pass' }],
    ['acme', 'ina', { username: 'ina', password: 'ina-pass', isActive: false }],
    ['globex', 'gus', { username: 'gus', password: 'gus-pass', kind: 'SYSTEM_ADMINISTRATOR' }],
    ['globex', 'gil', { username: 'gil', password: 'gil-pass' }],
  ];
  for (const [tenant, key, input] of people) ids[key] = await server.createUser(tenant, input);
  admin = server.client('acme');
  consultant = server.client('acme');
  user = server.client('acme');
  fullUser = server.client('acme');
  globex = server.client('globex');
  await admin.signIn('ada', 'ada-pass');
  await consultant.signIn('cora', 'cora-pass');
  await user.signIn('uma', 'uma-pass');
  await fullUser.signIn('fred', 'fred-pass');
  await globex.signIn('gus', 'gus-pass');
});
afterAll(() => server?.close());

describe('teams', () => {
  it('creates, updates and deletes a team with an audit row for each write', async () => {
    const created = await admin.post(SAVE, {
      team_name: 'Finance ',
      description: 'Money people',
      lead_user_id: ids.mia,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe('Team has been saved');
    const team = created.json().data as Team;
    expect(team).toMatchObject({
      team_name: 'Finance',
      description: 'Money people',
      lead: { id: ids.mia, fullname: 'mia Tester' },
      member_count: 1,
    });
    // The lead joins the team.
    expect(team.members).toEqual([expect.objectContaining({ id: ids.mia, is_lead: true, is_active: true })]);

    const updated = await consultant.post(SAVE, {
      id: team.id,
      team_name: 'Treasury',
      lead_user_id: ids.max,
    });
    expect(updated.statusCode).toBe(200);
    const next = updated.json().data as Team;
    // Description left out stays; the new lead joins, the old one stays a member.
    expect(next).toMatchObject({ team_name: 'Treasury', description: 'Money people', lead: { id: ids.max } });
    expect(usernames(next)).toEqual(['max', 'mia']);

    const read = await admin.get(detail(team.id));
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ id: team.id, team_name: 'Treasury', member_count: 2 });

    const deleted = await admin.post(del(team.id));
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true, message: 'Team has been deleted' });
    expect((await admin.get(detail(team.id))).statusCode).toBe(404);
    const left = await server.owner.query('SELECT 1 FROM team_members WHERE team_id = $1', [team.id]);
    expect(left.rowCount).toBe(0);

    const rows = await auditRows(team.id);
    expect(rows.map((r) => r.action)).toEqual(['created', 'updated', 'deleted']);
    expect(rows[0]).toMatchObject({
      before: null,
      after: { team_name: 'Finance', lead_user_id: ids.mia, members: [{ id: ids.mia, username: 'mia' }] },
      label: 'acme',
    });
    expect(rows[1].before).toMatchObject({ team_name: 'Finance', members: [{ username: 'mia' }] });
    expect(rows[1].after.team_name).toBe('Treasury');
    expect(rows[1].after.members.map((m: { username: string }) => m.username).sort()).toEqual(['max', 'mia']);
    expect(rows[2]).toMatchObject({ before: { team_name: 'Treasury' }, after: null });
    expect(rows[2].before.members).toHaveLength(2);
    expect(rows.every((r) => r.user_id)).toBe(true);
  });

  it('refuses every settings route to USER and FULL_USER (403) but lets them look teams up', async () => {
    const team = await create('Locked');
    for (const client of [user, fullUser]) {
      expect((await client.post(TABLE, {})).statusCode).toBe(403);
      expect((await client.get(detail(team.id))).statusCode).toBe(403);
      expect((await client.post(SAVE, { team_name: 'Nope' })).statusCode).toBe(403);
      // The role is checked before the body: a malformed request still gets the 403.
      expect((await client.post(SAVE, { team_name: '' })).statusCode).toBe(403);
      expect((await client.post(del(team.id))).statusCode).toBe(403);
      expect((await setMembers(team.id, [ids.mia!], client)).statusCode).toBe(403);
      expect((await client.get(USERS)).statusCode).toBe(403);
      const lookup = await client.get(LOOKUP);
      expect(lookup.statusCode).toBe(200);
      expect(lookup.json().data).toContainEqual({ id: team.id, team_name: 'Locked' });
    }
    const anonymous = server.client('acme');
    expect((await anonymous.get(LOOKUP)).statusCode).toBe(401);
    expect((await anonymous.post(TABLE, {})).statusCode).toBe(401);
    expect((await auditRows(team.id)).map((r) => r.action)).toEqual(['created']);
    await admin.post(del(team.id));
  });

  it('treats another tenant’s team or user, and unknown ids, as 404', async () => {
    const theirs = await create('Globex crew', {}, globex);
    expect((await admin.get(detail(theirs.id))).statusCode).toBe(404);
    expect((await admin.post(SAVE, { id: theirs.id, team_name: 'Hijack' })).statusCode).toBe(404);
    expect((await admin.post(del(theirs.id))).statusCode).toBe(404);
    expect((await setMembers(theirs.id, [])).statusCode).toBe(404);
    expect((await admin.get(detail('not-a-uuid'))).statusCode).toBe(404);
    expect((await admin.post(del('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await admin.get(LOOKUP)).json().data.map((t: { id: string }) => t.id)).not.toContain(theirs.id);

    const mine = await create('Acme crew');
    const foreignLead = await admin.post(SAVE, { team_name: 'Foreign lead', lead_user_id: ids.gil });
    expect(foreignLead.statusCode).toBe(404);
    expect(foreignLead.json().message).toBe('This user does not exist.');
    expect((await admin.post(SAVE, { team_name: 'Bad lead', lead_user_id: 'nope' })).statusCode).toBe(404);
    const foreignMember = await setMembers(mine.id, [ids.mia!, ids.gil!]);
    expect(foreignMember.statusCode).toBe(404);
    expect((await admin.get(detail(mine.id))).json().data.members).toEqual([]);
    const users = (await admin.get(`${USERS}?search=gil`)).json().data;
    expect(users.records).toEqual([]);
    expect((await auditRows(theirs.id)).map((r) => r.label)).toEqual(['globex']);
    await admin.post(del(mine.id));
    await globex.post(del(theirs.id));
  });

  it('answers a duplicate name in the tenant, in any case, with 409', async () => {
    const people = await create('People');
    const other = await create('Other');
    const again = await admin.post(SAVE, { team_name: 'people' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A team with this name already exists.');
    expect((await admin.post(SAVE, { id: other.id, team_name: 'PEOPLE' })).statusCode).toBe(409);
    // Renaming a team to its own name in another case is fine, and so is the name in another tenant.
    expect((await admin.post(SAVE, { id: people.id, team_name: 'PEOPLE' })).statusCode).toBe(200);
    const elsewhere = await create('people', {}, globex);
    const [first, second] = await Promise.all([
      admin.post(SAVE, { team_name: 'Twin' }),
      consultant.post(SAVE, { team_name: 'twin' }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const twin = (first.statusCode === 200 ? first : second).json().data;
    for (const id of [people.id, other.id, twin.id]) await admin.post(del(id));
    await globex.post(del(elsewhere.id));
  });

  it('checks the name and description rules with the spec’s messages (400)', async () => {
    const cases: Array<[unknown, string]> = [
      ['', 'This field is required'],
      ['   ', 'This field is required'],
      [undefined, 'This field is required'],
      [' Leading', 'Cannot start with a space'],
      ['1st team', 'Cannot start with a number'],
      ['a--b', 'Cannot contain special characters'],
      ['x'.repeat(41), 'Cannot exceed 40 characters'],
    ];
    for (const [name, message] of cases) {
      const res = await admin.post(SAVE, name === undefined ? {} : { team_name: name });
      expect(res.statusCode, String(name)).toBe(400);
      expect(res.json().data.errors).toMatchObject([{ field: 'team_name', message }]);
    }
    const descriptions: Array<[string, string]> = [
      [' spaced', 'Value cannot start with a space'],
      ['bad <b>', 'Value cannot contain special characters'],
      ['d'.repeat(251), 'Value can not exceed 250 characters'],
    ];
    for (const [description, message] of descriptions) {
      const res = await admin.post(SAVE, { team_name: 'Fine', description });
      expect(res.statusCode, description).toBe(400);
      expect(res.json().data.errors).toMatchObject([{ field: 'description', message }]);
    }
    const longest = await create('x'.repeat(40), { description: 'd'.repeat(250) });
    await admin.post(del(longest.id));
  });

  it('keeps members and lead consistent', async () => {
    const team = await create('Ops', { lead_user_id: ids.mia });
    const inactiveLead = await admin.post(SAVE, { id: team.id, team_name: 'Ops', lead_user_id: ids.ina });
    expect(inactiveLead.statusCode).toBe(400);
    expect(inactiveLead.json().data.errors).toMatchObject([
      { field: 'lead_user_id', message: 'The team lead must be an active user.' },
    ]);
    const inactiveMember = await setMembers(team.id, [ids.mia!, ids.ina!]);
    expect(inactiveMember.statusCode).toBe(400);
    expect(inactiveMember.json().data.errors[0].message).toBe('Only active users can be added to a team.');

    const added = await setMembers(team.id, [ids.mia!, ids.max!, ids.max!, ids.uma!]);
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe('Team members have been saved');
    expect(usernames(added.json().data)).toEqual(['max', 'mia', 'uma']);

    // Taking the lead off the team clears the lead.
    const removed = await setMembers(team.id, [ids.max!]);
    expect(removed.json().data).toMatchObject({ lead: null, member_count: 1 });
    expect(removed.json().data.members).toEqual([
      expect.objectContaining({ username: 'max', is_lead: false }),
    ]);

    // A member deactivated later may stay when the list is saved again.
    await server.owner.query('UPDATE users SET is_active = false WHERE id = $1', [ids.max]);
    const kept = await setMembers(team.id, [ids.max!, ids.mia!]);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.members).toContainEqual(
      expect.objectContaining({ id: ids.max, is_active: false }),
    );
    await server.owner.query('UPDATE users SET is_active = true WHERE id = $1', [ids.max]);

    // Clearing the lead with null, and an unchanged save, write nothing new.
    await admin.post(SAVE, { id: team.id, team_name: 'Ops', lead_user_id: ids.mia });
    const cleared = await admin.post(SAVE, { id: team.id, team_name: 'Ops', lead_user_id: null });
    expect(cleared.json().data.lead).toBeNull();
    await admin.post(SAVE, { id: team.id, team_name: 'Ops' });
    expect((await setMembers(team.id, [ids.mia!, ids.max!])).statusCode).toBe(200);

    const rows = await auditRows(team.id);
    expect(rows.map((r) => r.action)).toEqual([
      'created',
      'members_updated',
      'members_updated',
      'members_updated',
      'updated',
      'updated',
    ]);
    const membersOf = (snapshot: { members: Array<{ username: string }> }) =>
      snapshot.members.map((m) => m.username).sort();
    expect(membersOf(rows[1].before)).toEqual(['mia']);
    expect(membersOf(rows[1].after)).toEqual(['max', 'mia', 'uma']);
    expect(rows[2].after).toMatchObject({ lead_user_id: null });
    expect(rows[5]).toMatchObject({ before: { lead_user_id: ids.mia }, after: { lead_user_id: null } });
    await admin.post(del(team.id));
  });

  it('pages, sorts and searches the table on the server', async () => {
    const made: Team[] = [];
    for (const [name, lead, extra] of [
      ['Alpha', ids.mia, [ids.max]],
      ['bravo', null, []],
      ['Charlie', ids.max, [ids.mia, ids.uma]],
    ] as const) {
      const team = await create(name, { description: `${name} desc`, lead_user_id: lead });
      const wanted = [lead, ...extra].filter((id): id is string => typeof id === 'string');
      if (extra.length) await setMembers(team.id, wanted);
      made.push(team);
    }
    const page = (body: Record<string, unknown>) =>
      admin.post(TABLE, body).then((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data;
      });
    const names = (data: { records: Array<{ team_name: string }> }) => data.records.map((r) => r.team_name);

    const first = await page({});
    expect(names(first)).toEqual(['Alpha', 'bravo', 'Charlie']);
    expect(first).toMatchObject({ recordsTotal: 3, recordsFiltered: 3 });
    expect(first.records[0]).toMatchObject({
      lead: { id: ids.mia, fullname: 'mia Tester' },
      member_count: 2,
    });
    expect(first.records[1]).toMatchObject({ lead: null, member_count: 0, description: 'bravo desc' });

    expect(names(await page({ orders: [{ column: 'member_count', dir: 'desc' }] }))).toEqual([
      'Charlie',
      'Alpha',
      'bravo',
    ]);
    expect(names(await page({ orders: [{ column: 'created_at', dir: 'desc' }] }))).toEqual([
      'Charlie',
      'bravo',
      'Alpha',
    ]);
    const second = await page({ length: 10, page: 2 });
    expect(second).toMatchObject({ records: [], recordsFiltered: 3 });
    const searched = await page({ search: 'CHAR' });
    expect(names(searched)).toEqual(['Charlie']);
    expect(searched).toMatchObject({ recordsTotal: 3, recordsFiltered: 1 });
    // The lead's name is searched too, and LIKE wildcards are taken literally.
    expect(names(await page({ search: 'mia tester' }))).toEqual(['Alpha']);
    expect(names(await page({ search: '%' }))).toEqual([]);
    expect((await admin.post(TABLE, { length: 15 })).statusCode).toBe(400);
    expect((await admin.post(TABLE, { orders: [{ column: 'password', dir: 'asc' }] })).statusCode).toBe(400);
    // Another tenant sees none of them.
    expect((await globex.post(TABLE, {})).json().data.recordsTotal).toBe(0);
    for (const team of made) await admin.post(del(team.id));
  });

  it('lists active users of the tenant for the picker, 20 a page, searchable', async () => {
    for (let i = 0; i < 21; i += 1) {
      await server.createUser('acme', {
        username: `zz-bulk-${String(i).padStart(2, '0')}`,
        password: 'x-pass',
      });
    }
    const all = (await consultant.get(USERS)).json().data;
    expect(all.records).toHaveLength(20);
    expect(all).toMatchObject({ page: 1, hasMore: true });
    expect(all.records.map((u: { username: string }) => u.username)).not.toContain('ina');
    const bulk2 = (await admin.get(`${USERS}?search=zz-bulk&page=2`)).json().data;
    expect(bulk2).toMatchObject({ page: 2, hasMore: false, recordsFiltered: 21 });
    expect(bulk2.records.map((u: { username: string }) => u.username)).toEqual(['zz-bulk-20']);
    const byEmail = (await admin.get(`${USERS}?search=people.example`)).json().data;
    expect(byEmail.records).toEqual([
      { id: ids.mia, username: 'mia', fullname: 'mia Tester', email: 'mia@people.example' },
    ]);
    expect((await admin.get(`${USERS}?search=INA`)).json().data.records).toEqual([]);
    expect((await admin.get(`${USERS}?page=0`)).statusCode).toBe(400);
  });
});
