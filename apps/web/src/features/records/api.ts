// Calls, query keys and hooks of the record list (/module/{moduleId}): the app's form, summary, the
// two server-side tables (records, the caller's drafts), the saved table view, user names, deletes
// (optimistic), export and CSV import.
import {
  APP_SETTINGS_PATHS,
  RECORD_IMPORT_PATHS,
  RECORDS_PATHS,
  importStatusPath,
  recordPath,
  type ImportStatus,
  type LookupUser,
  type RecordDataTable,
  type RecordDataTableRequest,
  type RecordForm,
  type RecordListConfig,
  type RecordSummary,
  USER_LOOKUP_MAX_LENGTH,
} from '@formloop/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shouldRetry } from '../../shared/api/query-retry.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import { http, request } from '../../shared/api/http.ts';
import { postForFile, saveFile } from '../../shared/api/file-request.ts';

export type TableKind = 'records' | 'drafts';

/** What a list's count depends on: the app, the search and the filters (not the page or the order). */
export type CountedQuery = Pick<RecordDataTableRequest, 'moduleId' | 'search' | 'filters'>;

/** Query keys. Invalidating recordKeys.all refreshes every list and summary (the item editor does after a save). */
export const recordKeys = {
  all: ['records'] as const,
  form: (moduleId: string) => [...recordKeys.all, 'form', moduleId] as const,
  summary: (moduleId: string) => [...recordKeys.all, 'summary', moduleId] as const,
  tables: (moduleId: string) => [...recordKeys.all, 'table', moduleId] as const,
  table: (moduleId: string, kind: TableKind, body: RecordDataTableRequest) =>
    [...recordKeys.tables(moduleId), kind, body] as const,
  /** Under tables(moduleId): what refreshes the lists counts an exact figure asked for again. */
  exactCount: (moduleId: string, kind: TableKind, query: CountedQuery) =>
    [...recordKeys.tables(moduleId), kind, 'exact', query] as const,
  /** Under summary(moduleId), refreshed with it. */
  exactSummary: (moduleId: string) => [...recordKeys.summary(moduleId), 'exact'] as const,
  config: (moduleId: string, tab: string) => [...recordKeys.all, 'config', moduleId, tab] as const,
  users: (ids: readonly string[]) => [...recordKeys.all, 'users', ids] as const,
  import: (importId: string) => [...recordKeys.all, 'import', importId] as const,
};

// The page shows its own failures (not-found state, LoadFailedAlert), so no generic toast.
const quiet = { meta: { errorToast: false } } as const;
/** Another try cannot turn a missing app or a refused filter into an answer. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(isApiError(error) && [400, 404].includes(error.status)) && shouldRetry(failures, error);

// ---- calls ----

export const fetchRecordForm = async (moduleId: string) =>
  (await http.get<RecordForm>(recordPath.form(moduleId))).data;

export const fetchRecordSummary = async (moduleId: string, exact = false) =>
  (
    await http.get<RecordSummary>(
      recordPath.summary(moduleId),
      exact ? { query: { exactCount: 'true' } } : undefined,
    )
  ).data;

export const fetchRecordTable = async (kind: TableKind, body: RecordDataTableRequest) =>
  (
    await http.post<RecordDataTable>(
      kind === 'drafts' ? RECORDS_PATHS.draftDatatables : RECORDS_PATHS.datatables,
      body,
    )
  ).data;

export const fetchListConfig = async (moduleId: string, tabConfig: string) =>
  (
    await http.get<{ scope: 'user' | 'all' | 'none'; data: RecordListConfig | null }>(
      RECORDS_PATHS.getUserConfig,
      { query: { moduleId, tabConfig } },
    )
  ).data;

/** Names behind user ids, in pages of at most 50 (UserLookup's limit). */
export async function fetchUserNames(ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let start = 0; start < ids.length; start += USER_LOOKUP_MAX_LENGTH) {
    const chunk = ids.slice(start, start + USER_LOOKUP_MAX_LENGTH);
    const { data } = await http.post<{ items: LookupUser[] }>(APP_SETTINGS_PATHS.userLookup, {
      ids: chunk,
      page: 1,
      length: USER_LOOKUP_MAX_LENGTH,
    });
    for (const user of data?.items ?? []) names.set(user.id, user.fullname || user.username);
  }
  return names;
}

// ---- queries ----

export function useRecordForm(moduleId: string) {
  return useQuery({
    queryKey: recordKeys.form(moduleId),
    queryFn: () => fetchRecordForm(moduleId),
    retry: retryUnlessRefused,
    ...quiet,
  });
}

export function useRecordSummary(moduleId: string) {
  return useQuery({
    queryKey: recordKeys.summary(moduleId),
    queryFn: () => fetchRecordSummary(moduleId),
    ...quiet,
  });
}

/** One page of a table; the previous page stays on screen while the next one loads. */
export function useRecordTable(moduleId: string, kind: TableKind, body: RecordDataTableRequest) {
  return useQuery({
    queryKey: recordKeys.table(moduleId, kind, body),
    queryFn: () => fetchRecordTable(kind, body),
    placeholderData: keepPreviousData,
    // Entries change under other people's hands: a page seen before shows at once and is asked again.
    staleTime: 0,
    retry: retryUnlessRefused,
    ...quiet,
  });
}

// Lists and summaries count exactly only up to the server's limit and answer the planner's
// estimate above it ("about N"). The user may ask for the exact figures: one request with
// exactCount, asked once (a focus or a remount does not count again; refreshing the lists does).

