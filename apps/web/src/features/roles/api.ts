import {
  ROLE_PATHS,
  roleDeletePath,
  roleMatrixPath,
  rolePath,
  type CatalogueRow,
  type Grant,
  type RoleDetail,
  type RoleSummary,
  type SaveRoleBody,
} from '@formloop/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../shared/api/http.ts';

/** Query keys of the roles feature (the user page may read the role list too). */
export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  catalogue: () => [...roleKeys.all, 'catalogue'] as const,
  detail: (id: string) => [...roleKeys.all, 'detail', id] as const,
};

// ---- calls ----

export const fetchRoles = async () => (await http.get<RoleSummary[]>(ROLE_PATHS.list)).data;
export const fetchCatalogue = async () => (await http.get<CatalogueRow[]>(ROLE_PATHS.catalogue)).data;
export const fetchRole = async (id: string) => (await http.get<RoleDetail>(rolePath(id))).data;

export const saveRole = (body: SaveRoleBody) => http.post<RoleSummary>(ROLE_PATHS.save, body);
export const deleteRole = (id: string) => http.post<{ id: string }>(roleDeletePath(id));
export const saveMatrix = ({ id, grants }: { id: string; grants: Grant[] }) =>
  request<RoleDetail>(roleMatrixPath(id), { method: 'PUT', json: { grants } });

// ---- hooks ----

// Fresh on every visit: another administrator may have changed roles or menus meanwhile. The page
// shows its own failures with a retry button, so no error toast.
const fresh = { staleTime: 0, meta: { errorToast: false } } as const;

export const useRoles = () => useQuery({ queryKey: roleKeys.list(), queryFn: fetchRoles, ...fresh });

export const useCatalogue = () =>
  useQuery({ queryKey: roleKeys.catalogue(), queryFn: fetchCatalogue, ...fresh });

export const useRole = (id: string) =>
  useQuery({ queryKey: roleKeys.detail(id), queryFn: () => fetchRole(id), ...fresh });

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRole,
    onSuccess: (response) => {
      // In the list at once, so a new role can be selected before the list is fetched again.
      const saved = response.data;
      queryClient.setQueryData<RoleSummary[]>(roleKeys.list(), (roles) =>
        roles
          ? [...roles.filter((role) => role.id !== saved.id), saved].sort((a, b) =>
              a.role_name.localeCompare(b.role_name, undefined, { sensitivity: 'base' }),
            )
          : roles,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: roleKeys.list() }),
        queryClient.invalidateQueries({ queryKey: roleKeys.detail(saved.id) }),
      ]);
    },
  });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: roleKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: roleKeys.list() });
    },
  });
}

export function useSaveMatrix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMatrix,
    onSuccess: (response) => {
      // The answer is the role as GET shows it: the matrix is clean again without another call.
      queryClient.setQueryData(roleKeys.detail(response.data.id), response.data);
      return queryClient.invalidateQueries({ queryKey: roleKeys.list() });
    },
  });
}
