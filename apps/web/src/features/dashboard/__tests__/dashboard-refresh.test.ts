import { QueryClient } from '@tanstack/react-query';
import type { DashboardCardResult } from '@formloop/contracts';
import { describe, expect, it } from 'vitest';
import { dashboardKeys, refreshDashboardCards } from '../index.ts';

// What an AppsChanged push does to the dashboard cards in the query cache: the cards of the changed
// apps (and those not answered yet, and workflow cards) are stale; other apps' and static cards keep.

const reportCard = (moduleId: string) =>
  ({
    kind: 'report',
    moduleId,
    filters: [],
    previous: null,
    target: null,
    cached: false,
    computedOn: '2026-11-28T00:00:00Z',
    result: { kind: 'grouped', rows: [], total: null },
  }) as unknown as DashboardCardResult;

describe('refreshDashboardCards', () => {
  it('marks stale only the cards whose app changed, or whose app is not known', () => {
    const client = new QueryClient();
    const key = (cardId: string) => dashboardKeys.card('d1', cardId, {}, 'v1');
    client.setQueryData(key('orders'), reportCard('orders-app'));
    client.setQueryData(key('people'), reportCard('people-app'));
    client.setQueryData(key('note'), { kind: 'static' } satisfies DashboardCardResult);
    client.setQueryData(key('flow'), { kind: 'workflow', metrics: {}, cached: false, computedOn: '' });
    client.setQueryData(dashboardKeys.detail('d1'), { id: 'd1' });

    refreshDashboardCards(client, ['orders-app', 'elsewhere']);

    const stale = (queryKey: readonly unknown[]) => client.getQueryState(queryKey)?.isInvalidated;
    expect(stale(key('orders'))).toBe(true);
    expect(stale(key('flow'))).toBe(true);
    expect(stale(key('people'))).toBe(false);
    expect(stale(key('note'))).toBe(false);
    expect(stale(dashboardKeys.detail('d1'))).toBe(false);
  });
});
