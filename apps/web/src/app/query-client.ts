import { QUERY_CACHE_DEFAULTS, QUERY_NO_RETRY_STATUSES, QUERY_RETRY_LIMIT } from '@formloop/domain';
import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/api/api-error.ts';

const noRetry: readonly number[] = QUERY_NO_RETRY_STATUSES;

/** Spec §8: queries retry up to 3 times, except on 401 or 403 where another try cannot help. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && noRetry.includes(error.status)) return false;
  return failureCount < QUERY_RETRY_LIMIT;
}

/** Spec §9: data never goes stale by itself and is not refetched on window focus or reconnect. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_CACHE_DEFAULTS, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}
