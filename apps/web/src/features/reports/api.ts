// Calls, query keys and hooks of the reports pages (/reports, /report-viewer, /report-designer):
// the reports table, one report, running a saved report or an unsaved definition, and the writes.
import {
  REPORT_PATHS,
  ROLE_PATHS,
  TEAM_PATHS,
  reportCopyPath,
  reportDeletePath,
  reportDetailPath,
  reportExportPath,
  reportFavouritePath,
  reportRunPath,
  type Report,
  type ReportDefinition,
  type ReportDataTableRequest,
  type DrillReportBody,
  type ExportReportBody,
  type ExportSavedReportBody,
  type ReportDrill,
  type ReportListItem,
  type ReportResult,
  type RunReportBody,
  type RoleSummary,
  type RunSavedReportBody,
  type SaveReportBody,
  type TeamLookupEntry,
  reportExportJobFilePath,
  reportExportJobPath,
  type ReportExportJob,
} from '@formloop/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error.ts';
import { http, request } from '../../shared/api/http.ts';
import { shouldRetry } from '../../shared/api/query-retry.ts';
import { getFile, postForFileOrAccepted } from '../../shared/api/file-request.ts';

export interface ReportTable {
  data: ReportListItem[];
  recordsTotal: number;
  recordsFiltered: number;
  categories: string[];
}

/** Query keys of the reports feature. */
export const reportKeys = {
  all: ['reports'] as const,
  tables: () => [...reportKeys.all, 'table'] as const,
  table: (body: ReportDataTableRequest) => [...reportKeys.tables(), body] as const,
  detail: (id: string) => [...reportKeys.all, 'detail', id] as const,
  runs: () => [...reportKeys.all, 'run'] as const,
  runSaved: (id: string, body: RunSavedReportBody) => [...reportKeys.runs(), 'saved', id, body] as const,
  preview: (body: RunReportBody) => [...reportKeys.runs(), 'preview', body] as const,
};

// The pages show their own failures (not-found state, alerts), so no generic toast.
const quiet = { meta: { errorToast: false } } as const;
/** Another try cannot turn a missing report, a refused definition or a timeout into an answer. */
const retryUnlessRefused = (failures: number, error: unknown) =>
  !(isApiError(error) && [400, 403, 404, 503].includes(error.status)) && shouldRetry(failures, error);

// ---- calls ----

export const fetchReportTable = async (body: ReportDataTableRequest) =>
  (await http.post<ReportTable>(REPORT_PATHS.datatables, body)).data;
export const fetchReport = async (id: string) => (await http.get<Report>(reportDetailPath(id))).data;
export const runSavedReport = async (id: string, body: RunSavedReportBody) =>
  (await http.post<ReportResult>(reportRunPath(id), body)).data;
export const runReport = async (body: RunReportBody) =>
  (await http.post<ReportResult>(REPORT_PATHS.run, body)).data;
/** A saved report's file as the viewer sees it (runtime filters, search, the viewer's language). */
export const exportSavedReport = (id: string, body: ExportSavedReportBody) =>
  postForFileOrAccepted<ReportExportJob>(reportExportPath(id), body, `report.${body.format}`);
/** An unsaved definition's file (the designer, Quick Report), or its background export when large. */
export const exportReport = (body: ExportReportBody) =>
  postForFileOrAccepted<ReportExportJob>(
    REPORT_PATHS.export,
    body,
    `${body.name || 'report'}.${body.format}`,
  );
/** A background export's progress. */
export const fetchExportJob = async (id: string) =>
  (await http.get<ReportExportJob>(reportExportJobPath(id))).data;
/** A finished background export's file. */
export const fetchExportJobFile = (id: string) => getFile(reportExportJobFilePath(id), 'export');
/** The record list filters that select one group of a run (drill to records). */
export const drillReport = async (body: DrillReportBody) =>
  (await http.post<ReportDrill>(REPORT_PATHS.drill, body)).data;
