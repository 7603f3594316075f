// SPEC 3 affiliates: one row per AffiliateRegistered on affiliate-{userId}, its commission
// rate following CommissionTierReached and its verified-sales count following SaleVerified
// (the projector's projections/affiliates), read as the contract's Affiliate (the
// affiliate's profile) and AdminAffiliate (the admin's list).

import type { AdminAffiliate } from '@acres/contracts/affiliate-reads';
import type { Affiliate } from '@acres/contracts/affiliate';
import { bpsToPercent } from '@acres/contracts/commission';
import type { AffiliateStatus, MarketingExperience } from '@acres/contracts/constants';
import { defineReadModel, selectList, type Position, type SqlTypes } from '../shared/read-model.ts';

export const AFFILIATES = defineReadModel('affiliates', 'affiliates', '1700000000007_affiliates.sql');

export type AffiliateRow = {
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
  /** Basis points (DESIGN 9): 500, 750, 1000. */
  commission_rate_bps: number;
  referral_code: string;
  status: AffiliateStatus;
  verified_sales: number;
  joined_at: Date;
  updated_at: Date;
  /** The last AffiliateSuspended / AffiliateReactivated applied (0 for none). */
  status_position: Position;
  /** The last event applied to the row: the mark that keeps a replayed event from counting twice. */
  global_position: Position;
};

export const AFFILIATE_COLUMNS = {
  id: 'uuid',
  user_id: 'uuid',
  full_name: 'text',
  email: 'text',
  phone: 'text',
  company_name: 'text',
  bank_name: 'text',
  account_number: 'text',
  account_name: 'text',
  marketing_experience: 'text',
  marketing_channels: 'text',
  commission_rate_bps: 'integer',
  referral_code: 'text',
  status: 'text',
  verified_sales: 'integer',
  joined_at: 'timestamptz',
  updated_at: 'timestamptz',
  status_position: 'bigint',
  global_position: 'bigint',
} as const satisfies SqlTypes<AffiliateRow>;

/** The columns an Affiliate is made of. */
export type AffiliateView = Omit<AffiliateRow, 'global_position' | 'status_position'>;

/** SELECT list of an AffiliateView from `affiliates a`. */
export const AFFILIATE_VIEW_COLUMNS = selectList(AFFILIATE_COLUMNS, { omit: ['global_position', 'status_position'], alias: 'a' });

export const toAffiliate = (row: AffiliateView): Affiliate => ({
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
  commissionRate: bpsToPercent(row.commission_rate_bps),
  referralCode: row.referral_code,
  status: row.status,
  verifiedSales: row.verified_sales,
  joinedAt: row.joined_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** An affiliate with their sales in figures, counted from the affiliate_sales read model. */
export type AdminAffiliateView = AffiliateView & {
  total_sales: number;
  pending_sales: number;
  rejected_sales: number;
  total_commissions: number;
};

export const toAdminAffiliate = (row: AdminAffiliateView): AdminAffiliate => ({
  ...toAffiliate(row),
  verifiedSales: row.verified_sales,
  totalSales: row.total_sales,
  pendingSales: row.pending_sales,
  rejectedSales: row.rejected_sales,
  totalCommissions: row.total_commissions,
});
