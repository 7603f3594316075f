import type { AdminAffiliateSalesResponse } from '@acres/contracts/affiliate-reads';
import type { SaleStatus } from '@acres/contracts/constants';
import type { AffiliateStats, Sale } from '@acres/contracts/sale';
import type { Queryable } from '@acres/platform';
import { AFFILIATE_SALES, SALE_VIEW_COLUMNS, toAdminSale, toSale, type AdminSaleView, type SaleView } from './affiliate-sales.ts';
import { AFFILIATES } from './affiliates.ts';
import { SUBSCRIPTIONS } from '../applications/subscriptions.ts';
import { LEADS } from '../leads/leads.ts';
import { cursorOf, LAST_PAGE_CURSOR } from '../shared/query/cursor.ts';
import { boundedCountSql, readKeysetPage } from '../shared/query/keyset-page.ts';

const NEWEST_FIRST = 'ORDER BY s.reported_at DESC, s.id DESC';

/** How many sales the stats show as recent. */
export const RECENT_SALES = 5;

/** The affiliate's own sales, newest first (all of them, or the most recent `limit`). */
export const listOwnSales = async (db: Queryable, options: { userId: string; limit?: number }): Promise<Sale[]> => {
  const { rows } = await db.query<SaleView>(
    `SELECT ${SALE_VIEW_COLUMNS} FROM ${AFFILIATE_SALES.table} s WHERE s.affiliate_user_id = $1 ${NEWEST_FIRST} LIMIT $2`,
    [options.userId, options.limit ?? null],
  );
  return rows.map(toSale);
};

type StatsRow = {
  total_sales: number;
  total_acres: number;
  verified_sales: number;
  pending_sales: number;
  total_commissions: number;
  referred_leads: number;
  referred_applications: number;
};

/**
 * The affiliate's figures in one round trip: their sales counted through the
 * (affiliate_user_id, …) index, and the leads and applications that carry their code
 * (counts only; the affiliate never sees who). null when the user has no profile.
 */
export const readOwnStats = async (db: Queryable, userId: string): Promise<AffiliateStats | null> => {
  const [stats, recent] = await Promise.all([
    db.query<StatsRow>(
      `SELECT s.*,
              (SELECT count(*) FROM ${LEADS.table} l WHERE l.referral_code = a.referral_code) AS referred_leads,
              (SELECT count(*) FROM ${SUBSCRIPTIONS.table} x WHERE x.referral_code = a.referral_code) AS referred_applications
         FROM ${AFFILIATES.table} a
         CROSS JOIN LATERAL (
           SELECT count(*) FILTER (WHERE status <> 'rejected') AS total_sales,
                  COALESCE(sum(acres) FILTER (WHERE status <> 'rejected'), 0) AS total_acres,
                  count(*) FILTER (WHERE status = 'verified') AS verified_sales,
                  count(*) FILTER (WHERE status = 'pending') AS pending_sales,
                  COALESCE(sum(computed_commission) FILTER (WHERE status = 'verified'), 0) AS total_commissions
             FROM ${AFFILIATE_SALES.table} WHERE affiliate_user_id = a.user_id
         ) s
        WHERE a.user_id = $1`,
      [userId],
    ),
    listOwnSales(db, { userId, limit: RECENT_SALES }),
  ]);
  const row = stats.rows[0];
  if (!row) return null;
  return {
    totalSales: row.total_sales,
    totalAcresSold: row.total_acres,
    verifiedSales: row.verified_sales,
    pendingSales: row.pending_sales,
    totalCommissions: row.total_commissions,
    recentSales: recent,
    referredLeads: row.referred_leads,
    referredApplications: row.referred_applications,
  };
};

/**
 * The admin's list of reported sales: newest first by (reported_at, id), optionally one
 * status; keyset pages with a `cursor`, offset paging without one. The total is a count
 * over the same filter capped at FILTERED_TOTAL_CAP (no counter keeps sales). The
 * affiliate comes by LEFT JOIN, so a sale shows even while its affiliate's row lags behind.
 */
export const listAffiliateSales = async (
  db: Queryable,
  query: {
    status?: SaleStatus | undefined;
    affiliateId?: string | undefined;
    limit: number;
    offset: number;
    cursor?: string | undefined;
  },
): Promise<AdminAffiliateSalesResponse> => {
  const conditions: string[] = [];
  const filter: string[] = [];
  if (query.status) conditions.push(`s.status = $${filter.push(query.status)}`);
  if (query.affiliateId) conditions.push(`s.affiliate_id = $${filter.push(query.affiliateId)}`);
  const page = await readKeysetPage<AdminSaleView & { id: string; cursor_at: string }>(db, {
    select: `${SALE_VIEW_COLUMNS}, s.affiliate_id, s.affiliate_user_id, a.full_name AS affiliate_name, a.referral_code,
              s.verified_by, s.rejected_at, s.rejected_by, s.proof_image_path`,
    from: `${AFFILIATE_SALES.table} s LEFT JOIN ${AFFILIATES.table} a ON a.id = s.affiliate_id`,
    column: 's.reported_at',
    idColumn: 's.id',
    conditions,
    values: filter,
    total: boundedCountSql(`${AFFILIATE_SALES.table} s`, conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''),
    limit: query.limit,
    offset: query.offset,
    cursor: cursorOf(query.cursor),
  });
  return {
    total: page.total,
    sales: page.rows.map(toAdminSale),
    nextCursor: page.nextCursor,
    prevCursor: page.prevCursor,
    lastCursor: LAST_PAGE_CURSOR,
  };
};
