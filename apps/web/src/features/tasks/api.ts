// Calls, query keys and hooks of tasks (spec §7 /api/Task/*, task actions under /api/EntryModule/):
// the three lists, one task, the record at the task's activity, the reassign picker, the workflow
// history, and the actions with what they refresh.
import {
  TASK_ACTION_PATHS,
  TASK_PATHS,
  WORKFLOW_PATHS,
  recordPath,
  taskDetailPath,
  workflowHistoryPath,
  type ApproveBody,
  type GobackBody,
  type LookupAssigneeItem,
  type ReassignTasksBody,
  type ReassignmentBody,
  type RecordDetail,
  type TaskDataTable,
  type TaskDetail,
  type TaskTab,
  type WorkflowHistoryEntry,
} from '@formloop/contracts';
import type { PageSize } from '@formloop/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { retryUnlessFinal } from '../../shared/api/query-retry.ts';
import { http } from '../../shared/api/http.ts';
import { itemEditorKeys } from '../item-editor/index.ts';
import { recordKeys } from '../records/index.ts';
import { shellKeys } from '../shell/index.ts';

/** One list request; the tab picks the endpoint (team: dataTablesByTeamId without teamId). */
export interface TaskListBody {
  page: number;
  length: PageSize;
  search: string;
  moduleId?: string;
  orders: Array<{ column: string; dir: 'asc' | 'desc' }>;
}

export const taskKeys = {
  // Not ['tasks']: shellKeys.taskTotal lives there, and it is refreshed on purpose, not by accident.
  all: ['taskList'] as const,
  lists: () => [...taskKeys.all, 'list'] as const,
  list: (tab: TaskTab, body: TaskListBody) => [...taskKeys.lists(), tab, body] as const,
  detail: (taskId: string) => [...taskKeys.all, 'detail', taskId] as const,
  /** Under the item editor's key of the record, so refreshing the record refreshes this too. */
  recordAtTask: (recordId: string, taskId: string) =>
    [...itemEditorKeys.detail(recordId), 'task', taskId] as const,
  history: (recordId: string) => [...taskKeys.all, 'history', recordId] as const,
  assignees: (recordId: string, search: string) => [...taskKeys.all, 'assignees', recordId, search] as const,
};

// Pages show their own failures (LoadFailedAlert, not-found states): no generic toast.
const quiet = { meta: { errorToast: false } } as const;

// ---- calls ----

export async function fetchTaskTable(tab: TaskTab, body: TaskListBody): Promise<TaskDataTable> {
  const answer =
    tab === 'team'
      ? await http.post<TaskDataTable>(TASK_PATHS.byTeam, body)
      : await http.post<TaskDataTable>(TASK_PATHS.datatables, { ...body, tab });
  return answer.data;
}

export const fetchTaskDetail = async (taskId: string) =>
  (await http.get<TaskDetail>(taskDetailPath(taskId))).data;

/** The record as the task's activity shows it (hidden fields left out, editable for its assignee). */
export const fetchRecordAtTask = async (recordId: string, taskId: string) =>
  (await http.get<RecordDetail>(recordPath.detail(recordId), { query: { taskId } })).data;

export const fetchAssignees = async (recordId: string, search: string) =>
  (
    await http.get<LookupAssigneeItem[]>(WORKFLOW_PATHS.lookupAssigneeByRecord, {
      query: { recordId, search: search || undefined },
    })
  ).data ?? [];

export const fetchWorkflowHistory = async (moduleId: string, recordId: string) =>
  (await http.get<WorkflowHistoryEntry[]>(workflowHistoryPath(moduleId, recordId))).data ?? [];

// ---- queries ----

/** One page of a tab; the previous page stays on screen while the next one loads. */
export function useTaskTable(tab: TaskTab, body: TaskListBody) {
  return useQuery({
    queryKey: taskKeys.list(tab, body),
    queryFn: () => fetchTaskTable(tab, body),
    placeholderData: keepPreviousData,
    // Tasks come and go under other people's hands: a page seen before shows at once and is asked again.
    staleTime: 0,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

// The task editor always reads the task and its record afresh: an action elsewhere may have closed it.
const fresh = { staleTime: 0, refetchOnMount: 'always' } as const;

export function useTaskDetail(taskId: string) {
  return useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: () => fetchTaskDetail(taskId),
    retry: retryUnlessFinal,
    ...fresh,
    ...quiet,
  });
}

export function useRecordAtTask(recordId: string, taskId: string) {
  return useQuery({
    queryKey: taskKeys.recordAtTask(recordId, taskId),
    queryFn: () => fetchRecordAtTask(recordId, taskId),
    retry: retryUnlessFinal,
    ...fresh,
    ...quiet,
  });
}

export function useAssignees(recordId: string, search: string, enabled: boolean) {
  return useQuery({
    queryKey: taskKeys.assignees(recordId, search),
    queryFn: () => fetchAssignees(recordId, search),
    enabled: enabled && recordId !== '',
    placeholderData: keepPreviousData,
    retry: false,
    ...quiet,
  });
}

export function useWorkflowHistory(moduleId: string, recordId: string) {
  return useQuery({
    queryKey: taskKeys.history(recordId),
    queryFn: () => fetchWorkflowHistory(moduleId, recordId),
    staleTime: 0,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

// ---- actions ----

/** One call of the workflow API (spec §4 task actions). */
export type TaskCall =
  | { kind: 'approve'; body: ApproveBody }
  | { kind: 'goback'; body: GobackBody }
  | { kind: 'reassignment'; body: ReassignmentBody }
  | { kind: 'reassignTasks'; body: ReassignTasksBody }
  | { kind: 'withdraw'; body: { recordId: string; message?: string } }
  | { kind: 'restart'; body: { recordId: string; message?: string } };

const CALL_PATHS: Record<TaskCall['kind'], string> = {
  approve: TASK_ACTION_PATHS.approve,
  goback: TASK_ACTION_PATHS.goback,
  reassignment: TASK_ACTION_PATHS.reassignment,
  reassignTasks: TASK_ACTION_PATHS.reassignTasks,
  withdraw: TASK_ACTION_PATHS.withdraw,
  restart: TASK_ACTION_PATHS.restart,
};

/**
 * After an action: the task lists and the Home badge now (they are on screen or cheap), the records'
 * lists, detail and history when next shown (the editor that acted is about to leave or reload).
 */
export function refreshAfterTaskCall(queryClient: QueryClient, recordIds: readonly string[]) {
  void queryClient.invalidateQueries({ queryKey: taskKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: shellKeys.taskTotal() });
  const later = (queryKey: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  later(recordKeys.all);
  later([...taskKeys.all, 'detail']);
  for (const recordId of recordIds) {
    later(itemEditorKeys.detail(recordId));
    later(taskKeys.history(recordId));
  }
}

/** Sends one workflow call; `recordIds`: the records it touches (refreshed afterwards). */
export function useTaskCall(recordIds: readonly string[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (call: TaskCall) => http.post<unknown>(CALL_PATHS[call.kind], call.body),
    onSuccess: () => refreshAfterTaskCall(queryClient, recordIds),
  });
}
