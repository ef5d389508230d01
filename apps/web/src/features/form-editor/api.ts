// Calls, query keys and hooks of the form editor: GetForm, SaveForm, publish, and the lookup
// settings' ModuleLookup / ColumnLookup.
import {
  APPS_PATHS,
  type AppDetail,
  type ColumnLookupEntry,
  type FormIssue,
  type ModuleLookupEntry,
  type SaveFormBody,
} from '@formloop/contracts';
import type { ModuleDefinition } from '@formloop/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error.ts';
import { http } from '../../shared/api/http.ts';
import { appsKeys, refreshApps } from '../applications/index.ts';

export const formEditorKeys = {
  all: ['formEditor'] as const,
  moduleLookup: () => [...formEditorKeys.all, 'moduleLookup'] as const,
  columns: (moduleId: string) => [...formEditorKeys.all, 'columns', moduleId] as const,
};

const list = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

export const fetchAppDetail = async (id: string) =>
  (await http.get<AppDetail>(APPS_PATHS.getForm, { query: { id } })).data;

/** GetForm. A missing or foreign app (404) or a refused one (403) will not change by asking again. */
export function useAppDetail(id: string) {
  return useQuery({
    queryKey: appsKeys.detail(id),
    queryFn: () => fetchAppDetail(id),
    retry: (failures, error) => !(isApiError(error) && [403, 404].includes(error.status)) && failures < 3,
    meta: { errorToast: false },
  });
}

export interface SaveResult {
  id: string;
  modified_on: string;
}

/** SaveForm; the cached app then holds the saved draft and workflow, and the app lists refresh (modified date). */
export function useSaveForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveFormBody) => http.post<SaveResult>(APPS_PATHS.saveForm, body),
    onSuccess: (response, body) => {
      queryClient.setQueryData<AppDetail>(appsKeys.detail(body.id), (app) =>
        app
          ? {
              ...app,
              modified_on: response.data.modified_on,
              module_draft: {
                fieldGroups: body.data.fieldGroups,
                permission: JSON.parse(body.permission ?? '[]') as ModuleDefinition['permission'],
                defaultConfig: body.defaultConfig ?? {},
              },
              workflow_draft: body.workflow === undefined ? app.workflow_draft : body.workflow,
            }
          : app,
      );
      void queryClient.invalidateQueries({
        queryKey: appsKeys.all,
        predicate: (query) => !isDetail(query.queryKey),
      });
    },
  });
}

const isDetail = (key: readonly unknown[]) => key[1] === 'detail';

/** publish: the app shows as Published with its new version everywhere. */
export function usePublish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.post<{ id: string; module_version: number }>(APPS_PATHS.publish, { id }),
    onSuccess: (response, id) => {
      queryClient.setQueryData<AppDetail>(appsKeys.detail(id), (app) =>
        app
          ? {
              ...app,
              status: 'Published',
              module_version: response.data.module_version,
              module_published: app.module_draft,
              workflow_published: app.workflow_draft,
            }
          : app,
      );
      // The detail refetches too: the versions list gains the new version.
      void refreshApps(queryClient);
    },
  });
}

/** The issues of a SaveForm/publish 400 (data.issues), or [] for any other failure. */
export function issuesOf(error: unknown): FormIssue[] {
  if (!isApiError(error) || error.status !== 400) return [];
  const issues = (error.data as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) ? (issues as FormIssue[]) : [];
}

/** ModuleLookup: the apps a lookup field can read. */
export function useModuleLookup(enabled: boolean) {
  return useQuery({
    queryKey: formEditorKeys.moduleLookup(),
    queryFn: async () => list<ModuleLookupEntry>((await http.get(APPS_PATHS.moduleLookup)).data),
    enabled,
    staleTime: 60_000,
  });
}

/** ColumnLookup: the fields of the looked-up app. */
export function useColumnLookup(moduleId: string) {
  return useQuery({
    queryKey: formEditorKeys.columns(moduleId),
    queryFn: async () =>
      list<ColumnLookupEntry>((await http.get(APPS_PATHS.columnLookup, { query: { moduleId } })).data),
    enabled: moduleId !== '',
    staleTime: 60_000,
  });
}
