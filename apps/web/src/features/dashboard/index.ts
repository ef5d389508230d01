// What other features use of the dashboards (the /dashboard page is routed lazily): the query keys,
// and the refresh a hub push about an app's records calls so open dashboards show fresh figures.
import type { QueryClient } from '@tanstack/react-query';
import type { DashboardCardResult } from '@formloop/contracts';
import { dashboardKeys } from './dashboards-api.ts';

export { dashboardKeys };

/**
 * The app a card's answer is about; null for cards of no app (text, links); undefined when it is
 * not known (not answered yet; workflow metrics, whose answer does not name its app).
 */
function appOfCard(data: unknown): string | null | undefined {
  const result = data as DashboardCardResult | undefined;
  if (!result || result.kind === 'workflow') return undefined;
  return result.kind === 'report' ? result.moduleId : null;
}

/**
 * A hub push said these apps' records changed: the dashboard cards about them ask again (and those
 * whose answer has not arrived yet); cards of other apps and static ones stay as they are. Only
 * cards on screen fetch at once; the rest are marked stale.
 */
export function refreshDashboardCards(queryClient: QueryClient, moduleIds: readonly string[]): void {
  const changed = new Set(moduleIds);
  void queryClient.invalidateQueries({
    queryKey: [...dashboardKeys.all, 'card'],
    predicate: (query) => {
      const app = appOfCard(query.state.data);
      return app === undefined || (app !== null && changed.has(app));
    },
  });
}
