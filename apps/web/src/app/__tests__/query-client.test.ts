import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-error.ts';
import { shouldRetry } from '../../shared/api/query-retry.ts';
import { createQueryClient } from '../query-client.ts';

describe('query client (spec §8, §9)', () => {
  it('retries up to 3 times, never on 401 or 403', () => {
    expect(shouldRetry(0, new ApiError(500, 'boom'))).toBe(true);
    expect(shouldRetry(2, new ApiError(500, 'boom'))).toBe(true);
    expect(shouldRetry(3, new ApiError(500, 'boom'))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'no'))).toBe(false);
    expect(shouldRetry(0, new ApiError(403, 'no'))).toBe(false);
  });

  it('keeps data fresh forever and does not refetch on focus or reconnect', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.refetchOnReconnect).toBe(false);
  });
});
