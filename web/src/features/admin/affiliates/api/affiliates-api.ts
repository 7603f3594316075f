import {
  AdminAffiliateSalesResponseSchema,
  AdminAffiliatesResponseSchema,
  type SaleStatus,
  type SaleStatusUpdate,
  SaleStatusUpdatedSchema,
} from '@acres/contracts';
import { type AdminPage, adminPageParams } from '@/features/admin/shell/api/admin-client';
import { useAdminQuery } from '@/features/admin/shell/api/use-admin-query';
import { recordPath, sendAdminCommand } from '@/features/admin/shell/api/admin-client';
import { useRefreshMatching } from '@/features/admin/shell/api/use-admin-query';

/** The Affiliates tab's sales filter: one status, or every sale. */
export type SaleFilter = 'all' | SaleStatus;

export const ADMIN_AFFILIATES_PREFIX = '/api/admin/affiliates';
export const ADMIN_AFFILIATE_SALES_PREFIX = '/api/admin/affiliate-sales';
export const ADMIN_PAYOUTS_PREFIX = '/api/admin/payouts';

/** Affiliate profiles with their sales figures, in the server's order. */
export function adminAffiliatesKey({ offset, cursor }: AdminPage): string {
  return `${ADMIN_AFFILIATES_PREFIX}?${adminPageParams(offset, cursor)}`;
}

/** Reported sales, newest first; 'all' sends no status so the server applies no filter; optionally one affiliate's. */
export function adminAffiliateSalesKey({
  offset,
  cursor,
  status,
  affiliateId,
}: AdminPage & { status: SaleFilter; affiliateId?: string | null }): string {
  const params = adminPageParams(offset, cursor);
  if (status !== 'all') params.set('status', status);
  if (affiliateId) params.set('affiliateId', affiliateId);
  return `${ADMIN_AFFILIATE_SALES_PREFIX}?${params}`;
}

/**
 * What a sale decision changes on screen: the sales lists, the affiliates' counts,
 * commissions and statements, and the payouts (a verified commission is unpaid).
 */
export function isSaleDecisionKey(key: unknown): boolean {
  return (
    typeof key === 'string' &&
    (key.startsWith(`${ADMIN_AFFILIATE_SALES_PREFIX}?`) ||
      key.startsWith(`${ADMIN_AFFILIATES_PREFIX}?`) ||
      key.startsWith(`${ADMIN_AFFILIATES_PREFIX}/`) ||
      key.startsWith(ADMIN_PAYOUTS_PREFIX))
  );
}

/** The affiliates list; `enabled: false` (a role without the area) fetches nothing. */
export function useAdminAffiliates(query: AdminPage, options: { enabled?: boolean } = {}) {
  return useAdminQuery(options.enabled === false ? null : adminAffiliatesKey(query), AdminAffiliatesResponseSchema);
}

export function useAdminAffiliateSales(query: AdminPage & { status: SaleFilter; affiliateId?: string | null }) {
  return useAdminQuery(adminAffiliateSalesKey(query), AdminAffiliateSalesResponseSchema);
}

/** After a sale decision: the sales lists and the affiliates' figures, fetched again. */
export function useRefreshAfterSaleDecision(): () => Promise<unknown> {
  return useRefreshMatching(isSaleDecisionKey);
}

/**
 * PUT /api/admin/affiliate-sales/{id}/status: verify (the rate and commission are fixed
 * now, from the affiliate's tier) or reject, once. The answer's position is remembered
 * by the api-client, so the refresh that follows waits until the lists show it.
 */
export const updateAffiliateSaleStatus = (authorization: string, saleId: string, update: SaleStatusUpdate) =>
  sendAdminCommand(
    authorization,
    'PUT',
    recordPath(ADMIN_AFFILIATE_SALES_PREFIX, saleId, 'status'),
    update,
    SaleStatusUpdatedSchema,
  );
