import { expect } from 'vitest';
import { ORGANIZATION_PATHS } from '@formloop/contracts';
import { createTestServer, type TestClient, type TestServer } from '../../../../test/harness.ts';
import {
  arrangePeople,
  field,
  insertRecords,
  publishApp,
  section,
  userId,
  type People,
} from '../../record-lists/__tests__/record-list-fixtures.ts';

// The reports suites' world: acme's builders (fred, cora), an ordinary user (uma), globex's full
// user gina; an app "Orders" with a field hidden at the completed activity (secret) and five
// submitted records around Berlin's DST change, plus a draft; the organization zone Europe/Berlin.

export interface ReportWorld {
  server: TestServer;
  people: People;
  appId: string;
  gina: TestClient;
}

const PERMISSION = [
  { activityId: 'fs-complete', fields: [{ name: 'secret', control: 'hidden' }], fieldGroups: [] },
];

// Berlin leaves winter time on Sunday 2026-03-29 at 01:00 UTC. 00:30 UTC that Sunday is still in
// the week of Monday 23 March; 22:30 UTC is 00:30 on Monday 30 March in Berlin (but Sunday in UTC).
export const SEEDS = [
  { city: 'Berlin', amount: 10, secret: 1, created_on: '2026-03-23T08:00:00.000Z' },
  { city: 'Berlin', amount: 20, secret: 2, created_on: '2026-03-29T00:30:00.000Z' },
  { city: 'Paris', amount: 5, secret: 3, created_on: '2026-03-29T22:30:00.000Z' },
  { city: 'Paris', amount: 7, secret: 4, created_on: '2026-04-02T12:00:00.000Z' },
  { city: 'Rome', amount: 100, secret: 5, created_on: '2026-04-15T12:00:00.000Z' },
];

export async function arrangeReportWorld(): Promise<ReportWorld> {
  const server = await createTestServer();
  const people = await arrangePeople(server);
  await server.createUser('globex', { username: 'gina', password: 'gina-pass', kind: 'FULL_USER' });
  const gina = server.client('globex');
  await gina.signIn('gina', 'gina-pass');
  const appId = await publishApp(
    people.fred,
    'Orders',
    [section('main', [[field('text', 'city'), field('number', 'amount'), field('number', 'secret')]])],
    { permission: PERMISSION },
  );
  const fred = await userId(server, 'fred');
  const cora = await userId(server, 'cora');
  await insertRecords(server, appId, [
    ...SEEDS.map((seed, i) => ({
      created_by: i % 2 === 0 ? fred : cora,
      created_on: seed.created_on,
      workflow_started_on: seed.created_on,
      workflow_completed_on: seed.created_on,
      data: { city: seed.city, amount: seed.amount, secret: seed.secret },
    })),
    // A draft: never in a report, as never in the list of submitted records.
    { created_by: fred, is_draft: true, data: { city: 'Berlin', amount: 1000 } },
  ]);
  const zone = await people.admin.post(ORGANIZATION_PATHS.setTimeZone, { timeZone: 'Europe/Berlin' });
  expect(zone.statusCode, zone.body).toBe(200);
  return { server, people, appId, gina };
}
