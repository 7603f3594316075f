import type { AdminAffiliate, AdminAffiliatesResponse } from '@acres/contracts/affiliate-reads';
import type { Affiliate } from '@acres/contracts/affiliate';
import { bpsToPercent } from '@acres/contracts/commission';
import type { AffiliateStatus, MarketingExperience } from '@acres/contracts/constants';
import type { Queryable } from '@acres/platform';

type AffiliateRow = {
  id: string;
  user_id: string;
  full_name: string;
  email: string;
  phone: string;
  company_name: string | null;
  bank_name: string;
  account_number: string;
  account_name: string;
  marketing_experience: MarketingExperience;
  marketing_channels: string;
  commission_rate_bps: number;
  referral_code: string;
  status: AffiliateStatus;
  verified_sales: number;
  joined_at: Date;
  updated_at: Date;
};

type AdminAffiliateRow = AffiliateRow & {
  total_sales: number;
  pending_sales: number;
  rejected_sales: number;
  total_commissions: number;
};

const COLUMNS = `a.id, a.user_id, a.full_name, a.email, a.phone, a.company_name, a.bank_name, a.account_number,
  a.account_name, a.marketing_experience, a.marketing_channels, a.commission_rate_bps, a.referral_code, a.status,
  a.verified_sales, a.joined_at, a.updated_at`;

const toAffiliate = (row: AffiliateRow): Affiliate => ({
  id: row.id,
  userId: row.user_id,
  fullName: row.full_name,
  email: row.email,
  phone: row.phone,
  companyName: row.company_name,
  bankName: row.bank_name,
  accountNumber: row.account_number,
  accountName: row.account_name,
  marketingExperience: row.marketing_experience,
  marketingChannels: row.marketing_channels,
  commissionRate: row.commission_rate_bps,
  commissionRatePercent: bpsToPercent(row.commission_rate_bps),
  referralCode: row.referral_code,
  status: row.status,
  verifiedSales: row.verified_sales,
  joinedAt: row.joined_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** The signed-in user's own profile, or null when they have not registered as an affiliate. */
export const readOwnAffiliate = async (db: Queryable, userId: string): Promise<Affiliate | null> => {
  const { rows } = await db.query<AffiliateRow>(`SELECT ${COLUMNS} FROM affiliates a WHERE a.user_id = $1`, [userId]);
  return rows[0] ? toAffiliate(rows[0]) : null;
};

/** Whether the user has a profile: the gate of every affiliate read (404 otherwise). */
export const hasAffiliateProfile = async (db: Queryable, userId: string): Promise<boolean> => {
  const { rows } = await db.query('SELECT 1 FROM affiliates WHERE user_id = $1', [userId]);
  return rows.length > 0;
};

const toAdminAffiliate = (row: AdminAffiliateRow): AdminAffiliate => ({
  ...toAffiliate(row),
  verifiedSales: row.verified_sales,
  totalSales: row.total_sales,
  pendingSales: row.pending_sales,
  rejectedSales: row.rejected_sales,
  totalCommissions: row.total_commissions,
});

/**
 * The admin's list: newest first with offset paging, each affiliate with their sales in
 * figures, counted per affiliate through the (affiliate_user_id, …) index.
 */
export const listAffiliates = async (db: Queryable, query: { limit: number; offset: number }): Promise<AdminAffiliatesResponse> => {
  const [page, count] = await Promise.all([
    db.query<AdminAffiliateRow>(
      `SELECT ${COLUMNS}, s.total_sales, s.pending_sales, s.rejected_sales, s.total_commissions
         FROM affiliates a
         CROSS JOIN LATERAL (
           SELECT count(*) FILTER (WHERE status <> 'rejected') AS total_sales,
                  count(*) FILTER (WHERE status = 'pending') AS pending_sales,
                  count(*) FILTER (WHERE status = 'rejected') AS rejected_sales,
                  COALESCE(sum(computed_commission) FILTER (WHERE status = 'verified'), 0) AS total_commissions
             FROM affiliate_sales WHERE affiliate_user_id = a.user_id
         ) s
        ORDER BY a.joined_at DESC, a.id DESC
        LIMIT $1 OFFSET $2`,
      [query.limit, query.offset],
    ),
    db.query<{ total: number }>('SELECT count(*) AS total FROM affiliates'),
  ]);
  return { total: count.rows[0]?.total ?? 0, affiliates: page.rows.map(toAdminAffiliate) };
};
