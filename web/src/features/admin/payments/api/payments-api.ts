import {
  AdminPaymentsResponseSchema,
  AllocationSchema,
  PaymentHistoryEntrySchema,
  type PaymentStatus,
  type PaymentStatusUpdated,
  PaymentStatusUpdatedSchema,
  type PaymentStatusUpdateInput,
} from '@acres/contracts';
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { z } from 'zod';
import { ADMIN_CHARTS_KEY, ADMIN_COUNTERS_KEY, type AdminPage, adminPageParams } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';
import { apiRequest } from '@/lib/api-client';

/** The Payments tab's filter: every payment, or one status. */
export type PaymentFilter = 'all' | PaymentStatus;

export const ADMIN_PAYMENTS_PREFIX = '/api/admin/payments';
export const ADMIN_ALLOCATION_KEY = '/api/admin/allocation';

const PaymentHistorySchema = z.array(PaymentHistoryEntrySchema);

/** The payments review list, newest first; 'all' sends no status so the server applies no filter. */
export function adminPaymentsKey({ offset, cursor, status = 'all' }: AdminPage & { status?: PaymentFilter }): string {
  const params = adminPageParams(offset, cursor);
  if (status !== 'all') params.set('status', status);
  return `${ADMIN_PAYMENTS_PREFIX}?${params}`;
}

/** One payment's timeline; under ADMIN_PAYMENTS_PREFIX so a refresh after a decision reaches it. */
export function adminPaymentHistoryKey(paymentId: string): string {
  return `${ADMIN_PAYMENTS_PREFIX}/${encodeURIComponent(paymentId)}/history`;
}

/** What a decision changes on screen: the payment lists and timelines, the counters, the allocation and the charts. */
export function isPaymentDecisionKey(key: unknown): boolean {
  return (
    typeof key === 'string' &&
    (key.startsWith(ADMIN_PAYMENTS_PREFIX) ||
      key === ADMIN_COUNTERS_KEY ||
      key === ADMIN_ALLOCATION_KEY ||
      key === ADMIN_CHARTS_KEY)
  );
}

export function useAdminPayments(query: AdminPage & { status: PaymentFilter }) {
  return useAdminQuery(adminPaymentsKey(query), AdminPaymentsResponseSchema);
}

/** A payment's timeline; null paymentId fetches nothing (no dialog open). */
export function useAdminPaymentHistory(paymentId: string | null) {
  // A timeline is small and read once per opening: no kept data from another payment.
  return useAdminQuery(paymentId ? adminPaymentHistoryKey(paymentId) : null, PaymentHistorySchema, { keepPreviousData: false });
}

export function useAdminAllocation() {
  return useAdminQuery(ADMIN_ALLOCATION_KEY, AllocationSchema);
}

/** After a decision: the payment lists, timelines, counters and allocation, fetched again. */
export function useRefreshAfterDecision(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isPaymentDecisionKey), [mutate]);
}

/**
 * PUT /api/admin/payments/{id}/status. The answer's position is remembered by the
 * api-client, so the refresh that follows waits until the lists show the decision.
 */
export async function updatePaymentStatus(
  authorization: string,
  paymentId: string,
  update: PaymentStatusUpdateInput,
): Promise<PaymentStatusUpdated> {
  const res = await apiRequest('PUT', `${ADMIN_PAYMENTS_PREFIX}/${encodeURIComponent(paymentId)}/status`, update, {
    headers: { authorization },
  });
  return PaymentStatusUpdatedSchema.parse(await res.json());
}
