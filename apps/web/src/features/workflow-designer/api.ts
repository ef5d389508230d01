// Calls and query keys of the workflow designer: LookupAssignee, the approver picker's search over
// users, teams and roles, and the check which saved approvers still exist.
import { WORKFLOW_PATHS, type LookupAssigneeItem } from '@formloop/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../shared/api/http.ts';

export const workflowDesignerKeys = {
  all: ['workflowDesigner'] as const,
  search: (search: string) => [...workflowDesignerKeys.all, 'assignees', 'search', search] as const,
  byIds: (ids: readonly string[]) => [...workflowDesignerKeys.all, 'assignees', 'ids', ...ids] as const,
};

const items = (data: unknown): LookupAssigneeItem[] =>
  Array.isArray(data) ? (data as LookupAssigneeItem[]) : [];

/** LookupAssignee ?search=: matching active users, teams and roles (at most 50 of each). */
export function useAssigneeSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: workflowDesignerKeys.search(search),
    queryFn: async () =>
      items((await http.get<unknown>(WORKFLOW_PATHS.lookupAssignee, { query: { search } })).data),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    // A failing search leaves the picker without options; the saved approvers stay as they are.
    meta: { errorToast: false },
  });
}

/**
 * LookupAssignee ?ids=: which of these approver ids still exist and are active. `ids` must be sorted
 * and unique so every part of the designer asking about the same workflow shares one call.
 */
export function useAssigneesByIds(ids: readonly string[]) {
  return useQuery({
    queryKey: workflowDesignerKeys.byIds(ids),
    queryFn: async () =>
      items((await http.get<unknown>(WORKFLOW_PATHS.lookupAssignee, { query: { ids: ids.join(',') } })).data),
    enabled: ids.length > 0,
    staleTime: 60_000,
    // Without an answer nothing is claimed unavailable: a false alarm is worse than none.
    retry: false,
    meta: { errorToast: false },
  });
}
