import { useCallback, useMemo } from 'react';
import useSWR, { type SWRConfiguration, useSWRConfig } from 'swr';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/problem';
import { toast } from '@/components/ui/use-toast';
import { useAdminSession } from '../lib/admin-session';
import {
  ADMIN_ALLOCATION_KEY,
  ADMIN_COUNTERS_KEY,
  adminAffiliateSalesKey,
  adminAffiliatesKey,
  adminLeadsKey,
  adminPaymentHistoryKey,
  adminPaymentsKey,
  adminSubscriptionsKey,
  fetchers,
  isAdminKey,
  isPaymentDecisionKey,
  isSaleDecisionKey,
  type PaymentFilter,
  type SaleFilter,
} from './admin-client';

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

function useAuthorization(): string | null {
  return useAdminSession().session?.authorization ?? null;
}

export function useAdminCounters() {
  const authorization = useAuthorization();
  const onError = useAdminErrorHandler();
  const fetcher = useMemo(() => fetchers.counters(authorization ?? ''), [authorization]);
  return useSWR(authorization ? ADMIN_COUNTERS_KEY : null, fetcher, { ...ADMIN_SWR_OPTIONS, onError });
}

export function useAdminLeads(query: { offset: number; search: string }) {
  const authorization = useAuthorization();
  const onError = useAdminErrorHandler();
  const fetcher = useMemo(() => fetchers.leads(authorization ?? ''), [authorization]);
  return useSWR(authorization ? adminLeadsKey(query) : null, fetcher, { ...ADMIN_SWR_OPTIONS, onError });
}

export function useAdminSubscriptions(query: { offset: number }) {
  const authorization = useAuthorization();
  const onError = useAdminErrorHandler();
  const fetcher = useMemo(() => fetchers.subscriptions(authorization ?? ''), [authorization]);
  return useSWR(authorization ? adminSubscriptionsKey(query) : null, fetcher, { ...ADMIN_SWR_OPTIONS, onError });
}

export function useAdminPayments(query: { offset: number; status: PaymentFilter }) {
  const authorization = useAuthorization();
  const onError = useAdminErrorHandler();
  const fetcher = useMemo(() => fetchers.payments(authorization ?? ''), [authorization]);
  return useSWR(authorization ? adminPaymentsKey(query) : null, fetcher, { ...ADMIN_SWR_OPTIONS, onError });
}

/** A payment's timeline; null paymentId fetches nothing (no dialog open). */
export function useAdminPaymentHistory(paymentId: string | null) {
  const authorization = useAuthorization();
  const onError = useAdminErrorHandler();
  const fetcher = useMemo(() => fetchers.paymentHistory(authorization ?? ''), [authorization]);
  // A timeline is small and read once per opening: no kept data from another payment.
  return useSWR(authorization && paymentId ? adminPaymentHistoryKey(paymentId) : null, fetcher, {
    ...ADMIN_SWR_OPTIONS,
    keepPreviousData: false,
    onError,
  });
}

export function useAdminAllocation() {
  const authorization = useAuthorization();
  const onError = useAdminErrorHandler();
  const fetcher = useMemo(() => fetchers.allocation(authorization ?? ''), [authorization]);
  return useSWR(authorization ? ADMIN_ALLOCATION_KEY : null, fetcher, { ...ADMIN_SWR_OPTIONS, onError });
}

export function useAdminAffiliates(query: { offset: number }) {
  const authorization = useAuthorization();
  const onError = useAdminErrorHandler();
  const fetcher = useMemo(() => fetchers.affiliates(authorization ?? ''), [authorization]);
  return useSWR(authorization ? adminAffiliatesKey(query) : null, fetcher, { ...ADMIN_SWR_OPTIONS, onError });
}

export function useAdminAffiliateSales(query: { offset: number; status: SaleFilter }) {
  const authorization = useAuthorization();
  const onError = useAdminErrorHandler();
  const fetcher = useMemo(() => fetchers.affiliateSales(authorization ?? ''), [authorization]);
  return useSWR(authorization ? adminAffiliateSalesKey(query) : null, fetcher, { ...ADMIN_SWR_OPTIONS, onError });
}

/** After a sale decision: the sales lists and the affiliates' figures, fetched again. */
export function useRefreshAfterSaleDecision(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isSaleDecisionKey), [mutate]);
}

/** After a decision: the payment lists, timelines, counters and allocation, fetched again. */
export function useRefreshAfterDecision(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isPaymentDecisionKey), [mutate]);
}

/** Refresh: fetch every admin read on screen again (counters, leads, applications, payments, allocation). */
export function useRefreshAdminData(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isAdminKey), [mutate]);
}
