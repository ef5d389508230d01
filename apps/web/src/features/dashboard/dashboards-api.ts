// Calls, query keys and hooks of the dashboards on /dashboard (issue 24 item 5): the list, one
// dashboard, the caller's default, one card's data with the current filter values, and the writes.
import {
  DASHBOARD_PATHS,
  REPORT_PATHS,
  dashboardCardPath,
  dashboardDeletePath,
  dashboardDetailPath,
  dashboardStatePath,
  type Dashboard,
  type DashboardCardResult,
  type DashboardFilterValues,
  type DashboardListItem,
  type DrillReportBody,
  type ReportDrill,
  type SaveDashboardBody,
} from '@formloop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error.ts';
import { http, request } from '../../shared/api/http.ts';
import { shouldRetry } from '../../shared/api/query-retry.ts';

export interface DashboardTable {
  data: DashboardListItem[];
  recordsTotal: number;
  recordsFiltered: number;
}

/** How many dashboards the picker lists (the data table's largest page). */
export const DASHBOARD_LIST_LENGTH = 100;

export const dashboardKeys = {
  all: ['dashboards'] as const,
  list: () => [...dashboardKeys.all, 'list'] as const,
  byDefault: () => [...dashboardKeys.all, 'default'] as const,
  detail: (id: string) => [...dashboardKeys.all, 'detail', id] as const,
  cards: (id: string) => [...dashboardKeys.all, 'card', id] as const,
  card: (id: string, cardId: string, values: DashboardFilterValues, version: string) =>
    [...dashboardKeys.cards(id), cardId, version, values] as const,
};

const quiet = { meta: { errorToast: false } } as const;
/** A missing dashboard, a refused card or a timeout does not change by asking again. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(isApiError(error) && [400, 403, 404, 503].includes(error.status)) && shouldRetry(failures, error);

// ---- calls ----

export const fetchDashboards = async () =>
  (
    await http.post<DashboardTable>(DASHBOARD_PATHS.datatables, {
      page: 1,
      length: DASHBOARD_LIST_LENGTH,
      scope: 'all',
    })
  ).data;
export const fetchDefaultDashboard = async () =>
  (await http.get<{ id: string | null }>(DASHBOARD_PATHS.byDefault)).data.id;
export const fetchDashboard = async (id: string) => (await http.get<Dashboard>(dashboardDetailPath(id))).data;
export const fetchCard = async (id: string, cardId: string, filterValues: DashboardFilterValues) =>
  (await http.post<DashboardCardResult>(dashboardCardPath(id, cardId), { filterValues })).data;
export const saveDashboard = (body: SaveDashboardBody) => http.post<Dashboard>(DASHBOARD_PATHS.save, body);
export const deleteDashboard = (id: string) => http.post<{ id: string }>(dashboardDeletePath(id));
export const saveDashboardState = (
  id: string,
  body: { filterValues?: DashboardFilterValues; isDefault?: boolean },
) => request<Dashboard>(dashboardStatePath(id), { method: 'PUT', json: body });
export const drillReport = async (body: DrillReportBody) =>
  (await http.post<ReportDrill>(REPORT_PATHS.drill, body)).data;

// ---- hooks ----

export function useDashboards() {
  return useQuery({ queryKey: dashboardKeys.list(), queryFn: fetchDashboards, staleTime: 0, ...quiet });
}

export function useDefaultDashboard(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKeys.byDefault(),
    queryFn: fetchDefaultDashboard,
    enabled,
    staleTime: 0,
    ...quiet,
  });
}

export function useDashboard(id: string) {
  return useQuery({
    queryKey: dashboardKeys.detail(id),
    queryFn: () => fetchDashboard(id),
    enabled: id !== '',
    staleTime: 0,
    retry: retryUnlessRefused,
    ...quiet,
  });
}

/**
 * One card's data with the filter values on screen; asked again every `refreshSeconds` (0: never).
 * `version` is the dashboard's modification time: a saved change runs the cards afresh.
 */
export function useDashboardCard(
  id: string,
  cardId: string,
  values: DashboardFilterValues,
  version: string,
  refreshSeconds: number,
) {
  return useQuery({
    queryKey: dashboardKeys.card(id, cardId, values, version),
    queryFn: () => fetchCard(id, cardId, values),
    staleTime: 0,
    refetchInterval: refreshSeconds > 0 ? refreshSeconds * 1000 : false,
    retry: retryUnlessRefused,
    ...quiet,
  });
}

export function useSaveDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDashboard,
    onSuccess: (response) => {
      queryClient.setQueryData(dashboardKeys.detail(response.data.id), response.data);
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.list() });
    },
  });
}

export function useDeleteDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDashboard,
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: dashboardKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.list() });
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.byDefault() });
    },
  });
}

/** The caller's filter values or default flag; the list follows a new default. */
export function useDashboardState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; filterValues?: DashboardFilterValues; isDefault?: boolean }) => {
      const { id, ...body } = input;
      return saveDashboardState(id, body);
    },
    onSuccess: (_response, input) => {
      if (input.isDefault !== undefined) {
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.list() });
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.byDefault() });
        queryClient.setQueryData<Dashboard>(dashboardKeys.detail(input.id), (old) =>
          old ? { ...old, isDefault: input.isDefault as boolean } : old,
        );
      }
    },
  });
}
