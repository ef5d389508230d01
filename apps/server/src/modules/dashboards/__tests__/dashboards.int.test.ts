import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  APPS_CHANGED_TARGET,
  DASHBOARD_PATHS,
  RECORDS_PATHS,
  dashboardCardPath,
  dashboardDeletePath,
  dashboardDetailPath,
  dashboardStatePath,
  type DashboardCardResult,
  type SaveDashboardBody,
} from '@formloop/contracts';
import { hostOf, type TestClient, type TestServer } from '../../../../test/harness.ts';
import { collect, connectedHubClient } from '../../../platform/realtime/__tests__/hub-clients.ts';
import type { People } from '../../record-lists/__tests__/record-list-fixtures.ts';
import { arrangeReportWorld } from '../../reports/__tests__/report-fixtures.ts';

// Dashboards against real PostgreSQL: cards read as the viewer with the dashboard filters wired by
// field name (a day range in the organization zone), number cards compared with the period before,
// the card cache reused until a record is submitted, sharing, the caller's state and default.

let server: TestServer;
let people: People;
let appId: string;
let gina: TestClient;

beforeAll(async () => {
  ({ server, people, appId, gina } = await arrangeReportWorld());
});
afterAll(() => server?.close());

const layout = (): SaveDashboardBody => ({
  name: 'Orders overview',
  sharing: 'everyone',
  filters: [
    { id: 'when', label: 'Created', kind: 'dateRange', field: 'created_on' },
    { id: 'city', label: 'City', kind: 'field', field: 'city' },
  ],
  cards: [
    {
      id: 'count',
      type: 'number',
      title: 'Orders',
      compare: true,
      target: 10,
      definition: { moduleId: appId, measures: [{ aggregate: 'count' }] },
    },
    {
      id: 'bycity',
      type: 'chart',
      title: 'By city',
      definition: {
        moduleId: appId,
        groupBy: [{ field: 'city' }],
        measures: [{ aggregate: 'sum', field: 'amount' }],
      },
      // This card ignores the city filter.
      filterFields: { city: null },
    },
    { id: 'note', type: 'text', text: 'Figures are live.' },
  ],
});

const cardOf = async (client: TestClient, id: string, cardId: string, filterValues?: object) => {
  const res = await client.post(dashboardCardPath(id, cardId), filterValues ? { filterValues } : {});
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as DashboardCardResult;
};
const figure = (card: DashboardCardResult) =>
  card.kind === 'report' && card.result.kind === 'grouped' ? card.result.rows[0]?.measures[0] : undefined;

