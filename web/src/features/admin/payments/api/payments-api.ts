import {
  type AdminPaymentsFilterInput,
  AdminPaymentsResponseSchema,
  EXPORT_POSITION_HEADER,
  PaymentHistoryEntrySchema,
  type PaymentStatus,
  PaymentStatusUpdatedSchema,
  type PaymentStatusUpdateInput,
} from '@acres/contracts';
import { AllocationAsOfSchema } from '@acres/contracts/as-of';
import { z } from 'zod';
import { ADMIN_CHARTS_KEY, ADMIN_COUNTERS_KEY, type AdminPage, adminPageParams } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';
import { filenameFromContentDisposition } from '@/features/admin/leads/lib/csv-filename';
import { saveDownloadedFile } from '@/lib/save-download';
import { type AsOf, withAsOf } from '@/components/as-of/as-of-query';
import { apiRequest } from '@/lib/api-client';
import { lagosDayIso } from '@acres/contracts/lagos-time';
import { recordPath, sendAdminCommand } from '@/features/admin/shell/api/admin-client';
import { useRefreshMatching } from '@/features/admin/shell/api/use-admin-query';

/** The Payments tab's status filter: every payment, or one status. */
export type PaymentFilter = 'all' | PaymentStatus;

/** The payment audit's filters as the tab holds them: the status, a search, Lagos days and an investor. */
export type PaymentAuditFilter = {
  status: PaymentFilter;
  search: string;
  from: string;
  to: string;
  investor: { id: string; label: string } | null;
};

export const NO_PAYMENT_FILTER: PaymentAuditFilter = { status: 'all', search: '', from: '', to: '', investor: null };

/** The query parameters of a filter, leaving out what does not narrow (so 'all' and blanks send nothing). */
export function paymentFilterParams(filter: Partial<PaymentAuditFilter>, params = new URLSearchParams()): URLSearchParams {
  const query: AdminPaymentsFilterInput = {
    status: filter.status && filter.status !== 'all' ? filter.status : undefined,
    search: filter.search?.trim() || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    investor: filter.investor?.id,
  };
  for (const [name, value] of Object.entries(query)) if (typeof value === 'string') params.set(name, value);
  return params;
}

export const ADMIN_PAYMENTS_PREFIX = '/api/admin/payments';
export const ADMIN_ALLOCATION_KEY = '/api/admin/allocation';

const PaymentHistorySchema = z.array(PaymentHistoryEntrySchema);

/** The payments review list, newest first, narrowed by the filter; 'all' sends no status so the server applies no filter. */
export function adminPaymentsKey({ offset, cursor, ...filter }: AdminPage & Partial<PaymentAuditFilter>): string {
  return `${ADMIN_PAYMENTS_PREFIX}?${paymentFilterParams(filter, adminPageParams(offset, cursor))}`;
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
      key.startsWith(ADMIN_ALLOCATION_KEY) ||
      key === ADMIN_CHARTS_KEY)
  );
}

export function useAdminPayments(query: AdminPage & PaymentAuditFilter) {
  return useAdminQuery(adminPaymentsKey(query), AdminPaymentsResponseSchema);
}

/** A payment's timeline; null paymentId fetches nothing (no dialog open). */
export function useAdminPaymentHistory(paymentId: string | null) {
  // A timeline is small and read once per opening: no kept data from another payment.
  return useAdminQuery(paymentId ? adminPaymentHistoryKey(paymentId) : null, PaymentHistorySchema, { keepPreviousData: false });
}

/** The allocation now, or as of a day or log position (the key keeps the allocation prefix, so a decision's refresh reaches it). */
export function useAdminAllocation(asOf: AsOf = null) {
  // Never the figures of another moment while the asked one loads.
  return useAdminQuery(withAsOf(ADMIN_ALLOCATION_KEY, asOf), AllocationAsOfSchema, { keepPreviousData: false });
}

/** After a decision: the payment lists, timelines, counters and allocation, fetched again. */
export function useRefreshAfterDecision(): () => Promise<unknown> {
  return useRefreshMatching(isPaymentDecisionKey);
}

/**
 * PUT /api/admin/payments/{id}/status. The answer's position is remembered by the
 * api-client, so the refresh that follows waits until the lists show the decision.
 */
export const updatePaymentStatus = (authorization: string, paymentId: string, update: PaymentStatusUpdateInput) =>
  sendAdminCommand(
    authorization,
    'PUT',
    recordPath(ADMIN_PAYMENTS_PREFIX, paymentId, 'status'),
    update,
    PaymentStatusUpdatedSchema,
  );

/**
 * GET /api/admin/payments/export.csv with the list's filter: the whole filtered set, saved
 * under the server's file name. Answers the event-log position the export was taken at.
 */
export async function downloadPaymentsCsv(
  authorization: string,
  filter: PaymentAuditFilter,
): Promise<{ filename: string; position: string | null }> {
  const res = await apiRequest('GET', `${ADMIN_PAYMENTS_PREFIX}/export.csv?${paymentFilterParams(filter)}`, undefined, {
    headers: { authorization },
  });
  const blob = await res.blob();
  const filename =
    filenameFromContentDisposition(res.headers.get('content-disposition')) ?? `payments-${lagosDayIso(new Date())}.csv`;
  saveDownloadedFile(blob, filename);
  return { filename, position: res.headers.get(EXPORT_POSITION_HEADER) };
}
