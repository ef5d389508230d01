// Calls, query keys and hooks of the process engine pages (system administrators only): definitions,
// instances, one instance, retry, the dashboard's numbers and the e-mail send log.
import {
  PROCESS_ENGINE_PATHS,
  processInstancePath,
  processInstanceRetryPath,
  type EmailLog,
  type EmailLogRequest,
  type InstanceList,
  type InstanceListRequest,
  type InstanceRetryResult,
  type ProcessDashboard,
  type ProcessDefinition,
  type ProcessInstanceDetail,
} from '@formloop/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { retryUnlessFinal } from '../../shared/api/query-retry.ts';
import { http } from '../../shared/api/http.ts';

export const processEngineKeys = {
  all: ['processEngine'] as const,
  definitions: () => [...processEngineKeys.all, 'definitions'] as const,
  instances: (request: InstanceListRequest) => [...processEngineKeys.all, 'instances', request] as const,
  instance: (id: string) => [...processEngineKeys.all, 'instance', id] as const,
  dashboard: (days: number) => [...processEngineKeys.all, 'dashboard', days] as const,
  emailLog: (request: EmailLogRequest) => [...processEngineKeys.all, 'emailLog', request] as const,
};

// The pages show their own failures (an alert with Try again): no generic toast as well.
const quiet = { meta: { errorToast: false } } as const;

export const fetchDefinitions = async () =>
  (await http.get<ProcessDefinition[]>(PROCESS_ENGINE_PATHS.definitions)).data;
export const fetchInstances = async (request: InstanceListRequest) =>
  (await http.post<InstanceList>(PROCESS_ENGINE_PATHS.instances, request)).data;
export const fetchInstance = async (id: string) =>
  (await http.get<ProcessInstanceDetail>(processInstancePath(id))).data;
export const fetchDashboard = async (days: number) =>
  (await http.get<ProcessDashboard>(PROCESS_ENGINE_PATHS.dashboard, { query: { days } })).data;
export const fetchEmailLog = async (request: EmailLogRequest) =>
  (await http.post<EmailLog>(PROCESS_ENGINE_PATHS.emailLog, request)).data;

export function useDefinitions() {
  return useQuery({
    queryKey: processEngineKeys.definitions(),
    queryFn: fetchDefinitions,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

/** One page of instances; the previous page stays on screen while the next one loads. */
export function useInstances(request: InstanceListRequest) {
  return useQuery({
    queryKey: processEngineKeys.instances(request),
    queryFn: () => fetchInstances(request),
    placeholderData: keepPreviousData,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

/** One instance; nothing is fetched until one is opened. */
export function useInstance(id: string | null) {
  return useQuery({
    queryKey: processEngineKeys.instance(id ?? ''),
    queryFn: () => fetchInstance(id ?? ''),
    enabled: id !== null,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

export function useProcessDashboard(days: number) {
  return useQuery({
    queryKey: processEngineKeys.dashboard(days),
    queryFn: () => fetchDashboard(days),
    retry: retryUnlessFinal,
    ...quiet,
  });
}

export function useEmailLog(request: EmailLogRequest) {
  return useQuery({
    queryKey: processEngineKeys.emailLog(request),
    queryFn: () => fetchEmailLog(request),
    placeholderData: keepPreviousData,
    retry: retryUnlessFinal,
    ...quiet,
  });
}

/**
 * Retries a faulted instance. Whatever the answer, every process engine view is read again: counts,
 * lists and the instance moved (or someone else retried it first and the 409 says so).
 */
export function useRetryInstance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const answer = await http.post<InstanceRetryResult>(processInstanceRetryPath(id), {});
      return { result: answer.data, message: answer.message };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: processEngineKeys.all }),
  });
}