describe('dashboards', () => {
  let id: string;

  it('saves a dashboard and wires its filters into the cards whose app has the field', async () => {
    const saved = await people.fred.post(DASHBOARD_PATHS.save, layout());
    expect(saved.statusCode, saved.body).toBe(200);
    id = saved.json().data.id as string;
    // Week of Berlin's DST change, Monday 23 to Sunday 29 March (organization calendar): two records.
    const week = { when: { from: '2026-03-23', to: '2026-03-29' } };
    const count = await cardOf(people.cora, id, 'count', week);
    expect(figure(count)).toBe(2);
    if (count.kind !== 'report') throw new Error(count.kind);
    expect(count.target).toBe(10);
    // The week before holds nothing.
    expect(count.previous).toBe(0);
    // The filters it applied reproduce the figure on the record list (drill).
    const list = await people.cora.post(RECORDS_PATHS.datatables, {
      moduleId: appId,
      filters: count.filters,
    });
    expect(list.json().data.recordsFiltered).toBe(2);
    const berlin = await cardOf(people.cora, id, 'count', { ...week, city: 'Berlin' });
    expect(figure(berlin)).toBe(2);
    const paris = await cardOf(people.cora, id, 'count', { city: 'Paris' });
    expect(figure(paris)).toBe(2);
    // The chart card is not wired to the city filter.
    const chart = await cardOf(people.cora, id, 'bycity', { city: 'Paris' });
    if (chart.kind !== 'report' || chart.result.kind !== 'grouped') throw new Error('chart');
    expect(chart.result.rows.map((row) => row.groups[0])).toEqual(['Berlin', 'Paris', 'Rome']);
    expect(await cardOf(people.cora, id, 'note')).toEqual({ kind: 'static' });
  });

  it('serves a card from the cache until a record of its app is submitted', async () => {
    const first = await cardOf(people.fred, id, 'count', {});
    const again = await cardOf(people.fred, id, 'count', {});
    expect(first.kind === 'report' && again.kind === 'report' && [first.cached, again.cached]).toEqual([
      false,
      true,
    ]);
    expect(figure(again)).toBe(figure(first));
    const refreshed = await people.fred.post(dashboardCardPath(id, 'count'), {
      filterValues: {},
      refresh: true,
    });
    expect(refreshed.json().data.cached).toBe(false);
    const submitted = await people.cora.post(RECORDS_PATHS.submit, {
      moduleId: appId,
      data: { city: 'Oslo', amount: 3 },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const fresh = await cardOf(people.fred, id, 'count', {});
    expect(fresh.kind === 'report' && fresh.cached).toBe(false);
    expect(figure(fresh)).toBe((figure(first) as number) + 1);
    // Changing a record (not a new one) also refreshes it.
    const cached = await cardOf(people.fred, id, 'bycity', {});
    expect(cached.kind === 'report' && (await cardOf(people.fred, id, 'bycity', {})).kind === 'report').toBe(
      true,
    );
    const recordId = submitted.json().data.id as string;
    const removed = await people.cora.post(RECORDS_PATHS.deleteById, { id: recordId });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await cardOf(people.fred, id, 'count', {});
    expect(after.kind === 'report' && after.cached).toBe(false);
    expect(figure(after)).toBe(figure(first));
    expect(cached.kind).toBe('report');
  });

  it('keeps each viewer’s filter values and default, and the dashboard to its owner', async () => {
    const state = await people.cora.put(dashboardStatePath(id), {
      filterValues: { city: 'Rome' },
      isDefault: true,
    });
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json().data).toMatchObject({
      isDefault: true,
      filterValues: { city: 'Rome' },
      isMine: false,
    });
    // Without values in the request, the viewer's saved ones apply.
    expect(figure(await cardOf(people.cora, id, 'count'))).toBe(1);
    expect((await people.cora.get(DASHBOARD_PATHS.byDefault)).json().data.id).toBe(id);
    expect((await people.fred.get(DASHBOARD_PATHS.byDefault)).json().data.id).toBeNull();
    expect((await people.fred.get(dashboardDetailPath(id))).json().data.filterValues).toEqual({});
    expect((await people.cora.post(DASHBOARD_PATHS.save, { ...layout(), id })).statusCode).toBe(403);
    expect((await people.cora.post(dashboardDeletePath(id))).statusCode).toBe(403);
    expect((await people.uma.post(DASHBOARD_PATHS.datatables, {})).statusCode).toBe(403);
    expect((await gina.get(dashboardDetailPath(id))).statusCode).toBe(404);
    expect((await gina.post(dashboardCardPath(id, 'count'), {})).statusCode).toBe(404);
    const listed = await people.cora.post(DASHBOARD_PATHS.datatables, { scope: 'shared' });
    expect(listed.json().data.data).toMatchObject([
      { id, name: 'Orders overview', cardCount: 3, isDefault: true },
    ]);
  });

  it('refuses cards without a query, duplicate ids, hidden fields and unknown cards', async () => {
    const bad = await people.fred.post(DASHBOARD_PATHS.save, {
      name: 'Broken',
      cards: [{ id: 'a', type: 'chart', title: 'Empty' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The card Empty needs an app and what to show.');
    const twice = await people.fred.post(DASHBOARD_PATHS.save, {
      name: 'Twice',
      cards: [
        { id: 'a', type: 'text', text: 'x' },
        { id: 'a', type: 'text', text: 'y' },
      ],
    });
    expect(twice.json().message).toBe('Two cards of the dashboard have the same id.');
    const hidden = await people.fred.post(DASHBOARD_PATHS.save, {
      name: 'Hidden',
      cards: [
        {
          id: 'h',
          type: 'number',
          definition: { moduleId: appId, measures: [{ aggregate: 'sum', field: 'secret' }] },
        },
      ],
    });
    expect(hidden.statusCode).toBe(400);
    expect((await people.fred.post(dashboardCardPath(id, 'nope'), {})).statusCode).toBe(404);
    const deleted = await people.fred.post(dashboardDeletePath(id));
    expect(deleted.statusCode).toBe(200);
    expect((await people.cora.get(DASHBOARD_PATHS.byDefault)).json().data.id).toBeNull();
  });
});

describe('live dashboards', () => {
  const started: HubConnection[] = [];
  afterAll(() => Promise.all(started.map((connection) => connection.stop())));
  const listen = async (client: TestClient, tenant: string, base: string) => {
    const connection = await connectedHubClient(base, { token: client.token!, host: hostOf(tenant) });
    started.push(connection);
    return collect(connection, APPS_CHANGED_TARGET);
  };

  it('pushes AppsChanged to the tenant’s connections after a submit and a delete, never elsewhere', async () => {
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const fred = await listen(people.fred, 'acme', base);
    const cora = await listen(people.cora, 'acme', base);
    const globex = await listen(gina, 'globex', base);
    // A new record: announced after its commit by the node's once-a-second flush.
    const submitted = await people.cora.post(RECORDS_PATHS.submit, {
      moduleId: appId,
      data: { city: 'Lima', amount: 4 },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await vi.waitFor(() => expect(fred).toEqual([[appId]]), { timeout: 10_000 });
    await vi.waitFor(() => expect(cora).toEqual([[appId]]), { timeout: 10_000 });
    // A delete NOTIFYs in its transaction.
    const removed = await people.cora.post(RECORDS_PATHS.deleteById, { id: submitted.json().data.id });
    expect(removed.statusCode, removed.body).toBe(200);
    await vi.waitFor(() => expect(fred).toEqual([[appId], [appId]]), { timeout: 10_000 });
    // The other tenant heard of neither (both pushes reached acme, each a second after its write).
    expect(globex).toEqual([]);
  });
});
