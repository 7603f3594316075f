import type { SWRConfiguration } from 'swr';
import { getQueryFn } from './api-client';

/**
 * SPEC section 7: no automatic retry, no refetch on focus, no polling, data never
 * becomes stale. Refresh only through `mutate()` after a write or an explicit Refresh.
 */
export const swrConfig: SWRConfiguration = {
  fetcher: getQueryFn({ on401: 'throw' }),
  revalidateOnFocus: false,
  revalidateIfStale: false,
  revalidateOnReconnect: false,
  shouldRetryOnError: false,
  refreshInterval: 0,
  errorRetryCount: 0,
  // Identical keys mounted later reuse the cached answer instead of refetching.
  dedupingInterval: 24 * 60 * 60 * 1000,
};
