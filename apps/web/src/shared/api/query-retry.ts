import { QUERY_NO_RETRY_STATUSES, QUERY_RETRY_LIMIT } from '@formloop/domain';
import { isApiError } from './api-error.ts';

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
