import {
  USERS_PATHS,
  userPath,
  type ChangeLicenceBody,
  type CreateUserBody,
  type CreateUserResult,
  type ManagedUser,
  type ManagedUserDetail,
  type UpdateUserBody,
  type UserDataTable,
  type UserDataTableRequest,
  type UserLicence,
  type UserRolesResult,
} from '@formloop/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http, request } from '../../shared/api/http.ts';

/** Query keys of user management (the team and role pages may invalidate `all` after their changes). */
export const userKeys = {
  all: ['users'] as const,
  licences: () => [...userKeys.all, 'licences'] as const,
  tables: () => [...userKeys.all, 'table'] as const,
  table: (body: UserDataTableRequest) => [...userKeys.tables(), body] as const,
  detail: (id: string) => [...userKeys.all, 'detail', id] as const,
};

// ---- calls ----

export const fetchLicences = async () => (await http.get<UserLicence[]>(USERS_PATHS.licences)).data;

export const fetchUserTable = async (body: UserDataTableRequest) =>
  (await http.post<UserDataTable>(USERS_PATHS.datatables, body)).data;

export const fetchUserDetail = async (id: string) =>
  (await http.get<ManagedUserDetail>(userPath('detail', id))).data;

export const createUser = (body: CreateUserBody) => http.post<CreateUserResult>(USERS_PATHS.create, body);

export const updateUser = ({ id, ...body }: UpdateUserBody & { id: string }) =>
  http.post<ManagedUser>(userPath('update', id), body);

export type UserAction = 'deactivate' | 'activate' | 'resetPassword' | 'resetTwoFactor';

export const runUserAction = ({ id, action }: { id: string; action: UserAction }) =>
  http.post<ManagedUser | null>(userPath(action, id));

export const changeLicence = ({ id, ...body }: ChangeLicenceBody & { id: string }) =>
  http.post<ManagedUser>(userPath('licence', id), body);

/** PUT /api/sys/users/{id}/roles: the user's complete new set of roles. */
export const setUserRoles = ({ id, roleIds }: { id: string; roleIds: string[] }) =>
  request<UserRolesResult>(userPath('roles', id), { method: 'PUT', json: { role_ids: roleIds } });

// ---- hooks ----

// The pages show their own failures with a retry button, so the queries raise no toast.
const quiet = { meta: { errorToast: false } };

export function useLicences() {
  return useQuery({ queryKey: userKeys.licences(), queryFn: fetchLicences, staleTime: 0, ...quiet });
}

/** One page of users; the previous page stays on screen while the next one loads. */
export function useUserTable(body: UserDataTableRequest, enabled = true) {
  return useQuery({
    queryKey: userKeys.table(body),
    queryFn: () => fetchUserTable(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
    enabled,
    ...quiet,
  });
}

export function useUserDetail(id: string | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: () => fetchUserDetail(id ?? ''),
    enabled: id !== null && id !== '',
    staleTime: 0,
    // A 404 is an answer ("no such user"), not something to try three more times.
    retry: false,
    ...quiet,
  });
}

/** Every change to a user may move seats, list rows and the detail: refresh them all. */
function useUserMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export const useCreateUser = () => useUserMutation(createUser);
export const useUpdateUser = () => useUserMutation(updateUser);
export const useUserAction = () => useUserMutation(runUserAction);
export const useChangeLicence = () => useUserMutation(changeLicence);
export const useSetUserRoles = () => useUserMutation(setUserRoles);
