import {
  TEAM_PATHS,
  teamDeletePath,
  teamDetailPath,
  teamMembersPath,
  type SaveTeamBody,
  type TeamDataTable,
  type TeamDataTableRequest,
  type TeamDetail,
  type TeamUserPage,
} from '@formloop/contracts';
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { shouldRetry } from '../../shared/api/query-retry.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import { http, request } from '../../shared/api/http.ts';

/** Query keys of the teams feature (workflow assignment may read the lookup later). */
export const teamKeys = {
  all: ['teams'] as const,
  table: (body: TeamDataTableRequest) => [...teamKeys.all, 'table', body] as const,
  detail: (id: string) => [...teamKeys.all, 'detail', id] as const,
  users: (search: string) => [...teamKeys.all, 'users', search] as const,
  lookup: () => [...teamKeys.all, 'lookup'] as const,
};

// ---- calls ----

export const fetchTeamTable = async (body: TeamDataTableRequest) =>
  (await http.post<TeamDataTable>(TEAM_PATHS.datatables, body)).data;

export const fetchTeam = async (id: string) => (await http.get<TeamDetail>(teamDetailPath(id))).data;

export const saveTeam = (body: SaveTeamBody) => http.post<TeamDetail>(TEAM_PATHS.save, body);

export const deleteTeam = (id: string) => http.post<{ id: string }>(teamDeletePath(id));

export const setTeamMembers = ({ id, userIds }: { id: string; userIds: string[] }) =>
  request<TeamDetail>(teamMembersPath(id), { method: 'PUT', json: { user_ids: userIds } });

export const fetchTeamUsers = async (search: string, page: number) =>
  (await http.get<TeamUserPage>(TEAM_PATHS.users, { query: { search: search || undefined, page } })).data;

// ---- hooks ----

/** One page of the teams table; the previous page stays on screen while the next one loads. */
export function useTeamTable(body: TeamDataTableRequest) {
  return useQuery({
    queryKey: teamKeys.table(body),
    queryFn: () => fetchTeamTable(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // The page shows its own failure with a retry button.
    meta: { errorToast: false },
  });
}

export function useTeam(id: string | null) {
  return useQuery({
    queryKey: teamKeys.detail(id ?? ''),
    queryFn: () => fetchTeam(id ?? ''),
    enabled: id !== null,
    staleTime: 0,
    // An unknown team stays unknown: show the not-found state at once instead of asking three more times.
    retry: (failureCount, error) =>
      !(isApiError(error) && error.status === 404) && shouldRetry(failureCount, error),
    meta: { errorToast: false },
  });
}

/** Active users matching `search`, 20 a page, more pages as the picker scrolls. */
export function useTeamUsers(search: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: teamKeys.users(search),
    queryFn: ({ pageParam }) => fetchTeamUsers(search, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
    staleTime: 30_000,
  });
}

/** After any write: the table, the lookup and this team's detail (set from the answer) are fresh. */
function useTeamWriteDone() {
  const queryClient = useQueryClient();
  return (detail?: TeamDetail) => {
    if (detail) queryClient.setQueryData(teamKeys.detail(detail.id), detail);
    void queryClient.invalidateQueries({ queryKey: [...teamKeys.all, 'table'] });
    void queryClient.invalidateQueries({ queryKey: teamKeys.lookup() });
  };
}

export function useSaveTeam() {
  const done = useTeamWriteDone();
  return useMutation({ mutationFn: saveTeam, onSuccess: (response) => done(response.data) });
}

export function useDeleteTeam() {
  const queryClient = useQueryClient();
  const done = useTeamWriteDone();
  return useMutation({
    mutationFn: deleteTeam,
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: teamKeys.detail(id) });
      done();
    },
  });
}

export function useSetTeamMembers() {
  const done = useTeamWriteDone();
  return useMutation({ mutationFn: setTeamMembers, onSuccess: (response) => done(response.data) });
}
