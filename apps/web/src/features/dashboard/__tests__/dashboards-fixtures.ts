import {
  DASHBOARD_PATHS,
  QUICK_LAUNCH_PATHS,
  REPORT_PATHS,
  dashboardCardPath,
  dashboardDetailPath,
  dashboardStatePath,
  type Dashboard,
  type DashboardCardResult,
} from '@formloop/contracts';
import { ok, type RecordedCall } from '../../../test/fetch-mock.ts';

export const APP_ID = '3f0c8a52-1b0e-4c57-9a51-0d6f1f1f0a01';
export const DASH_ID = 'd-1';

export const dashboard = (extra: Partial<Dashboard> = {}): Dashboard => ({
  id: DASH_ID,
  name: 'Orders overview',
  description: '',
  sharing: 'everyone',
  teamIds: [],
  roleIds: [],
  refreshSeconds: 0,
  ownerId: 'u-1',
  ownerName: 'Ada Admin',
  isMine: true,
  isDefault: false,
  filterValues: {},
  createdOn: '2026-03-01T09:00:00.000Z',
  modifiedOn: '2026-03-01T09:00:00.000Z',
  filters: [
    { id: 'when', label: 'Created', kind: 'dateRange', field: 'created_on' },
    { id: 'city', label: 'City', kind: 'field', field: 'city' },
  ],
  cards: [
    {
      id: 'count',
      type: 'number',
      title: 'Orders',
      x: 0,
      y: 0,
      w: 3,
      h: 2,
      compare: true,
      target: 10,
      filterFields: {},
      definition: {
        moduleId: APP_ID,
        columns: [],
        filters: [],
        orders: [],
        groupBy: [],
        measures: [{ aggregate: 'count' }],
        sort: [],
        totals: false,
        limit: 1000,
      },
    },
    {
      id: 'bycity',
      type: 'chart',
      title: 'By city',
      x: 3,
      y: 0,
      w: 6,
      h: 4,
      compare: false,
      filterFields: {},
      definition: {
        moduleId: APP_ID,
        columns: [],
        filters: [{ field: 'amount', operator: 'gt', value: 0, ignoreCase: false, matchesAll: false }],
        orders: [],
        groupBy: [{ field: 'city' }],
        measures: [{ aggregate: 'count' }],
        sort: [],
        totals: false,
        limit: 1000,
        chart: { type: 'bar', measure: 0 },
      },
    },
    {
      id: 'note',
      type: 'text',
      title: 'Note',
      x: 9,
      y: 0,
      w: 3,
      h: 2,
      compare: false,
      filterFields: {},
      text: '<b>Figures</b> are live.',
    },
  ],
  ...extra,
});

export const listOf = (items: Dashboard[]) => ({
  data: items.map(({ cards, filters: _filters, filterValues: _values, ...rest }) => ({
    ...rest,
    cardCount: cards.length,
  })),
  recordsTotal: items.length,
  recordsFiltered: items.length,
});

const cityFilter = (value: unknown) => ({
  field: 'city',
  operator: 'eq',
  value,
  ignoreCase: false,
  matchesAll: false,
});

/** The cards' answers: the number 8 (6 the period before), three cities; the city filter as wired. */
export function cardAnswer(call: RecordedCall) {
  const body = JSON.parse(call.body ?? '{}') as { filterValues?: Record<string, unknown> };
  const city = body.filterValues?.city;
  const wired = city ? [cityFilter(city)] : [];
  const base = { cached: false, computedOn: '2026-03-02T10:00:00.000Z', moduleId: APP_ID };
  if (call.url.endsWith('/count')) {
    const answer: DashboardCardResult = {
      kind: 'report',
      ...base,
      previous: 6,
      target: 10,
      filters: wired,
      result: {
        kind: 'grouped',
        columns: [{ key: 'measure:0', label: 'Count', kind: 'number' }],
        rows: [{ groups: [], labels: [], measures: [city ? 3 : 8], level: 0 }],
        subtotals: [],
        total: null,
        truncated: false,
      },
    };
    return ok(answer);
  }
  if (call.url.endsWith('/bycity')) {
    const answer: DashboardCardResult = {
      kind: 'report',
      ...base,
      previous: null,
      target: null,
      filters: [
        { field: 'amount', operator: 'gt', value: 0, ignoreCase: false, matchesAll: false },
        ...wired,
      ],
      result: {
        kind: 'grouped',
        columns: [
          { key: 'group:0', label: 'City', kind: 'text' },
          { key: 'measure:0', label: 'Count', kind: 'number' },
        ],
        rows: [
          { groups: ['Berlin'], labels: [null], measures: [4], level: 0 },
          { groups: ['Paris'], labels: [null], measures: [3], level: 0 },
          { groups: ['Rome'], labels: [null], measures: [1], level: 0 },
        ],
        subtotals: [],
        total: null,
        truncated: false,
      },
    };
    return ok(answer);
  }
  return ok({ kind: 'static' });
}

export const CARD_COUNT = `POST ${dashboardCardPath(DASH_ID, 'count')}`;
export const CARD_CHART = `POST ${dashboardCardPath(DASH_ID, 'bycity')}`;
export const CARD_NOTE = `POST ${dashboardCardPath(DASH_ID, 'note')}`;
export const DETAIL = `GET ${dashboardDetailPath(DASH_ID)}`;
export const STATE = `PUT ${dashboardStatePath(DASH_ID)}`;
export const LIST = `POST ${DASHBOARD_PATHS.datatables}`;
export const DEFAULT = `GET ${DASHBOARD_PATHS.byDefault}`;
export const SAVE = `POST ${DASHBOARD_PATHS.save}`;
export const DRILL = `POST ${REPORT_PATHS.drill}`;
export const TILES = `GET ${QUICK_LAUNCH_PATHS.get}`;

/** Every call a dashboard page makes, answered: one dashboard `d`, the user's default `byDefault`. */
export function handlers(d: Dashboard, byDefault: string | null = null) {
  return {
    [TILES]: ok([]),
    [LIST]: ok(listOf([d])),
    [DEFAULT]: ok({ id: byDefault }),
    [DETAIL]: ok(d),
    [STATE]: (call: RecordedCall) => ok({ ...d, ...(JSON.parse(call.body ?? '{}') as object) }),
    [CARD_COUNT]: cardAnswer,
    [CARD_CHART]: cardAnswer,
    [CARD_NOTE]: cardAnswer,
  };
}

/** The JSON bodies sent with `method` to one path, in order. */
export const bodiesOf = (calls: RecordedCall[], key: string) => {
  const [method, path] = key.split(' ');
  return calls
    .filter((call) => call.method === method && call.url.split('?')[0] === path)
    .map((call) => JSON.parse(call.body ?? '{}') as Record<string, unknown>);
};
