import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_MESSAGES, ORGANIZATION_PATHS } from '@formloop/contracts';
import { MESSAGES, type UserKind } from '@formloop/domain';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';

let server: TestServer;
const ids = new Map<string, string>();
const PASSWORD = 'secret-pass';

const KINDS: ReadonlyArray<[string, UserKind]> = [
  ['sam', 'SYSTEM_ADMINISTRATOR'],
  ['ada', 'ADMINISTRATOR'],
  ['cole', 'CONSULTANT'],
  ['fay', 'FULL_USER'],
  ['olive', 'USER'],
];

beforeAll(async () => {
  server = await createTestServer();
  for (const [username, kind] of KINDS) {
    ids.set(username, await server.createUser('acme', { username, password: PASSWORD, kind }));
  }
  ids.set(
    'gina',
    await server.createUser('globex', { username: 'gina', password: PASSWORD, kind: 'ADMINISTRATOR' }),
  );
});
afterAll(() => server?.close());

async function signedIn(tenant: string, username: string) {
  const client = server.client(tenant);
  await client.signIn(username, PASSWORD);
  return client;
}

const auditRows = async (action: string, userId: string) =>
  (
    await server.owner.query(
      `SELECT tenant_id, entity, entity_id, before, after, request_id FROM audit_log
       WHERE action = $1 AND user_id = $2 ORDER BY id`,
      [action, userId],
    )
  ).rows;

const DEFAULTS = {
  time_zone: 'UTC',
  date_format: 'YYYY-MM-DD',
  datetime_format: 'YYYY-MM-DD HH:mm:ss',
  time_format: 'HH:mm:ss',
};

