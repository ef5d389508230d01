// Calls, query keys and hooks of the task scheduler (spec §7 /api/TaskScheduler/*): an app's
// schedules, one schedule, its activity log, the cron preview, and save / pause-resume / delete.
import {
  APPS_PATHS,
  TASK_SCHEDULER_PATHS,
  type DataEntryApp,
  taskSchedulerPath,
  type SaveScheduleBody,
  type ScheduleActionBody,
  type ScheduleActivities,
  type ScheduleDataTable,
  type ScheduleDataTableRequest,
  type ScheduleDetail,
  type SchedulePreview,
} from '@formloop/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryUnlessFinal } from '../../shared/api/query-retry.ts';
import { http } from '../../shared/api/http.ts';

export const scheduleKeys = {
  all: ['schedules'] as const,
  lists: (moduleId: string) => [...scheduleKeys.all, 'list', moduleId] as const,
  list: (body: ScheduleDataTableRequest) => [...scheduleKeys.lists(body.module_id), body] as const,
  detail: (id: string) => [...scheduleKeys.all, 'detail', id] as const,
  activities: (id: string, page: number, length: number) =>
    [...scheduleKeys.all, 'activities', id, page, length] as const,
  preview: (cron: string, timeZone: string) => [...scheduleKeys.all, 'preview', cron, timeZone] as const,
  /** dataentrylookup: the apps the caller may create entries in, so schedules can be made for them. */
  apps: () => [...scheduleKeys.all, 'dataEntryApps'] as const,
};

// The pages show their own failures (alerts, not-found states, field messages): no generic toast.
const quiet = { meta: { errorToast: false } } as const;

// ---- calls ----

export const fetchScheduleTable = async (body: ScheduleDataTableRequest) =>
  (await http.post<ScheduleDataTable>(TASK_SCHEDULER_PATHS.datatables, body)).data;

export const fetchScheduleDetail = async (id: string) =>
  (await http.get<ScheduleDetail>(taskSchedulerPath.detail(id))).data;

export const fetchScheduleActivities = async (id: string, page: number, length: number) =>
  (await http.get<ScheduleActivities>(taskSchedulerPath.activities(id), { query: { page, length } })).data;

export const fetchSchedulePreview = async (cron: string, timeZone: string) =>
  (await http.post<SchedulePreview>(TASK_SCHEDULER_PATHS.preview, { cron, time_zone: timeZone })).data;

export const fetchDataEntryApps = async () =>
  (await http.get<DataEntryApp[]>(APPS_PATHS.dataEntryLookup)).data;

// ---- queries ----

/** The apps a schedule may create entries in (spec §7 dataentrylookup): builders all, others by create grant. */
export function useDataEntryApps() {
  return useQuery({
    queryKey: scheduleKeys.apps(),
    queryFn: fetchDataEntryApps,
    staleTime: 60_000,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

/** One page of the app's schedules; the previous page stays on screen while the next one loads. */
export function useScheduleTable(body: ScheduleDataTableRequest) {
  return useQuery({
    queryKey: scheduleKeys.list(body),
    queryFn: () => fetchScheduleTable(body),
    placeholderData: keepPreviousData,
    // Runs move next/last run on their own: a page seen before is asked again.
    staleTime: 0,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

export function useScheduleDetail(id: string) {
  return useQuery({
    queryKey: scheduleKeys.detail(id),
    queryFn: () => fetchScheduleDetail(id),
    staleTime: 0,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

export function useScheduleActivities(id: string, page: number, length: number) {
  return useQuery({
    queryKey: scheduleKeys.activities(id, page, length),
    queryFn: () => fetchScheduleActivities(id, page, length),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

/** The next runs of an expression in a zone; off while the expression is not worth asking about. */
export function useSchedulePreview(cron: string, timeZone: string, enabled: boolean) {
  return useQuery({
    queryKey: scheduleKeys.preview(cron, timeZone),
    queryFn: () => fetchSchedulePreview(cron, timeZone),
    enabled,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

// ---- commands ----

/** Save (create or change); every schedule list and the saved one are asked again. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveScheduleBody) => http.post<ScheduleDetail>(TASK_SCHEDULER_PATHS.save, body),
    onSuccess: (response) => {
      queryClient.setQueryData(scheduleKeys.detail(response.data.schedule_id), response.data);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}

/** Pause or resume (spec §7 action: schedule_id, status). */
export function useScheduleAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleActionBody) => http.post<ScheduleDetail>(TASK_SCHEDULER_PATHS.action, body),
    onSuccess: (response) => {
      queryClient.setQueryData(scheduleKeys.detail(response.data.schedule_id), response.data);
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: string) =>
      http.post<{ deleted: number }>(TASK_SCHEDULER_PATHS.delete, { schedule_id: scheduleId }),
    onSuccess: (_response, scheduleId) => {
      queryClient.removeQueries({ queryKey: scheduleKeys.detail(scheduleId) });
      void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}