/** The exact counts of a list (its first page asked with exactCount, no data columns), when `enabled`. */
export function useExactCount(moduleId: string, kind: TableKind, query: CountedQuery, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.exactCount(moduleId, kind, query),
    queryFn: async () => {
      const answer = await fetchRecordTable(kind, { ...query, page: 1, columns: [], exactCount: true });
      const { recordsTotal, recordsFiltered, countIsEstimate } = answer;
      return { recordsTotal, recordsFiltered, countIsEstimate };
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/** The summary with every figure counted exactly (exactCount=true), when `enabled`. */
export function useExactSummary(moduleId: string, enabled: boolean) {
  return useQuery({
    queryKey: recordKeys.exactSummary(moduleId),
    queryFn: () => fetchRecordSummary(moduleId, true),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

/** The saved view; a failure means no saved view (the defaults apply), not a broken page. */
export function useListConfig(moduleId: string, tabConfig: string) {
  return useQuery({
    queryKey: recordKeys.config(moduleId, tabConfig),
    queryFn: () => fetchListConfig(moduleId, tabConfig),
    retry: false,
    ...quiet,
  });
}

export function useUserNames(ids: readonly string[]) {
  return useQuery({
    queryKey: recordKeys.users(ids),
    queryFn: () => fetchUserNames(ids),
    enabled: ids.length > 0,
    // Ids keep showing until (or if never) their names arrive.
    placeholderData: keepPreviousData,
    retry: false,
    ...quiet,
  });
}

// ---- writes ----

export function useSaveListConfig(moduleId: string, tabConfig: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: RecordListConfig) =>
      request<unknown>(RECORDS_PATHS.setUserConfig, { method: 'PUT', json: { moduleId, tabConfig, data } }),
    onSuccess: (_answer, data) =>
      queryClient.setQueryData(recordKeys.config(moduleId, tabConfig), { scope: 'user', data }),
  });
}

/** Saves the caller's view, then makes it everyone's (applyconfigalluser copies the saved one). */
export function useApplyConfigToAll(moduleId: string, tabConfig: string) {
  const save = useSaveListConfig(moduleId, tabConfig);
  return useMutation({
    mutationFn: async (data: RecordListConfig) => {
      await save.mutateAsync(data);
      return http.post<unknown>(RECORDS_PATHS.applyConfigAllUser, { moduleId, tabConfig });
    },
  });
}

/** Lists and summary after entries came or went. */
export function refreshRecords(queryClient: ReturnType<typeof useQueryClient>, moduleId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: recordKeys.tables(moduleId) }),
    queryClient.invalidateQueries({ queryKey: recordKeys.summary(moduleId) }),
  ]);
}

/**
 * deletebyId for one entry, deletebyIds for several. The rows leave the page on screen at once and
 * come back if the server refuses (spec §4); the caller shows 'Error deleting entry' then.
 */
export function useDeleteRecords(moduleId: string, kind: TableKind, body: RecordDataTableRequest) {
  const queryClient = useQueryClient();
  const key = recordKeys.table(moduleId, kind, body);
  return useMutation({
    mutationFn: (ids: string[]) =>
      ids.length === 1
        ? http.post<{ deleted: number }>(RECORDS_PATHS.deleteById, { id: ids[0] })
        : http.post<{ deleted: number }>(RECORDS_PATHS.deleteByIds, { ids }),
    onMutate: async (ids: string[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<RecordDataTable>(key);
      if (previous) {
        const gone = new Set(ids);
        const data = previous.data.filter((row) => !gone.has(row.id));
        const removed = previous.data.length - data.length;
        queryClient.setQueryData<RecordDataTable>(key, {
          ...previous,
          data,
          recordsTotal: Math.max(0, previous.recordsTotal - removed),
          recordsFiltered: Math.max(0, previous.recordsFiltered - removed),
        });
      }
      return { previous };
    },
    onError: (_error, _ids, snapshot) => {
      if (snapshot?.previous) queryClient.setQueryData(key, snapshot.previous);
    },
    onSuccess: () => refreshRecords(queryClient, moduleId),
  });
}

export type ExportFormat = 'csv' | 'xlsx';

export function useExportRecords() {
  return useMutation({
    mutationFn: async ({
      format,
      body,
      name,
    }: {
      format: ExportFormat;
      body: RecordDataTableRequest;
      name: string;
    }) => saveFile(await postForFile(RECORDS_PATHS.export, { ...body, format }, `${name}.${format}`)),
  });
}

/** POST import: the mapping first, then the file, so the server knows the mapping before the rows stream in. */
export function useStartImport(moduleId: string) {
  return useMutation({
    mutationFn: async ({ file, mapping }: { file: File; mapping: Record<string, string> }) => {
      const form = new FormData();
      form.append('mapping', JSON.stringify(mapping));
      form.append('file', file, file.name);
      const answer = await http.postForm<{ importId: string }>(RECORD_IMPORT_PATHS.start, form, {
        query: { moduleId },
      });
      return answer.data.importId;
    },
  });
}

/** The import's progress, asked every second until it has finished. */
export function useImportStatus(importId: string | null) {
  return useQuery({
    queryKey: recordKeys.import(importId ?? ''),
    queryFn: async () => (await http.get<ImportStatus>(importStatusPath(importId ?? ''))).data,
    enabled: importId !== null,
    refetchInterval: (query) =>
      query.state.status !== 'error' && (query.state.data?.status ?? 'running') === 'running' ? 1000 : false,
    retry: retryUnlessRefused,
    ...quiet,
  });
}
