import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECORDS_PATHS, recordPath } from '@formloop/contracts';
import { createTestServer, type TestServer } from '../../../../test/harness.ts';
import { EXACT_COUNT_TIMEOUT } from '../record-lists.repository.ts';
import { EXACT_COUNT_LIMIT } from '../record-query/list-query.ts';
import {
  arrangePeople,
  field,
  insertRecords,
  listRecords,
  publishApp,
  section,
  userId,
  type People,
} from './record-list-fixtures.ts';

// Counting honestly and cheaply (issue 23): a list counts exactly up to EXACT_COUNT_LIMIT entries
// and answers the planner's estimate above it, flagged; asked for exactCount, it counts exactly
// however many there are, within EXACT_COUNT_TIMEOUT, else the estimate stays, still flagged.

let server: TestServer;
let people: People;
let bigApp: string;
let smallApp: string;
/** Five times the limit: far enough past it that the planner never expects a countable number. */
const BIG = 5 * EXACT_COUNT_LIMIT;
/** Of BIG, the entries in progress (every third) and Fred's drafts. */
const IN_PROGRESS = Math.floor(BIG / 3);
const DRAFTS = 3;

const timeoutBefore = EXACT_COUNT_TIMEOUT.ms;

beforeAll(async () => {
  server = await createTestServer();
  people = await arrangePeople(server);
  const groups = [section('main', [[field('checkbox', 'done')]])];
  bigApp = await publishApp(people.fred, 'Big', groups);
  smallApp = await publishApp(people.fred, 'Small', groups);
  await server.owner.query(
    `INSERT INTO records (tenant_id, module_id, module_version, is_draft, data, workflow_started_on)
     SELECT m.tenant_id, m.id, 1, false, jsonb_build_object('done', g % 10 = 0),
            CASE WHEN g % 3 = 0 THEN now() END
       FROM modules m, generate_series(1, $2::int) g WHERE m.id = $1`,
    [bigApp, BIG],
  );
  const fred = await userId(server, 'fred');
  await insertRecords(
    server,
    bigApp,
    Array.from({ length: DRAFTS }, () => ({ is_draft: true, created_by: fred })),
  );
  await insertRecords(
    server,
    smallApp,
    Array.from({ length: 12 }, (_, i) => ({ data: { done: i % 2 === 0 } })),
  );
  await server.owner.query('ANALYZE records');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

afterEach(() => {
  EXACT_COUNT_TIMEOUT.ms = timeoutBefore;
});

describe('list counts', () => {
  it('are exact for a list within the limit', async () => {
    const page = await listRecords(people.fred, { moduleId: smallApp });
    expect(page).toMatchObject({ recordsTotal: 12, recordsFiltered: 12, countIsEstimate: false });
  });

  it('are the planner’s estimate, flagged, for a list past the limit', async () => {
    const page = await listRecords(people.fred, { moduleId: bigApp });
    expect(page.countIsEstimate).toBe(true);
    // An estimate of the right size, not a count stopped at the limit.
    expect(page.recordsTotal).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(page.recordsTotal).toBeGreaterThan(BIG * 0.8);
    expect(page.recordsTotal).toBeLessThan(BIG * 1.2);
    expect(page.data).toHaveLength(10);
    // Paging goes on by the estimate: a page deep into the list still has its rows.
    const deep = await listRecords(people.fred, { moduleId: bigApp, page: 1000, length: 10 });
    expect(deep.data).toHaveLength(10);
  });

  it('are exact however many there are when exactCount is asked', async () => {
    const page = await listRecords(people.fred, { moduleId: bigApp, exactCount: true });
    expect(page).toMatchObject({ recordsTotal: BIG, recordsFiltered: BIG, countIsEstimate: false });
    expect(page.data).toHaveLength(10);

    // Filtered past the limit: both figures counted.
    const done = await listRecords(people.fred, {
      moduleId: bigApp,
      exactCount: true,
      filters: [{ field: 'done', operator: 'eq', value: false }],
    });
    expect(done).toMatchObject({
      recordsTotal: BIG,
      recordsFiltered: BIG - BIG / 10,
      countIsEstimate: false,
    });
    // The same request without the flag: estimates again.
    const plain = await listRecords(people.fred, {
      moduleId: bigApp,
      filters: [{ field: 'done', operator: 'eq', value: false }],
    });
    expect(plain.countIsEstimate).toBe(true);
  });

  it('stay the estimate, flagged, when the exact count runs out of time', async () => {
    EXACT_COUNT_TIMEOUT.ms = 1;
    const page = await listRecords(people.fred, { moduleId: bigApp, exactCount: true });
    expect(page.countIsEstimate).toBe(true);
    expect(page.recordsTotal).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(page.data).toHaveLength(10);
    // The connection's own timeout came back: the next requests count as usual.
    EXACT_COUNT_TIMEOUT.ms = timeoutBefore;
    const again = await listRecords(people.fred, { moduleId: bigApp, exactCount: true });
    expect(again).toMatchObject({ recordsTotal: BIG, countIsEstimate: false });
  });

  it('refuses an exactCount that is not a boolean', async () => {
    const res = await people.fred.post(RECORDS_PATHS.datatables, { moduleId: bigApp, exactCount: 'yes' });
    expect(res.statusCode).toBe(400);
  });
});

describe('summary counts', () => {
  const summaryOf = async (moduleId: string, query = '') => {
    const res = await people.fred.get(`${recordPath.summary(moduleId)}${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      total: number;
      countIsEstimate: boolean;
      estimates: string[];
      byStatus: Record<string, number>;
      drafts: number;
    };
  };

  it('name the figures that are estimates past the limit', async () => {
    const summary = await summaryOf(bigApp);
    expect(summary.countIsEstimate).toBe(true);
    expect(summary.estimates).toEqual(expect.arrayContaining(['total', 'In Progress']));
    // Few drafts and no faulted entries: counted exactly.
    expect(summary.estimates).not.toContain('drafts');
    expect(summary.estimates).not.toContain('Faulted');
    expect(summary).toMatchObject({ drafts: DRAFTS, byStatus: { Faulted: 0 } });
    expect(summary.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  it('are all exact with exactCount=true', async () => {
    expect(await summaryOf(bigApp, '?exactCount=true')).toEqual({
      total: BIG,
      countIsEstimate: false,
      estimates: [],
      byStatus: { 'In Progress': IN_PROGRESS, Completed: 0, Faulted: 0 },
      drafts: DRAFTS,
    });
    expect(await summaryOf(smallApp, '?exactCount=false')).toMatchObject({
      total: 12,
      countIsEstimate: false,
      estimates: [],
    });
  });

  it('stay estimates, named, when the exact count runs out of time', async () => {
    EXACT_COUNT_TIMEOUT.ms = 1;
    const summary = await summaryOf(bigApp, '?exactCount=true');
    expect(summary.countIsEstimate).toBe(true);
    expect(summary.estimates).toContain('total');
  });
});
