// Calls, query keys and hooks of the apps feature: the app lists (ListForms, ListApplications,
// favourites, most used), create / copy / delete, and the Create App dialog's lookups (reserved
// names, ML providers and services).
import {
  APPS_PATHS,
  type AppExample,
  type AppSummary,
  type CreateAppBody,
  type MlProvider,
  type MlService,
  type TenantInfo,
} from '@formloop/contracts';
import { aiLicenceKey, hasLicence } from '@formloop/domain';
import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { http } from '../../shared/api/http.ts';
import { shellKeys, type FavouriteModule } from '../shell/index.ts';

/**
 * Keys of every app list. Invalidating appsKeys.all refreshes them all (the form editor does after
 * a save or publish); each list is an array of apps, which the optimistic updates below rely on.
 */
export const appsKeys = {
  all: ['apps'] as const,
  list: (search = '') => [...appsKeys.all, 'list', search] as const,
  applications: () => [...appsKeys.all, 'applications'] as const,
  favourites: () => [...appsKeys.all, 'favourites'] as const,
  mostUsed: () => [...appsKeys.all, 'mostUsed'] as const,
  detail: (id: string) => [...appsKeys.all, 'detail', id] as const,
};

/** The Create App dialog's lookups: a root of their own, so refreshing the app lists leaves them be. */
export const appCatalogueKeys = {
  all: ['appCatalogue'] as const,
  reservedNames: () => [...appCatalogueKeys.all, 'reservedModuleNames'] as const,
  mlProviders: () => [...appCatalogueKeys.all, 'mlProviders'] as const,
  mlServices: (providerId: string) => [...appCatalogueKeys.all, 'mlServices', providerId] as const,
  examples: () => [...appCatalogueKeys.all, 'examples'] as const,
};

/** A favourite as Favourite/list answers it. */
export interface FavouriteApp {
  id: string;
  display_name: string;
  title: string;
  category_icon: string | null;
}

/** An ML service with whether the tenant holds its licence (AI_{PROVIDER}_{SERVICE}). */
export interface MlServiceOption extends MlService {
  licensed: boolean;
}

// ---- calls ----

const list = <T>(data: unknown): T[] => (Array.isArray(data) ? (data as T[]) : []);

export const fetchAppList = async (search: string) =>
  list<AppSummary>(
    (await http.get<AppSummary[]>(APPS_PATHS.listForms, { query: { searchTerm: search || undefined } })).data,
  );
export const fetchApplications = async () =>
  list<AppSummary>((await http.get<AppSummary[]>(APPS_PATHS.listApplications)).data);
export const fetchFavouriteApps = async () =>
  list<FavouriteApp>((await http.get<FavouriteApp[]>(APPS_PATHS.favouriteList)).data);
export const fetchMostUsed = async () =>
  list<AppSummary>((await http.get<AppSummary[]>(APPS_PATHS.mostUsed)).data);
export const fetchReservedModuleNames = async () =>
  list<string>((await http.get<string[]>(APPS_PATHS.reservedModuleNames)).data).filter(
    (name) => typeof name === 'string',
  );
export const fetchAppExamples = async () =>
  list<AppExample>((await http.get<AppExample[]>(APPS_PATHS.examples)).data);
export const fetchMlProviders = async () =>
  (await http.get<{ items?: MlProvider[] }>(APPS_PATHS.mlProviders)).data?.items ?? [];

type ServiceRow = MlService & { licensed?: unknown };

/**
 * The provider's services. The server says whether each is licensed; should it not, the tenant's
 * licence keys (already loaded by the shell) decide, so an unlicensed option is never offered.
 */
export async function fetchMlServices(
  provider: MlProvider,
  licences: readonly string[] | undefined,
): Promise<MlServiceOption[]> {
  const { data } = await http.get<{ items?: ServiceRow[] }>(APPS_PATHS.mlServices, {
    query: { providerId: provider.id },
  });
  return (data?.items ?? []).map(({ licensed, ...service }) => ({
    ...service,
    licensed:
      typeof licensed === 'boolean'
        ? licensed
        : hasLicence(licences, aiLicenceKey(provider.ocr_provider_name, service.ml_service_name)),
  }));
}

// ---- queries ----

// Pages show their own failures (LoadFailedAlert, or a quietly missing section): no generic toast.
const quiet = { meta: { errorToast: false } } as const;

export function useAppList(search: string, enabled = true) {
  return useQuery({
    queryKey: appsKeys.list(search),
    queryFn: () => fetchAppList(search),
    enabled,
    // A new search keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    ...quiet,
  });
}

export function useApplications() {
  return useQuery({ queryKey: appsKeys.applications(), queryFn: fetchApplications, ...quiet });
}

export function useFavouriteApps() {
  return useQuery({ queryKey: appsKeys.favourites(), queryFn: fetchFavouriteApps, ...quiet });
}

export function useMostUsed() {
  return useQuery({ queryKey: appsKeys.mostUsed(), queryFn: fetchMostUsed, ...quiet });
}

/** Spec §8: a failure to fetch the reserved names is only logged; the server checks them again. */
export function useReservedModuleNames(enabled = true) {
  return useQuery({
    queryKey: appCatalogueKeys.reservedNames(),
    queryFn: fetchReservedModuleNames,
    enabled,
    retry: false,
    ...quiet,
  });
}

