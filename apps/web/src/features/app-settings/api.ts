import {
  APP_SETTINGS_PATHS,
  RECORDS_PATHS,
  type CreateRecordTemplateBody,
  type IndexProgress,
  type EmailTemplate,
  type EmailTemplateFields,
  type LookupUser,
  type ModuleConfig,
  type RecordTemplate,
  type UpdateEmailTemplateBody,
  type UserLookupBody,
} from '@formloop/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../shared/api/http.ts';

/** Query keys of the app settings feature, per app. */
export const appSettingsKeys = {
  all: ['appSettings'] as const,
  emailTemplates: (moduleId: string) => [...appSettingsKeys.all, 'emailTemplates', moduleId] as const,
  config: (moduleId: string) => [...appSettingsKeys.all, 'config', moduleId] as const,
  recordTemplates: (moduleId: string) => [...appSettingsKeys.all, 'recordTemplates', moduleId] as const,
  users: (body: UserLookupBody) => [...appSettingsKeys.all, 'users', body] as const,
  indexProgress: (moduleId: string, version: number) =>
    [...appSettingsKeys.all, 'indexProgress', moduleId, version] as const,
};

// ---- calls ----

export const fetchEmailTemplateFields = async (moduleId: string) =>
  (await http.get<EmailTemplateFields>(APP_SETTINGS_PATHS.emailTemplateFields, { query: { moduleId } })).data;

export const updateEmailTemplate = (body: UpdateEmailTemplateBody) =>
  http.post<EmailTemplate>(APP_SETTINGS_PATHS.updateEmailTemplate, body);

export const fetchModuleConfig = async (moduleId: string) =>
  (await http.get<ModuleConfig>(APP_SETTINGS_PATHS.moduleConfig, { query: { moduleId } })).data;

export const setReassignment = (moduleId: string, isReassignmentDisabled: boolean) =>
  http.post<{ moduleId: string; is_reassignment_disabled: boolean }>(APP_SETTINGS_PATHS.setReassignment, {
    moduleId,
    isReassignmentDisabled,
  });

export const fetchRecordTemplates = async (moduleId: string) =>
  (await http.get<RecordTemplate[]>(APP_SETTINGS_PATHS.recordTemplateRead, { query: { moduleId } })).data;

export const createRecordTemplate = (body: CreateRecordTemplateBody) =>
  http.post<RecordTemplate>(APP_SETTINGS_PATHS.recordTemplateCreate, body);

export const renameRecordTemplate = (id: string, templateName: string) =>
  http.post<RecordTemplate>(APP_SETTINGS_PATHS.recordTemplateRename, { id, templateName });

export const deleteRecordTemplate = (id: string) =>
  http.post<{ id: string }>(APP_SETTINGS_PATHS.recordTemplateDelete, { id });

export const orderRecordTemplates = (moduleId: string, ids: string[]) =>
  http.post<RecordTemplate[]>(APP_SETTINGS_PATHS.recordTemplateOrder, { moduleId, ids });

export const lookupUsers = async (body: UserLookupBody) =>
  (await http.post<{ items: LookupUser[]; total: number }>(APP_SETTINGS_PATHS.userLookup, body)).data;

export const fetchIndexProgress = async (moduleId: string) =>
  (await http.get<IndexProgress>(RECORDS_PATHS.indexProgress, { query: { moduleId } })).data;

// ---- hooks ----

/** While a build is queued or running, asked again every second. */
export const INDEX_PROGRESS_POLL_MS = 1000;

/**
 * The background build of the app's list indexes. Asked once per published version (publishing
 * starts a build), then every second while one is queued or running; it stops when done.
 */
export function useIndexProgress(moduleId: string, version: number) {
  return useQuery({
    queryKey: appSettingsKeys.indexProgress(moduleId, version),
    queryFn: () => fetchIndexProgress(moduleId),
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'queued' || state === 'building' ? INDEX_PROGRESS_POLL_MS : false;
    },
    // A progress line is a courtesy: its failure says nothing.
    meta: { errorToast: false },
    retry: false,
  });
}

export function useEmailTemplateFields(moduleId: string) {
  return useQuery({
    queryKey: appSettingsKeys.emailTemplates(moduleId),
    queryFn: () => fetchEmailTemplateFields(moduleId),
    staleTime: 0,
    // The tab shows its own failure with a retry button.
    meta: { errorToast: false },
  });
}