export const saveReport = (body: SaveReportBody) => http.post<Report>(REPORT_PATHS.save, body);
export const copyReport = (id: string) => http.post<Report>(reportCopyPath(id));
export const deleteReport = (id: string) => http.post<{ id: string }>(reportDeletePath(id));
export const favouriteReport = ({ id, isFavourite }: { id: string; isFavourite: boolean }) =>
  request<Report>(reportFavouritePath(id), { method: 'PUT', json: { isFavourite } });

// ---- hooks ----

/** One page of the reports table; the previous page stays on screen while the next one loads. */
export function useReportTable(body: ReportDataTableRequest) {
  return useQuery({
    queryKey: reportKeys.table(body),
    queryFn: () => fetchReportTable(body),
    placeholderData: keepPreviousData,
    staleTime: 0,
    ...quiet,
  });
}

export function useReport(id: string) {
  return useQuery({
    queryKey: reportKeys.detail(id),
    queryFn: () => fetchReport(id),
    enabled: id !== '',
    staleTime: 0,
    retry: retryUnlessRefused,
    ...quiet,
  });
}

/** A saved report run as the viewer: its page, runtime filters and search. */
export function useSavedReportRun(id: string, body: RunSavedReportBody, enabled = true) {
  return useQuery({
    queryKey: reportKeys.runSaved(id, body),
    queryFn: () => runSavedReport(id, body),
    enabled: enabled && id !== '',
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryUnlessRefused,
    ...quiet,
  });
}

/**
 * The designer's live preview: an unsaved definition's first page, answered together with the
 * definition it ran, so a previous answer kept on screen is drawn with its own groups and measures.
 */
export function useReportPreview(body: RunReportBody | null) {
  return useQuery({
    queryKey: reportKeys.preview(body ?? ({} as RunReportBody)),
    queryFn: async () => {
      const sent = body as RunReportBody & { definition: ReportDefinition };
      return { definition: sent.definition, result: await runReport(sent) };
    },
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: retryUnlessRefused,
    ...quiet,
  });
}

/** After a write: every table is fresh, and the changed report's detail is the server's answer. */
function useReportWriteDone() {
  const queryClient = useQueryClient();
  return (report?: Report) => {
    if (report) queryClient.setQueryData(reportKeys.detail(report.id), report);
    void queryClient.invalidateQueries({ queryKey: reportKeys.tables() });
  };
}

export function useSaveReport() {
  const done = useReportWriteDone();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReport,
    onSuccess: (response) => {
      done(response.data);
      void queryClient.invalidateQueries({ queryKey: reportKeys.runs() });
    },
  });
}

export function useCopyReport() {
  const done = useReportWriteDone();
  return useMutation({ mutationFn: copyReport, onSuccess: (response) => done(response.data) });
}

export function useDeleteReport() {
  const queryClient = useQueryClient();
  const done = useReportWriteDone();
  return useMutation({
    mutationFn: deleteReport,
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: reportKeys.detail(id) });
      done();
    },
  });
}

export function useFavouriteReport() {
  const done = useReportWriteDone();
  return useMutation({ mutationFn: favouriteReport, onSuccess: (response) => done(response.data) });
}

// ---- who a report may be shared with ----

export const fetchTeamOptions = async () => (await http.get<TeamLookupEntry[]>(TEAM_PATHS.lookup)).data ?? [];
export const fetchRoleOptions = async () => (await http.get<RoleSummary[]>(ROLE_PATHS.list)).data ?? [];

export function useTeamOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...reportKeys.all, 'teams'],
    queryFn: fetchTeamOptions,
    enabled,
    staleTime: 60_000,
    ...quiet,
  });
}

/** The roles list is the administrators'; others get a 403 and pick no roles. */
export function useRoleOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...reportKeys.all, 'roles'],
    queryFn: fetchRoleOptions,
    enabled,
    staleTime: 60_000,
    retry: false,
    ...quiet,
  });
}
