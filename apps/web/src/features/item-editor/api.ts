// Calls, query keys and hooks of the item editor: the app's form, a record's detail, save, submit,
// delete, and the record's comments (spec §7 /api/EntryModule/).
import {
  RECORDS_PATHS,
  recordPath,
  type RecordComment,
  type RecordDetail,
  type RecordForm,
  type RecordRow,
  type SaveRecordBody,
  type SubmitRecordBody,
} from '@formloop/contracts';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error.ts';
import { http } from '../../shared/api/http.ts';
import { recordKeys } from '../records/index.ts';

export const itemEditorKeys = {
  all: ['itemEditor'] as const,
  /** The record list loads the same form: shared, so opening the editor from the list is instant. */
  form: (moduleId: string) => recordKeys.form(moduleId),
  detail: (recordId: string) => [...itemEditorKeys.all, 'detail', recordId] as const,
  comments: (recordId: string) => [...itemEditorKeys.all, 'comments', recordId] as const,
};

export interface CommentPage {
  comments: RecordComment[];
  total: number;
  hasMore: boolean;
}

// ---- calls ----

export const fetchRecordForm = async (moduleId: string) =>
  (await http.get<RecordForm>(recordPath.form(moduleId))).data;

export const fetchRecordDetail = async (recordId: string) =>
  (await http.get<RecordDetail>(recordPath.detail(recordId))).data;

export const saveRecord = (moduleId: string, body: SaveRecordBody) =>
  http.post<RecordRow>(RECORDS_PATHS.save, body, { query: { moduleId } });

export const submitRecord = (body: SubmitRecordBody) => http.post<RecordRow>(RECORDS_PATHS.submit, body);

export const deleteRecord = (id: string) => http.post<{ deleted: number }>(RECORDS_PATHS.deleteById, { id });

export const fetchCommentPage = async (recordId: string, page: number) =>
  (await http.get<CommentPage>(RECORDS_PATHS.loadComment, { query: { recordId, page } })).data;

export const sendComment = (recordId: string, message: string) =>
  http.post<RecordComment>(RECORDS_PATHS.sendComment, { recordId, message });

// ---- hooks ----

/** A missing or foreign app or record (404) or a refused one (403) will not change by asking again. */
const retryUnlessFinal = (failures: number, error: unknown) =>
  !(isApiError(error) && [401, 403, 404].includes(error.status)) && failures < 3;

/** The published form of an app and what the caller may do; the page shows its own failure. */
export function useRecordForm(moduleId: string, enabled = true) {
  return useQuery({
    queryKey: itemEditorKeys.form(moduleId),
    queryFn: () => fetchRecordForm(moduleId),
    enabled,
    retry: retryUnlessFinal,
    meta: { errorToast: false },
  });
}

export function useRecordDetail(recordId: string, enabled = true) {
  return useQuery({
    queryKey: itemEditorKeys.detail(recordId),
    queryFn: () => fetchRecordDetail(recordId),
    enabled,
    retry: retryUnlessFinal,
    meta: { errorToast: false },
  });
}

/**
 * The record list's tables and summary are out of date after a change here. They are only marked
 * so: the list fetches them again when it is next shown, and nothing refetches under the editor.
 */
function refreshLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: recordKeys.all, refetchType: 'none' });
}

/** save?moduleId: the cached detail holds the saved row, and the record list refreshes. */
export function useSaveRecord(moduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveRecordBody) => saveRecord(moduleId, body),
    onSuccess: (response) => {
      queryClient.setQueryData<RecordDetail>(itemEditorKeys.detail(response.data.id), (detail) =>
        detail ? { ...detail, record: response.data } : detail,
      );
      refreshLists(queryClient);
    },
  });
}

/** submit: the entry leaves the editor; its cached detail is dropped (its activity has changed). */
export function useSubmitRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitRecord,
    onSuccess: (response) => {
      queryClient.removeQueries({ queryKey: itemEditorKeys.detail(response.data.id) });
      refreshLists(queryClient);
    },
  });
}

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecord,
    onSuccess: (_response, id) => {
      queryClient.removeQueries({ queryKey: itemEditorKeys.detail(id) });
      queryClient.removeQueries({ queryKey: itemEditorKeys.comments(id) });
      refreshLists(queryClient);
    },
  });
}

/** loadcomment, newest first, one page of COMMENT_PAGE_SIZE at a time ('Load more'). */
export function useComments(recordId: string) {
  return useInfiniteQuery({
    queryKey: itemEditorKeys.comments(recordId),
    queryFn: ({ pageParam }) => fetchCommentPage(recordId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: CommentPage, pages: CommentPage[]) =>
      last.hasMore ? pages.length + 1 : undefined,
    meta: { errorToast: false },
  });
}

interface CommentPages {
  pages: CommentPage[];
  pageParams: unknown[];
}

/** sendComment; the new comment goes on top of the first page at once (the list is newest first). */
export function useSendComment(recordId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => sendComment(recordId, message),
    onSuccess: (response) => {
      const key = itemEditorKeys.comments(recordId);
      const cached = queryClient.getQueryData<CommentPages>(key);
      const [first, ...rest] = cached?.pages ?? [];
      if (!cached || !first) {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      queryClient.setQueryData<CommentPages>(key, {
        ...cached,
        pages: [{ ...first, comments: [response.data, ...first.comments], total: first.total + 1 }, ...rest],
      });
    },
  });
}
