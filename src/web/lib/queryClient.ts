import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/mutator';

/** How long fetched data counts as fresh before a component mount refetches it. */
export const QUERY_STALE_TIME_MS = 30_000;
const MAX_RETRIES = 2;

/** A 4xx will answer the same way again (signed out, forbidden, not found, invalid). */
export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: true,
        retry: (failureCount, error) => !isClientError(error) && failureCount < MAX_RETRIES,
      },
      mutations: { retry: false },
    },
  });
}
