import { AdminCountersResponseSchema } from '@acres/contracts';
import { useCallback, useMemo } from 'react';
import useSWR, { type SWRConfiguration, useSWRConfig } from 'swr';
import type { z } from 'zod';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/problem';
import { useAdminSession } from '../lib/admin-session';
import { ADMIN_COUNTERS_KEY, createAdminFetcher, isAdminKey } from './admin-client';

/**
 * Admin screens show what is true now: unlike the app-wide defaults, a list fetches
 * again when it is shown again (tab switch, page change back). Still no polling,
 * focus refetch or retry.
 */
const ADMIN_SWR_OPTIONS: SWRConfiguration = {
  revalidateOnMount: true,
  dedupingInterval: 2000,
  keepPreviousData: true,
};

/** SPEC 8: an admin fetch the server refuses says 'Authentication failed'. */
export function useAdminErrorHandler(): (error: unknown) => void {
  const { signOut } = useAdminSession();
  return useCallback(
    (error: unknown) => {
      // Refused by role (issue 27): the page hides what a role may not use, so this is a role
      // changed meanwhile; the session stands and the answer says why.
      if (error instanceof ApiError && error.status === 403 && /role/i.test(error.bodyText)) {
        toast({ variant: 'destructive', title: 'Not available to your role', description: describeError(error) });
        return;
      }
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) {
        toast({
          variant: 'destructive',
          title: 'Authentication failed',
          description: 'The server no longer accepts these admin credentials. Please sign in again.',
        });
        signOut();
        return;
      }
      if (error instanceof ApiError && error.status === 429) {
        toast({ variant: 'destructive', title: 'Authentication failed', description: describeError(error) });
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Could not load admin data',
        description: describeError(error) || 'Please try Refresh.',
      });
    },
    [signOut],
  );
}

/** The signed-in admin's Basic header, or null (signed out). */
export function useAdminAuthorization(): string | null {
  return useAdminSession().session?.authorization ?? null;
}

/**
 * One admin read through SWR: with the admin's Basic header, its answer checked against
 * `schema` (a module constant, so the fetcher changes only with the credentials), errors
 * reported by useAdminErrorHandler. A null key, or no session, fetches nothing.
 */
export function useAdminQuery<S extends z.ZodType>(key: string | null, schema: S, options: SWRConfiguration = {}) {
  const authorization = useAdminAuthorization();
  const onError = useAdminErrorHandler();
  const fetcher = useMemo(() => createAdminFetcher(authorization ?? '', schema), [authorization, schema]);
  return useSWR(authorization && key ? key : null, fetcher, { ...ADMIN_SWR_OPTIONS, ...options, onError });
}

export function useAdminCounters() {
  return useAdminQuery(ADMIN_COUNTERS_KEY, AdminCountersResponseSchema);
}

/** Fetches again every read on screen whose key `matches` (a module-level test, so the callback stays the same). */
export function useRefreshMatching(matches: (key: unknown) => boolean): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(matches), [mutate, matches]);
}

/** Refresh: fetch every admin read on screen again (counters, leads, applications, payments, allocation). */
export function useRefreshAdminData(): () => Promise<unknown> {
  return useRefreshMatching(isAdminKey);
}
