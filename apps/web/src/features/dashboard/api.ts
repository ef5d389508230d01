import {
  QUICK_LAUNCH_PATHS,
  type QuickLaunchAppsPage,
  type QuickLaunchAppsRequest,
  type QuickLaunchTile,
} from '@formloop/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../shared/api/http.ts';

/** Query keys of the Dashboards & Reports home (quick launch for now). */
export const quickLaunchKeys = {
  all: ['quick-launch'] as const,
  tiles: () => [...quickLaunchKeys.all, 'tiles'] as const,
  apps: (body: QuickLaunchAppsRequest) => [...quickLaunchKeys.all, 'apps', body] as const,
};

// ---- calls ----

export const fetchQuickLaunch = async () => (await http.get<QuickLaunchTile[]>(QUICK_LAUNCH_PATHS.get)).data;

export const setQuickLaunch = (moduleIds: readonly string[]) =>
  request<QuickLaunchTile[]>(QUICK_LAUNCH_PATHS.set, { method: 'PUT', json: { moduleIds } });

export const sortQuickLaunch = (ids: readonly string[]) =>
  request<QuickLaunchTile[]>(QUICK_LAUNCH_PATHS.sortUpdate, {
    method: 'PATCH',
    json: { kind: 'quicklaunch', ids },
  });

export const fetchQuickLaunchApps = async (body: QuickLaunchAppsRequest) =>
  (await http.post<QuickLaunchAppsPage>(QUICK_LAUNCH_PATHS.datatables, body)).data;

// ---- hooks ----

/** The user's tiles; asked again on every visit (an app created or offered elsewhere shows up). */
export function useQuickLaunchTiles() {
  return useQuery({
    queryKey: quickLaunchKeys.tiles(),
    queryFn: fetchQuickLaunch,
    staleTime: 0,
    // The section shows its own failure with a retry button.
    meta: { errorToast: false },
  });
}

/** A page of the apps the user may add; the previous page stays on screen while the next one loads. */
export function useQuickLaunchApps(body: QuickLaunchAppsRequest, enabled: boolean) {
  return useQuery({
    queryKey: quickLaunchKeys.apps(body),
    queryFn: () => fetchQuickLaunchApps(body),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorToast: false },
  });
}

/**
 * Changes the tiles: `set` replaces the list (add, remove), `sort` reorders it. Both show the new
 * list at once and put the old one back if the server refuses (spec §4: optimistic, restored on
 * failure); the server's answer is the list that stays.
 */
export function useChangeQuickLaunch() {
  const queryClient = useQueryClient();
  const key = quickLaunchKeys.tiles();
  const optimistic = async (next: QuickLaunchTile[]) => {
    await queryClient.cancelQueries({ queryKey: key });
    const previous = queryClient.getQueryData<QuickLaunchTile[]>(key);
    queryClient.setQueryData<QuickLaunchTile[]>(
      key,
      next.map((tile, index) => ({ ...tile, order_index: index })),
    );
    return { previous };
  };
  const settle = {
    onError: (
      _error: unknown,
      _next: QuickLaunchTile[],
      context: { previous?: QuickLaunchTile[] } | undefined,
    ) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (answer: { data: QuickLaunchTile[] }) => {
      queryClient.setQueryData(key, answer.data);
      // The dialog's "already added" marks follow the tiles.
      void queryClient.invalidateQueries({ queryKey: [...quickLaunchKeys.all, 'apps'] });
    },
  };
  const set = useMutation({
    mutationFn: (next: QuickLaunchTile[]) => setQuickLaunch(next.map((tile) => tile.id)),
    onMutate: optimistic,
    ...settle,
  });
  const sort = useMutation({
    mutationFn: (next: QuickLaunchTile[]) => sortQuickLaunch(next.map((tile) => tile.id)),
    onMutate: optimistic,
    ...settle,
  });
  return { set, sort };
}
