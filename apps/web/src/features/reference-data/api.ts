import {
  REFERENCE_DATA_PATHS,
  type ImportReferenceCsvBody,
  type ImportReferenceCsvResult,
  type ReferenceCategory,
  type ReferenceDatasetEntry,
  type ReferenceListDetail,
  type ReferenceListSummary,
  type ReferenceValue,
  type SaveReferenceListBody,
} from '@formloop/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { QUERY_RETRY_LIMIT } from '@formloop/domain';
import { isApiError } from '../../shared/api/api-error.ts';
import { http } from '../../shared/api/http.ts';

/** Query keys of reference data; every write invalidates `all`, so pickers and dropdowns follow. */
export const referenceDataKeys = {
  all: ['referenceData'] as const,
  lists: (filter: ListFilter) => [...referenceDataKeys.all, 'lists', filter] as const,
  detail: (id: string) => [...referenceDataKeys.all, 'detail', id] as const,
  categories: () => [...referenceDataKeys.all, 'categories'] as const,
  datasets: () => [...referenceDataKeys.all, 'datasets'] as const,
  values: (listId: string) => [...referenceDataKeys.all, 'values', listId] as const,
};

export interface ListFilter {
  search: string;
  category: string;
}

// ---- calls ----

export const fetchReferenceLists = async (filter: ListFilter) =>
  (
    await http.get<ReferenceListSummary[]>(REFERENCE_DATA_PATHS.list, {
      query: { search: filter.search || undefined, category: filter.category || undefined },
    })
  ).data;

export const fetchReferenceListDetail = async (id: string) =>
  (await http.get<ReferenceListDetail>(REFERENCE_DATA_PATHS.detail, { query: { id } })).data;

export const fetchReferenceCategories = async () =>
  (await http.get<ReferenceCategory[]>(REFERENCE_DATA_PATHS.categoryList)).data;

export const fetchListDataset = async () =>
  (await http.get<ReferenceDatasetEntry[]>(REFERENCE_DATA_PATHS.listDataset)).data;

export const fetchReferenceValues = async (key: string) =>
  (await http.get<ReferenceValue[]>(REFERENCE_DATA_PATHS.dataByKey, { query: { key } })).data;

export const saveReferenceList = (body: SaveReferenceListBody) =>
  http.post<{ record_id: string }>(REFERENCE_DATA_PATHS.save, body);

export const deleteReferenceList = (id: string) =>
  http.post<{ id: string }>(REFERENCE_DATA_PATHS.delete, { id });

export const addReferenceCategory = (category_name: string) =>
  http.post<ReferenceCategory & { record_id: string }>(REFERENCE_DATA_PATHS.categoryAdd, { category_name });

export const importReferenceCsv = (body: ImportReferenceCsvBody) =>
  http.post<ImportReferenceCsvResult>(REFERENCE_DATA_PATHS.import, body);

// ---- hooks for other features (the form editor's dropdown settings, the form renderer) ----

/** Every list as { id, key_name } for pickers (ListDataset); a dropdown's listToUse stores the id. */
export function useReferenceLists() {
  return useQuery({ queryKey: referenceDataKeys.datasets(), queryFn: fetchListDataset });
}

/** A list's values in order as { row_id, value } (GetDataByKey); idle while there is no list id. */
export function useReferenceValues(listId: string | undefined) {
  return useQuery({
    queryKey: referenceDataKeys.values(listId ?? ''),
    queryFn: async () =>
      (await fetchReferenceValues(listId ?? '')).map((row) => ({ row_id: row.row_id, value: row.value })),
    enabled: Boolean(listId),
  });
}

// ---- hooks of the reference data pages ----

export function useReferenceListSummaries(filter: ListFilter, enabled = true) {
  return useQuery({
    queryKey: referenceDataKeys.lists(filter),
    queryFn: () => fetchReferenceLists(filter),
    enabled,
    staleTime: 0,
    // Typing a search keeps the last answer on screen instead of flashing the skeleton.
    placeholderData: keepPreviousData,
    // The page shows its own failure with a retry button.
    meta: { errorToast: false },
  });
}

/** A list that is not there (deleted, another tenant's, mistyped) will not appear on a retry. */
const retryUnlessGone = (failureCount: number, error: unknown) =>
  !(isApiError(error) && [401, 403, 404].includes(error.status)) && failureCount < QUERY_RETRY_LIMIT;

export function useReferenceListDetail(id: string | undefined) {
  return useQuery({
    queryKey: referenceDataKeys.detail(id ?? ''),
    queryFn: () => fetchReferenceListDetail(id ?? ''),
    enabled: Boolean(id),
    retry: retryUnlessGone,
    staleTime: 0,
    meta: { errorToast: false },
  });
}

export function useReferenceCategories() {
  return useQuery({
    queryKey: referenceDataKeys.categories(),
    queryFn: fetchReferenceCategories,
    staleTime: 0,
  });
}

/** A mutation whose success makes every reference-data query ask again. */
function useReferenceWrite<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceDataKeys.all }),
  });
}

export const useSaveReferenceList = () => useReferenceWrite(saveReferenceList);
export const useDeleteReferenceList = () => useReferenceWrite(deleteReferenceList);
export const useImportReferenceCsv = () => useReferenceWrite(importReferenceCsv);

/** Adding a category changes only the category list; the list being edited must not be reloaded. */
export function useAddReferenceCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReferenceCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: referenceDataKeys.categories() }),
  });
}
