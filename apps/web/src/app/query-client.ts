import { MESSAGES, QUERY_CACHE_DEFAULTS } from '@formloop/domain';
import { QueryCache, QueryClient, type Query } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error.ts';
import { shouldRetry } from '../shared/api/query-retry.ts';
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
  if (!message) return;
  // The server's own message keeps its key; the generic text is found by its text.
  const named = isApiError(error) && error.message.trim() === message;
  reportRequestError(named ? { message, key: error.key, params: error.params } : { message });
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
