import { MESSAGES, QUERY_CACHE_DEFAULTS, QUERY_NO_RETRY_STATUSES, QUERY_RETRY_LIMIT } from '@formloop/domain';
import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error.ts';
import { reportRequestError } from '../shared/api/request-errors.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /**
       * false: the query shows its own failure (or none), so no error toast. Default true: a
       * failed query the page does not handle still tells the user (spec §8).
       */
      errorToast?: boolean;
    };
  }
}

const noRetry: readonly number[] = QUERY_NO_RETRY_STATUSES;

/** Spec §8: queries retry up to 3 times, except on 401 or 403 where another try cannot help. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && noRetry.includes(error.status)) return false;
  return failureCount < QUERY_RETRY_LIMIT;
}

/**
 * Retry as shouldRetry does, except for answers asking again won't change (a refused, missing or
 * malformed request: 400, 403, 404).
 */
export const retryUnlessFinal = (failureCount: number, error: unknown): boolean =>
  !(isApiError(error) && [400, 403, 404].includes(error.status)) && shouldRetry(failureCount, error);

/**
 * The toast text for a query that failed for good, or null when there is nothing (more) to say:
 * a 401 signs the user out, and timeouts and broken connections were already toasted by the HTTP
 * client. Otherwise the server's message, or 'Failed to process query.' (spec §8).
 */
export function queryErrorMessage(error: unknown): string | null {
  if (isApiError(error)) {
    if (error.status === 401 || error.status === 504 || error.status === 0) return null;
    return error.message.trim() || MESSAGES.queryFailed;
  }
  return MESSAGES.queryFailed;
}

function onQueryError(error: unknown, query: Query<unknown, unknown, unknown>): void {
  if (query.meta?.errorToast === false) return;
  const message = queryErrorMessage(error);
  if (message) reportRequestError({ message });
}

/** Spec §9: data never goes stale by itself and is not refetched on window focus or reconnect. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: onQueryError }),
    defaultOptions: {
      // 'always': the API is on our own origin, so navigator.onLine says nothing about reaching it.
      // Chromium flips it to offline when the machine's network changes, and in the default mode
      // that silently paused sign-in mid-click; a real outage fails the fetch and is reported instead.
      queries: { ...QUERY_CACHE_DEFAULTS, retry: shouldRetry, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
