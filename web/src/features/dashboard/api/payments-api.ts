import {
  type CreatePaymentRequest,
  type Payment,
  type PaymentHistoryEntry,
  PaymentHistoryEntrySchema,
  PaymentsResponseSchema,
} from '@acres/contracts';
import { AS_OF_POSITION_HEADER } from '@acres/contracts/as-of';
import useSWR from 'swr';
import { z } from 'zod';
import { type AsOf, withAsOf } from '@/components/as-of/as-of-query';
import { apiJson, apiRequest, getQueryFn, keyToUrl, type SwrKey } from '@/lib/api-client';

export const PAYMENTS_KEY = '/api/payments';

const fetchJson = getQueryFn<unknown>({ on401: 'throw' });

// Parsing applies the contract's defaults: a payment without a status reads as pending (SPEC 4).
const fetchPayments = async (key: SwrKey): Promise<Payment[]> => PaymentsResponseSchema.parse(await fetchJson(key));
const fetchHistory = async (key: SwrKey): Promise<PaymentHistoryEntry[]> =>
  z.array(PaymentHistoryEntrySchema).parse(await fetchJson(key));

export type PaymentsAsOf = { payments: Payment[]; asOfPosition: string | null };

// The list body is SPEC 7's array; the position it is as of comes in a header.
const fetchPaymentsAsOf = async (key: SwrKey): Promise<PaymentsAsOf> => {
  const res = await apiRequest('GET', keyToUrl(key));
  const asOfPosition = res.headers.get(AS_OF_POSITION_HEADER);
  return { payments: PaymentsResponseSchema.parse(await res.json()), asOfPosition };
};

/** The investor's payments as of a day or a log position; null fetches nothing (now is usePayments). */
export function usePaymentsAsOf(asOf: AsOf) {
  return useSWR<PaymentsAsOf>(asOf ? withAsOf(PAYMENTS_KEY, asOf) : null, fetchPaymentsAsOf);
}

/** The signed-in investor's payments, newest first. `enabled` waits for the auth check. */
export function usePayments(enabled: boolean) {
  return useSWR<Payment[]>(enabled ? PAYMENTS_KEY : null, fetchPayments);
}

/** GET /api/payments/{id}/history, loaded only once the timeline is opened. */
export function usePaymentHistory(paymentId: string, enabled: boolean) {
  // Each opening re-reads: a decision may have arrived since the last look.
  return useSWR<PaymentHistoryEntry[]>(enabled ? [PAYMENTS_KEY, paymentId, 'history'] : null, fetchHistory, {
    revalidateOnMount: true,
  });
}

export type PaymentCreated = { id: string; position: string };

export function submitPaymentProof(values: CreatePaymentRequest): Promise<PaymentCreated> {
  return apiJson<PaymentCreated>('POST', PAYMENTS_KEY, values);
}
