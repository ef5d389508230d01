// What other features use of the dashboards (the /dashboard page is routed lazily): the query keys,
// and the refresh a hub push about an app's records calls so open dashboards show fresh figures.
import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys } from './dashboards-api.ts';

export { dashboardKeys };

/**
 * Every dashboard card on screen asks again (the server answers unchanged cards from its cache,
 * computed after the app's last write, so only the changed app's cards cost a query).
 */
export function refreshDashboardCards(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: [...dashboardKeys.all, 'card'] });
}