/** The example apps to start from (Create App's gallery, the first-run hint); none on failure. */
export function useAppExamples(enabled = true) {
  return useQuery({
    queryKey: appCatalogueKeys.examples(),
    queryFn: fetchAppExamples,
    enabled,
    retry: false,
    ...quiet,
  });
}

export function useMlProviders(enabled = true) {
  return useQuery({ queryKey: appCatalogueKeys.mlProviders(), queryFn: fetchMlProviders, enabled, ...quiet });
}

export function useMlServices(provider: MlProvider | undefined) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: appCatalogueKeys.mlServices(provider?.id ?? ''),
    queryFn: () =>
      provider
        ? fetchMlServices(provider, queryClient.getQueryData<TenantInfo>(shellKeys.tenantInfo())?.licences)
        : [],
    enabled: provider !== undefined,
    ...quiet,
  });
}

// ---- optimistic updates ----

type Snapshot = Array<[QueryKey, unknown]>;

/**
 * Applies `update` to every cached app list under `keys` at once and hands back what was there,
 * so a failure can put it back (spec §4: optimistic changes are restored when the server fails).
 * Only arrays are touched: an app's detail under the same root stays as it is.
 */
async function applyToLists(
  queryClient: QueryClient,
  keys: readonly QueryKey[],
  update: (rows: unknown[], key: QueryKey) => unknown[],
): Promise<Snapshot> {
  const snapshot: Snapshot = [];
  for (const queryKey of keys) {
    // Only the lists: a detail fetch in flight (the form editor's) is left to finish.
    await queryClient.cancelQueries({ queryKey, predicate: (query) => Array.isArray(query.state.data) });
    for (const [key, data] of queryClient.getQueriesData({ queryKey })) {
      if (!Array.isArray(data)) continue;
      snapshot.push([key, data]);
      queryClient.setQueryData(key, update(data, key));
    }
  }
  return snapshot;
}

function restore(queryClient: QueryClient, snapshot: Snapshot | undefined): void {
  for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
}

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);
const withoutId = (rows: unknown[], id: string) => rows.filter((row) => (row as { id?: unknown }).id !== id);

// ---- writes ----

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAppBody) => http.post<{ id: string }>(APPS_PATHS.create, body),
    onSuccess: () => refreshApps(queryClient),
  });
}

export function useCopyApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { moduleId: string; name: string }) =>
      http.post<{ id: string }>(APPS_PATHS.copyFrom, body),
    onSuccess: () => refreshApps(queryClient),
  });
}

/** The app lists and the sidebar's favourites, after an app came or went. */
export function refreshApps(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: appsKeys.all }),
    queryClient.invalidateQueries({ queryKey: shellKeys.favourites() }),
  ]);
}

/** DeleteForm: the app leaves every list at once and comes back if the server refuses (spec §4). */
export function useDeleteApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moduleId: string) => http.post<unknown>(APPS_PATHS.deleteForm, { moduleId }),
    onMutate: (moduleId: string) =>
      applyToLists(queryClient, [appsKeys.all, shellKeys.favourites()], (rows) => withoutId(rows, moduleId)),
    onError: (_error, _id, snapshot) => restore(queryClient, snapshot),
    onSuccess: () => refreshApps(queryClient),
  });
}

/** What the favourite toggle needs to know of an app. */
export type FavouriteTarget = Pick<AppSummary, 'id' | 'display_name'> &
  Partial<Pick<AppSummary, 'app_icon' | 'category_icon'>>;

/**
 * Favourite add/remove (spec §4: adding appends the app to the favourites, removing filters it
 * out). Applied at once to this feature's lists and the sidebar's group, restored on failure.
 */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ app, isAdd }: { app: FavouriteTarget; isAdd: boolean }) =>
      http.post<unknown>(isAdd ? APPS_PATHS.favouriteAdd : APPS_PATHS.favouriteRemove, {
        moduleId: app.id,
        isAdd,
      }),
    onMutate: ({ app, isAdd }) => {
      const icon = app.app_icon ?? app.category_icon ?? null;
      const mine: FavouriteApp = {
        id: app.id,
        display_name: app.display_name,
        title: app.display_name,
        category_icon: icon,
      };
      const sidebar: FavouriteModule = { id: app.id, title: app.display_name, icon };
      return applyToLists(queryClient, [appsKeys.all, shellKeys.favourites()], (rows, key) => {
        const rest = withoutId(rows, app.id);
        if (sameKey(key, shellKeys.favourites())) return isAdd ? [...rest, sidebar] : rest;
        if (sameKey(key, appsKeys.favourites())) return isAdd ? [...rest, mine] : rest;
        return rows.map((row) =>
          (row as AppSummary).id === app.id ? { ...(row as AppSummary), is_favourite: isAdd } : row,
        );
      });
    },
    onError: (_error, _variables, snapshot) => restore(queryClient, snapshot),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appsKeys.favourites() }),
        queryClient.invalidateQueries({ queryKey: shellKeys.favourites() }),
      ]),
  });
}

/** Opening an app counts towards Most used; fire and forget, a failure changes nothing for the user. */
export function useRecordUsage() {
  const queryClient = useQueryClient();
  return (moduleId: string) => {
    http
      .post<unknown>(APPS_PATHS.usage, { moduleId })
      .then(() => queryClient.invalidateQueries({ queryKey: appsKeys.mostUsed() }))
      .catch(() => undefined);
  };
}
