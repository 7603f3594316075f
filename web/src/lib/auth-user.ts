import { AUTH_USER_STALE_TIME_MS, type AuthUser } from '@acres/contracts';
import useSWR from 'swr';
import { getQueryFn } from './api-client';

export const AUTH_USER_KEY = '/api/auth/user';

const fetchAuthUser = getQueryFn<AuthUser | null>({ on401: 'returnNull' });

/**
 * SPEC 7: the current user; a 401 means signed out and yields null (undefined while
 * loading). Stale after 5 minutes, never retried.
 */
export function useAuthUser() {
  return useSWR<AuthUser | null>(AUTH_USER_KEY, fetchAuthUser, {
    dedupingInterval: AUTH_USER_STALE_TIME_MS,
    shouldRetryOnError: false,
  });
}
