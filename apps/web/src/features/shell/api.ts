// Calls, query keys and hooks of the application shell: tenant info (help tiles, footer), the Home
// badge's task count, favourite modules and the notifications dropdown.
import {
  API_PATHS,
  APPS_PATHS,
  type AppSummary,
  type Notification,
  type TenantInfo,
} from '@formloop/contracts';
import { MESSAGES, NOTIFICATION_PAGE_SIZE } from '@formloop/domain';
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { shouldRetry } from '../../shared/api/query-retry.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import { http } from '../../shared/api/http.ts';
import { reportRequestError } from '../../shared/api/request-errors.ts';
import {
  DEFAULT_SUPPORT_EMAIL,
  DEFAULT_SUPPORT_PHONE,
  FAVOURITE_LIST_PATH,
  TASK_TOTAL_PATH,
} from './shell-constants.ts';

/**
 * Keys other features invalidate: the realtime feature refreshes notifications on a push, the task
 * actions refresh the task total, the app builder refreshes favourites after adding or removing one.
 */
export const shellKeys = {
  tenantInfo: () => ['tenant', 'info'] as const,
  taskTotal: () => ['tasks', 'total'] as const,
  favourites: () => ['favourites', 'list'] as const,
  /** Starts with the apps feature's key ('apps'): invalidating every app list refreshes it too. */
  sidebarApps: () => ['apps', 'sidebar'] as const,
  /** The notification list, shared by the dropdown and /notifications so both show the same marks. */
  notifications: () => ['notifications', 'dropdown'] as const,
  notification: (id: string) => ['notifications', 'detail', id] as const,
};

// ---- tenant info ----

export async function fetchTenantInfo(): Promise<TenantInfo> {
  return (await http.get<TenantInfo>(API_PATHS.tenantInfo)).data;
}

export function useTenantInfo() {
  // Failures are handled here (defaults, or the licence redirect), so no generic error toast.
  return useQuery({
    queryKey: shellKeys.tenantInfo(),
    queryFn: fetchTenantInfo,
    meta: { errorToast: false },
  });
}

export interface SupportContact {
  company: string;
  email: string;
  phone: string;
}

/** The support contact from tenant info, with the defaults while it loads or when it has none. */
export function useSupportContact(): SupportContact {
  const { data } = useTenantInfo();
  return {
    company: data?.company ?? '',
    email: data?.support_email?.trim() || DEFAULT_SUPPORT_EMAIL,
    phone: data?.person_in_charge_phone?.trim() || DEFAULT_SUPPORT_PHONE,
  };
}

// ---- task total (Home badge) ----

export async function fetchTaskTotal(): Promise<number> {
  const { data } = await http.get<unknown>(TASK_TOTAL_PATH);
  const total = typeof data === 'number' ? data : Number(data);
  if (!Number.isFinite(total)) throw new Error('The task total is not a number');
  return total;
}

/** Fails until the tasks API exists; the sidebar then shows no badge, and no error toast. */
export function useTaskTotal() {
  return useQuery({ queryKey: shellKeys.taskTotal(), queryFn: fetchTaskTotal, meta: { errorToast: false } });
}

// ---- favourite modules ----

export interface FavouriteModule {
  id: string;
  title: string;
  icon: string | null;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** Spec §3 favourite modules: id, title or display_name, category_icon. Unusable rows are skipped. */
export function toFavourites(data: unknown): FavouriteModule[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((row: unknown) => {
    if (typeof row !== 'object' || row === null) return [];
    const item = row as Record<string, unknown>;
    const id = typeof item.id === 'number' ? String(item.id) : text(item.id);
    const title = text(item.title) ?? text(item.display_name);
    return id && title ? [{ id, title, icon: text(item.category_icon) }] : [];
  });
}

export async function fetchFavourites(): Promise<FavouriteModule[]> {
  return toFavourites((await http.get<unknown>(FAVOURITE_LIST_PATH)).data);
}

export function useFavourites() {
  return useQuery({
    queryKey: shellKeys.favourites(),
    queryFn: fetchFavourites,
    meta: { errorToast: false },
  });
}

// ---- published apps (the sidebar's application tree) ----

async function fetchSidebarApps(): Promise<AppSummary[]> {
  const { data } = await http.get<AppSummary[]>(APPS_PATHS.listApplications);
  return Array.isArray(data) ? data : [];
}

/** The apps the user may use; under the 'apps' keys, so every app change (publish, delete) refreshes it. */
export function useSidebarApps() {
  return useQuery({
    queryKey: shellKeys.sidebarApps(),
    queryFn: fetchSidebarApps,
    meta: { errorToast: false },
  });
}

// ---- notifications ----

/** One page of GET /api/Notification: the notifications, the unread count and how many exist. */
export interface NotificationPage {
  notif: Notification[];
  unread: number;
  open: number;
}

type NotificationPages = InfiniteData<NotificationPage>;

export async function fetchNotificationPage(page: number): Promise<NotificationPage> {
  const { data } = await http.get<NotificationPage>(API_PATHS.notifications, { query: { page } });
  return { notif: data.notif ?? [], unread: data.unread ?? 0, open: data.open ?? 0 };
}

/** The next page number while fewer notifications are loaded than exist (pages of 10). */
export function nextNotificationPage(
  pages: readonly NotificationPage[],
  lastPage: number,
): number | undefined {
  const last = pages[pages.length - 1];
  if (!last || last.notif.length < NOTIFICATION_PAGE_SIZE) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.notif.length, 0);
  return loaded < last.open ? lastPage + 1 : undefined;
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: shellKeys.notifications(),
    queryFn: ({ pageParam }) => fetchNotificationPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (_last, pages, lastPage) => nextNotificationPage(pages, lastPage),
    // The dropdown reports a failed 'load more' itself (spec §8); a failed first page shows the empty list.
    meta: { errorToast: false },
  });
}