/** Saves one event; the answer replaces that event in the cached list. */
export function useUpdateEmailTemplate(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailTemplate,
    onSuccess: (response) =>
      queryClient.setQueryData<EmailTemplateFields>(appSettingsKeys.emailTemplates(moduleId), (current) =>
        current
          ? {
              ...current,
              events: current.events.map((entry) =>
                entry.event === response.data.event ? response.data : entry,
              ),
            }
          : current,
      ),
  });
}

export function useModuleConfig(moduleId: string) {
  return useQuery({
    queryKey: appSettingsKeys.config(moduleId),
    queryFn: () => fetchModuleConfig(moduleId),
    staleTime: 0,
    meta: { errorToast: false },
  });
}

/** The switch flips at once; a refusal puts the old value back (spec §4 optimistic changes). */
export function useSetReassignment(moduleId: string) {
  const queryClient = useQueryClient();
  const key = appSettingsKeys.config(moduleId);
  return useMutation({
    mutationFn: (disabled: boolean) => setReassignment(moduleId, disabled),
    onMutate: async (disabled: boolean) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ModuleConfig>(key);
      if (previous)
        queryClient.setQueryData<ModuleConfig>(key, { ...previous, is_reassignment_disabled: disabled });
      return { previous };
    },
    onError: (_error, _disabled, snapshot) => {
      if (snapshot?.previous) queryClient.setQueryData(key, snapshot.previous);
    },
  });
}

export function useRecordTemplates(moduleId: string) {
  return useQuery({
    queryKey: appSettingsKeys.recordTemplates(moduleId),
    queryFn: () => fetchRecordTemplates(moduleId),
    staleTime: 0,
    meta: { errorToast: false },
  });
}

/** The template list and the config's count change together. */
function useTemplateCache(moduleId: string) {
  const queryClient = useQueryClient();
  const key = appSettingsKeys.recordTemplates(moduleId);
  return {
    async apply(update: (list: RecordTemplate[]) => RecordTemplate[]) {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<RecordTemplate[]>(key);
      if (previous) queryClient.setQueryData<RecordTemplate[]>(key, update(previous));
      return { previous };
    },
    restore(snapshot: { previous: RecordTemplate[] | undefined } | undefined) {
      if (snapshot?.previous) queryClient.setQueryData(key, snapshot.previous);
    },
    set: (list: RecordTemplate[]) => queryClient.setQueryData(key, list),
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: appSettingsKeys.config(moduleId) }),
      ]),
  };
}

export function useCreateRecordTemplate(moduleId: string) {
  const cache = useTemplateCache(moduleId);
  return useMutation({ mutationFn: createRecordTemplate, onSuccess: () => cache.refresh() });
}

export function useRenameRecordTemplate(moduleId: string) {
  const cache = useTemplateCache(moduleId);
  return useMutation({
    mutationFn: ({ id, templateName }: { id: string; templateName: string }) =>
      renameRecordTemplate(id, templateName),
    onSuccess: (response) =>
      void cache.apply((list) =>
        list.map((entry) => (entry.id === response.data.id ? response.data : entry)),
      ),
  });
}

export function useDeleteRecordTemplate(moduleId: string) {
  const cache = useTemplateCache(moduleId);
  return useMutation({
    mutationFn: deleteRecordTemplate,
    onMutate: (id: string) => cache.apply((list) => list.filter((entry) => entry.id !== id)),
    onError: (_error, _id, snapshot) => cache.restore(snapshot),
    onSuccess: () => cache.refresh(),
  });
}

export function useOrderRecordTemplates(moduleId: string) {
  const cache = useTemplateCache(moduleId);
  return useMutation({
    mutationFn: (ids: string[]) => orderRecordTemplates(moduleId, ids),
    onMutate: (ids: string[]) =>
      cache.apply((list) => {
        const byId = new Map(list.map((entry) => [entry.id, entry]));
        const listed = ids.flatMap((id) => byId.get(id) ?? []);
        const rest = list.filter((entry) => !ids.includes(entry.id));
        return [...listed, ...rest].map((entry, index) => ({ ...entry, order_index: index }));
      }),
    onError: (_error, _ids, snapshot) => cache.restore(snapshot),
    onSuccess: (response) => cache.set(response.data),
  });
}

/**
 * Active users of the tenant for user fields and pickers (UserLookup): by search text, or the
 * users behind stored ids. Pages stay on screen while the next one loads.
 */
export function useUserLookup(body: UserLookupBody, enabled = true) {
  return useQuery({
    queryKey: appSettingsKeys.users(body),
    queryFn: () => lookupUsers(body),
    enabled,
    placeholderData: keepPreviousData,
  });
}
