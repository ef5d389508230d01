import {
  MENU_PATHS,
  menuDeletePath,
  type MenuItem,
  type MenuPlacement,
  type MenuTreeNode,
  type SaveMenuBody,
} from '@formloop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../shared/api/http.ts';
import { APP_MENU_QUERY_KEY } from '../shell/index.ts';
import { removeNode } from './tree-model.ts';

/** Query keys of the menu settings page (the live sidebar list has its own: APP_MENU_QUERY_KEY). */
export const menuKeys = {
  all: ['menus'] as const,
  tree: () => [...menuKeys.all, 'tree'] as const,
};

// ---- calls ----

export const fetchMenuTree = async () => (await http.get<MenuTreeNode[]>(MENU_PATHS.tree)).data;

export const saveMenu = (body: SaveMenuBody) => http.post<MenuItem>(MENU_PATHS.save, body);

export const deleteMenu = (id: string) => http.post<{ id: string; deleted: string[] }>(menuDeletePath(id));

export const orderMenus = (items: MenuPlacement[]) =>
  request<MenuTreeNode[]>(MENU_PATHS.order, { method: 'PUT', json: { items } });

// ---- hooks ----

export function useMenuTree() {
  return useQuery({
    queryKey: menuKeys.tree(),
    queryFn: fetchMenuTree,
    staleTime: 0,
    // The page shows its own failure with a retry button.
    meta: { errorToast: false },
  });
}

/** After any change the tree reloads (unless the answer already is the tree), and so does the sidebar list. */
function useRefresh() {
  const queryClient = useQueryClient();
  return ({ tree = true }: { tree?: boolean } = {}) =>
    Promise.all([
      tree ? queryClient.invalidateQueries({ queryKey: menuKeys.tree() }) : null,
      queryClient.invalidateQueries({ queryKey: APP_MENU_QUERY_KEY }),
    ]);
}

export function useSaveMenu() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: saveMenu, onSuccess: () => refresh() });
}

type Snapshot = { previous: MenuTreeNode[] | undefined };

/**
 * Writes the tree the user expects at once and hands back what was there, so a failure can put it
 * back (spec §4: what is changed optimistically is restored when the server reports failure).
 */
function useOptimisticTree() {
  const queryClient = useQueryClient();
  const key = menuKeys.tree();
  return {
    async apply(update: (tree: MenuTreeNode[]) => MenuTreeNode[]): Promise<Snapshot> {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<MenuTreeNode[]>(key);
      if (previous) queryClient.setQueryData<MenuTreeNode[]>(key, update(previous));
      return { previous };
    },
    restore(snapshot: Snapshot | undefined) {
      if (snapshot?.previous) queryClient.setQueryData(key, snapshot.previous);
    },
    set: (tree: MenuTreeNode[]) => queryClient.setQueryData(key, tree),
  };
}

export function useDeleteMenu() {
  const tree = useOptimisticTree();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: deleteMenu,
    onMutate: (id: string) => tree.apply((nodes) => removeNode(nodes, id)),
    onError: (_error, _id, snapshot) => tree.restore(snapshot),
    onSuccess: () => refresh(),
  });
}

/** Saves a whole arrangement; `arranged` is the tree the user built, shown as saved while the call runs. */
export function useOrderMenus() {
  const tree = useOptimisticTree();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ items }: { items: MenuPlacement[]; arranged: MenuTreeNode[] }) => orderMenus(items),
    onMutate: ({ arranged }) => tree.apply(() => arranged),
    onError: (_error, _vars, snapshot) => tree.restore(snapshot),
    onSuccess: (response) => {
      tree.set(response.data);
      return refresh({ tree: false });
    },
  });
}