/** The unread count of the freshest answer (the badge). */
export const unreadOf = (data: NotificationPages | undefined): number =>
  data?.pages[data.pages.length - 1]?.unread ?? 0;

/** Marks one notification read in every cached page and lowers the unread count by one. */
function markOneRead(data: NotificationPages | undefined, id: string, at: string) {
  if (!data || !isListedUnread(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread: Math.max(0, page.unread - 1),
      notif: page.notif.map((item) => (item.id === id ? { ...item, read_on: at } : item)),
    })),
  };
}

const isListedUnread = (data: NotificationPages | undefined, id: string): boolean =>
  data?.pages.some((page) => page.notif.some((item) => item.id === id && !item.read_on)) ?? false;

function markEveryRead(data: NotificationPages | undefined, at: string) {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unread: 0,
      notif: page.notif.map((item) => (item.read_on ? item : { ...item, read_on: at })),
    })),
  };
}

const markDetailRead = (at: string) => (data: Notification | undefined) =>
  data && !data.read_on ? { ...data, read_on: at } : data;

/** The list (dropdown, /notifications and the bell's badge) and the Home badge, fetched again now. */
export function refreshNotifications(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: shellKeys.notifications() });
  void queryClient.invalidateQueries({ queryKey: shellKeys.taskTotal() });
}

/**
 * Opening a notification marks it read (spec §4): POST /api/Notification/read?id=, and when it is in
 * the loaded list the badge goes down by one at once. One that is not listed (an older page, or a
 * push the list has not fetched yet) is counted by the server: the list is fetched again after the
 * call, so the badge never goes down twice for one notification. A failed call reloads the list so
 * the badge shows the truth again.
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const key = shellKeys.notifications();
  return useMutation({
    mutationFn: (id: string) => http.post<unknown>(API_PATHS.notificationRead, undefined, { query: { id } }),
    onMutate: async (id) => {
      // A fetch cut short here (a push's refresh, say) is made again once the server has the mark.
      const interrupted = queryClient.isFetching({ queryKey: key }) > 0;
      await queryClient.cancelQueries({ queryKey: key });
      const listed = isListedUnread(queryClient.getQueryData<NotificationPages>(key), id);
      const at = new Date().toISOString();
      queryClient.setQueryData<NotificationPages>(key, (data) => markOneRead(data, id, at));
      queryClient.setQueryData<Notification>(shellKeys.notification(id), markDetailRead(at));
      return { reloadList: interrupted || !listed };
    },
    onSuccess: (_answer, _id, context) => {
      if (context.reloadList) void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

/** POST /api/Notification/MarkAllAsRead clears every unread mark (spec §4). */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const key = shellKeys.notifications();
  return useMutation({
    mutationFn: () => http.post<unknown>(API_PATHS.notificationsMarkAllRead),
    onSuccess: () => {
      const at = new Date().toISOString();
      queryClient.setQueryData<NotificationPages>(key, (data) => markEveryRead(data, at));
      queryClient.setQueriesData<Notification>({ queryKey: ['notifications', 'detail'] }, markDetailRead(at));
    },
  });
}

/**
 * Spec §8: a failed 'load more' (or mark-all) shows the server's message, or the request error's, in
 * an error toast (the app's error toasts stay until clicked). A broken connection or a timeout was already
 * toasted by the HTTP client, and a 401 signs the user out, so those are not repeated.
 */
export function reportNotificationCallFailure(error: unknown): void {
  if (isApiError(error) && [0, 401, 504].includes(error.status)) return;
  const message = error instanceof Error ? error.message.trim() : '';
  if (isApiError(error) && message) {
    reportRequestError({ message, key: error.key, params: error.params });
    return;
  }
  reportRequestError({ message: message || MESSAGES.queryFailed });
}

// ---- one notification (/notifications/{id}, and where a pushed notice leads) ----

export async function fetchNotification(id: string): Promise<Notification> {
  return (await http.get<Notification>(`${API_PATHS.notifications}/${encodeURIComponent(id)}`)).data;
}

/** A missing notification will not appear by asking again; the page says so itself. */
const retryUnlessMissing = (failures: number, error: unknown) =>
  !(isApiError(error) && [400, 404].includes(error.status)) && shouldRetry(failures, error);

export const notificationDetailQuery = (id: string) => ({
  queryKey: shellKeys.notification(id),
  queryFn: () => fetchNotification(id),
  retry: retryUnlessMissing,
  meta: { errorToast: false },
});

export function useNotificationDetail(id: string) {
  return useQuery(notificationDetailQuery(id));
}