describe('organization preference', () => {
  it('answers 401 without a signed-in user', async () => {
    const anonymous = server.client('acme');
    const responses = await Promise.all([
      anonymous.get(ORGANIZATION_PATHS.current),
      anonymous.post(ORGANIZATION_PATHS.setTimeZone, { timeZone: 'UTC' }),
      anonymous.post(ORGANIZATION_PATHS.preference, { ...DEFAULTS }),
    ]);
    for (const response of responses) expect(response.statusCode).toBe(401);
  });

  it('gives every signed-in user the spec defaults and the support contact before anything is saved', async () => {
    for (const [username] of KINDS) {
      const client = await signedIn('acme', username);
      const res = await client.get(ORGANIZATION_PATHS.current);
      expect(res.statusCode, username).toBe(200);
      expect(res.json().data).toEqual({
        preference: DEFAULTS,
        name: 'ACME',
        company: 'acme Ltd',
        support_email: 'help@acme.example',
        person_in_charge_phone: '+1 555 0100',
      });
    }
  });

  it('refuses the writes to full and ordinary users with 403, and changes nothing', async () => {
    for (const username of ['fay', 'olive']) {
      const client = await signedIn('acme', username);
      const zone = await client.post(ORGANIZATION_PATHS.setTimeZone, { timeZone: 'Europe/Berlin' });
      expect(zone.statusCode, username).toBe(403);
      const formats = await client.post(ORGANIZATION_PATHS.preference, {
        date_format: 'DD-MM-YYYY',
        datetime_format: 'DD-MM-YYYY HH:mm:ss',
        time_format: 'HH:mm:ss',
      });
      expect(formats.statusCode, username).toBe(403);
    }
    const { rows } = await server.owner.query(`SELECT * FROM organization_preferences`);
    expect(rows).toEqual([]);
  });

  it('lets settings roles set the time zone, mapping GMT Standard Time to UTC, audited', async () => {
    const ada = await signedIn('acme', 'ada');
    const berlin = await ada.post(ORGANIZATION_PATHS.setTimeZone, { timeZone: 'Europe/Berlin' });
    expect(berlin.statusCode).toBe(200);
    expect(berlin.json().message).toBe(ORGANIZATION_MESSAGES.timeZoneSaved);
    expect(berlin.json().data).toEqual({ ...DEFAULTS, time_zone: 'Europe/Berlin' });

    const cole = await signedIn('acme', 'cole');
    const gmt = await cole.post(ORGANIZATION_PATHS.setTimeZone, { timeZone: 'GMT Standard Time' });
    expect(gmt.statusCode).toBe(200);
    expect(gmt.json().data.time_zone).toBe('UTC');

    const olive = await signedIn('acme', 'olive');
    expect((await olive.get(ORGANIZATION_PATHS.current)).json().data.preference.time_zone).toBe('UTC');

    const adaRows = await auditRows('organization-time-zone-changed', ids.get('ada')!);
    expect(adaRows).toHaveLength(1);
    expect(adaRows[0]).toMatchObject({
      entity: 'organization',
      before: DEFAULTS,
      after: { ...DEFAULTS, time_zone: 'Europe/Berlin' },
    });
    expect(adaRows[0].entity_id).toBe(adaRows[0].tenant_id);
    expect(adaRows[0].request_id).toBeTruthy();
    const coleRows = await auditRows('organization-time-zone-changed', ids.get('cole')!);
    expect(coleRows).toHaveLength(1);
    expect(coleRows[0]).toMatchObject({
      before: { time_zone: 'Europe/Berlin' },
      after: { time_zone: 'UTC' },
    });
  });

  it('lets settings roles set the formats, audited, and everyone reads them', async () => {
    const sam = await signedIn('acme', 'sam');
    const body = {
      date_format: 'MM-DD-YYYY',
      datetime_format: 'MM-DD-YYYY HH:mm:ss',
      time_format: 'HH:mm:ss',
    };
    const res = await sam.post(ORGANIZATION_PATHS.preference, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ORGANIZATION_MESSAGES.preferenceSaved);
    expect(res.json().data).toEqual({ ...DEFAULTS, ...body });

    const fay = await signedIn('acme', 'fay');
    expect((await fay.get(ORGANIZATION_PATHS.current)).json().data.preference).toEqual({
      ...DEFAULTS,
      ...body,
    });

    const rows = await auditRows('organization-preference-changed', ids.get('sam')!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ before: DEFAULTS, after: { ...DEFAULTS, ...body } });

    // Saving the same again changes nothing and writes no audit row.
    expect((await sam.post(ORGANIZATION_PATHS.preference, body)).statusCode).toBe(200);
    expect(await auditRows('organization-preference-changed', ids.get('sam')!)).toHaveLength(1);
  });

  it('rejects bad input with 400 and a message per field', async () => {
    const ada = await signedIn('acme', 'ada');
    for (const timeZone of ['Mars/Olympus_Mons', 'W. Europe Standard Time']) {
      const res = await ada.post(ORGANIZATION_PATHS.setTimeZone, { timeZone });
      expect(res.statusCode, timeZone).toBe(400);
      expect(res.json().data.errors).toMatchObject([
        { field: 'timeZone', message: ORGANIZATION_MESSAGES.invalidTimeZone },
      ]);
    }
    const empty = await ada.post(ORGANIZATION_PATHS.setTimeZone, { timeZone: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().data.errors).toMatchObject([{ field: 'timeZone', message: MESSAGES.required }]);

    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ date_format: 'YYYY/MM/DD' }, 'date_format', ORGANIZATION_MESSAGES.invalidDateFormat],
      [{ datetime_format: 'YYYY' }, 'datetime_format', ORGANIZATION_MESSAGES.invalidDatetimeFormat],
      [{ time_format: 'hh:mm a' }, 'time_format', ORGANIZATION_MESSAGES.invalidTimeFormat],
      [{ date_format: undefined }, 'date_format', ORGANIZATION_MESSAGES.invalidDateFormat],
    ];
    for (const [override, field, message] of cases) {
      const res = await ada.post(ORGANIZATION_PATHS.preference, { ...DEFAULTS, ...override });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().data.errors).toContainEqual(expect.objectContaining({ field, message }));
    }
  });

  it('keeps each tenant’s preference to itself', async () => {
    const gina = await signedIn('globex', 'gina');
    const before = await gina.get(ORGANIZATION_PATHS.current);
    // acme changed its zone and formats above; globex still has the defaults and its own contact.
    expect(before.json().data).toMatchObject({ preference: DEFAULTS, name: 'GLOBEX', company: 'globex Ltd' });

    expect(
      (await gina.post(ORGANIZATION_PATHS.setTimeZone, { timeZone: 'Asia/Tokyo' })).json().data.time_zone,
    ).toBe('Asia/Tokyo');
    const acme = await signedIn('acme', 'olive');
    expect((await acme.get(ORGANIZATION_PATHS.current)).json().data.preference.time_zone).toBe('UTC');

    // A token from one tenant is not valid on another's host.
    const onAcme = server.client('acme');
    onAcme.token = gina.token;
    expect((await onAcme.get(ORGANIZATION_PATHS.current)).statusCode).toBe(401);

    const rows = await auditRows('organization-time-zone-changed', ids.get('gina')!);
    expect(rows).toHaveLength(1);
    expect(rows[0].tenant_id).not.toBe(
      (await auditRows('organization-time-zone-changed', ids.get('ada')!))[0].tenant_id,
    );
  });
});
