import {
  MODULE_CATEGORY_PATHS,
  moduleCategoryDeletePath,
  type ModuleCategory,
  type SaveModuleCategoryBody,
} from '@formloop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../shared/api/http.ts';

/** Query keys of the app groups feature (the Create App dialog may read the same list). */
export const moduleCategoryKeys = {
  all: ['moduleCategories'] as const,
  list: () => [...moduleCategoryKeys.all, 'list'] as const,
};

// ---- calls ----

export const fetchModuleCategories = async () =>
  (await http.get<ModuleCategory[]>(MODULE_CATEGORY_PATHS.list)).data;

export const saveModuleCategory = (body: SaveModuleCategoryBody) =>
  http.post<ModuleCategory>(MODULE_CATEGORY_PATHS.save, body);

export const deleteModuleCategory = (id: string) => http.post<{ id: string }>(moduleCategoryDeletePath(id));

export const orderModuleCategories = (ids: string[]) =>
  request<ModuleCategory[]>(MODULE_CATEGORY_PATHS.order, { method: 'PUT', json: { ids } });

// ---- hooks ----

export function useModuleCategories() {
  return useQuery({
    queryKey: moduleCategoryKeys.list(),
    queryFn: fetchModuleCategories,
    staleTime: 0,
    // The page shows its own failure with a retry button.
    meta: { errorToast: false },
  });
}

export function useSaveModuleCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveModuleCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moduleCategoryKeys.list() }),
  });
}

type Snapshot = { previous: ModuleCategory[] | undefined };

/**
 * Writes the list the user expects at once and hands back what was there, so a failure can put it
 * back (spec §4: rows removed optimistically are restored when the server reports failure).
 */
function useOptimisticList() {
  const queryClient = useQueryClient();
  const key = moduleCategoryKeys.list();
  return {
    async apply(update: (list: ModuleCategory[]) => ModuleCategory[]): Promise<Snapshot> {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ModuleCategory[]>(key);
      if (previous) queryClient.setQueryData<ModuleCategory[]>(key, update(previous));
      return { previous };
    },
    restore(snapshot: Snapshot | undefined) {
      if (snapshot?.previous) queryClient.setQueryData(key, snapshot.previous);
    },
    set: (list: ModuleCategory[]) => queryClient.setQueryData(key, list),
    refresh: () => queryClient.invalidateQueries({ queryKey: key }),
  };
}

export function useDeleteModuleCategory() {
  const list = useOptimisticList();
  return useMutation({
    mutationFn: deleteModuleCategory,
    onMutate: (id: string) => list.apply((groups) => groups.filter((group) => group.id !== id)),
    onError: (_error, _id, snapshot) => list.restore(snapshot),
    onSuccess: () => list.refresh(),
  });
}

export function useOrderModuleCategories() {
  const list = useOptimisticList();
  return useMutation({
    mutationFn: orderModuleCategories,
    onMutate: (ids: string[]) =>
      list.apply((groups) => {
        const byId = new Map(groups.map((group) => [group.id, group]));
        const listed = ids.flatMap((id) => byId.get(id) ?? []);
        const rest = groups.filter((group) => !ids.includes(group.id));
        return [...listed, ...rest].map((group, index) => ({ ...group, order_index: index }));
      }),
    onError: (_error, _ids, snapshot) => list.restore(snapshot),
    onSuccess: (response) => list.set(response.data),
  });
}
