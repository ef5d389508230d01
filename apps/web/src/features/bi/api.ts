// Calls, query keys and hooks of the BI pages (/business-intelligence, /bi-reports): the saved
// questions (report datatables with bi: true), the forms of the apps a question joins, and the
// dashboards a question can be added to. Running, saving, copying and deleting are the reports'.
import {
  DASHBOARD_PATHS,
  REPORT_PATHS,
  dashboardDetailPath,
  recordPath,
  type Dashboard,
  type DashboardListItem,
  type RecordForm,
  type ReportDataTableRequest,
  type ReportListItem,
  type SaveDashboardBody,
} from '@formloop/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/http.ts';
import { recordKeys } from '../records/index.ts';
import { reportKeys } from '../reports/index.ts';

export interface QuestionTable {
  data: ReportListItem[];
  recordsTotal: number;
  recordsFiltered: number;
  categories: string[];
  /** The collections of the questions the caller may open. */
  collections: string[];
}

export interface DashboardTable {
  data: DashboardListItem[];
  recordsTotal: number;
  recordsFiltered: number;
}

const quiet = { meta: { errorToast: false } } as const;

export const biKeys = {
  dashboards: () => ['dashboards', 'table', 'mine-for-bi'] as const,
  dashboard: (id: string) => ['dashboards', 'detail', id] as const,
};

// ---- calls ----

export const fetchQuestionTable = async (body: ReportDataTableRequest) =>
  (await http.post<QuestionTable>(REPORT_PATHS.datatables, { ...body, bi: true })).data;
export const fetchForm = async (moduleId: string) =>
  (await http.get<RecordForm>(recordPath.form(moduleId))).data;
export const fetchMyDashboards = async () =>
  (
    await http.post<DashboardTable>(DASHBOARD_PATHS.datatables, {
      page: 1,
      length: 100,
      search: '',
      scope: 'mine',
    })
  ).data;
export const fetchDashboard = async (id: string) => (await http.get<Dashboard>(dashboardDetailPath(id))).data;
export const saveDashboard = (body: SaveDashboardBody) => http.post<Dashboard>(DASHBOARD_PATHS.save, body);

// ---- hooks ----

/** One page of the saved questions (only BI questions), kept on screen while the next one loads. */
export function useQuestionTable(body: ReportDataTableRequest) {
  return useQuery({
    // Under the reports' table keys, so their copy, delete and favourite refresh this list too.
    queryKey: [...reportKeys.tables(), 'bi', body],
    queryFn: () => fetchQuestionTable(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
    ...quiet,
  });
}

/** The forms of several apps at once (the base app and every joined app), cached as the record list's. */
export function useForms(moduleIds: readonly string[]) {
  return useQueries({
    queries: moduleIds.map((moduleId) => ({
      queryKey: recordKeys.form(moduleId),
      queryFn: () => fetchForm(moduleId),
      enabled: moduleId !== '',
      retry: false,
      ...quiet,
    })),
  });
}

export function useMyDashboards(enabled: boolean) {
  return useQuery({
    queryKey: biKeys.dashboards(),
    queryFn: fetchMyDashboards,
    enabled,
    staleTime: 0,
    ...quiet,
  });
}

/** Appends a card to a dashboard: reads the dashboard as it is now and saves it whole with the card. */
export function useAddCardToDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ dashboardId, card }: { dashboardId: string; card: Omit<CardInput, 'id' | 'y'> }) => {
      const dashboard = await fetchDashboard(dashboardId);
      return saveDashboard(withCard(dashboard, card));
    },
    onSuccess: (_response, { dashboardId }) => {
      void queryClient.invalidateQueries({ queryKey: ['dashboards'] });
      void queryClient.invalidateQueries({ queryKey: biKeys.dashboard(dashboardId) });
    },
    ...quiet,
  });
}

type CardInput = NonNullable<SaveDashboardBody['cards']>[number];

/** A card id no card of the dashboard has (letters, digits, - and _; at most 40). */
export function uniqueCardId(taken: readonly string[], seed = Date.now()): string {
  let n = seed;
  let id = `bi-${n.toString(36)}`;
  while (taken.includes(id)) {
    n += 1;
    id = `bi-${n.toString(36)}`;
  }
  return id;
}

/** The dashboard's save body with the card appended below every other card. */
export function withCard(dashboard: Dashboard, card: Omit<CardInput, 'id' | 'y'>): SaveDashboardBody {
  const bottom = dashboard.cards.reduce((most, each) => Math.max(most, each.y + each.h), 0);
  return {
    id: dashboard.id,
    name: dashboard.name,
    description: dashboard.description,
    sharing: dashboard.sharing,
    teamIds: dashboard.teamIds,
    roleIds: dashboard.roleIds,
    cards: [
      ...dashboard.cards,
      { ...card, id: uniqueCardId(dashboard.cards.map((each) => each.id)), y: bottom },
    ],
    filters: dashboard.filters,
    refreshSeconds: dashboard.refreshSeconds as SaveDashboardBody['refreshSeconds'],
  };
}
