// SPEC 3 affiliate_sales: one row per SaleReported, decided once by SaleVerified (the rate
// and commission fixed then) or SaleRejected (the projector's
// projections/affiliates/affiliate-sales), read as the contract's Sale (the affiliate's
// own), AdminAffiliateSale (the admin's review) and StatementSale (the monthly statement).

import type { AdminAffiliateSale, StatementSale } from '@acres/contracts/affiliate-reads';
import type { SalePaymentPlan, SaleStatus } from '@acres/contracts/constants';
import { bpsToPercent } from '@acres/contracts/commission';
import type { CommissionStatus } from '@acres/contracts/payout';
import type { Sale } from '@acres/contracts/sale';
import { defineReadModel, selectList, type Position, type SqlTypes } from '../shared/read-model.ts';

export const AFFILIATE_SALES = defineReadModel('affiliate-sales', 'affiliate_sales', '1700000000007_affiliates.sql');

export type AffiliateSaleRow = {
  id: string;
  affiliate_id: string;
  /** The owner: the user of the affiliate-{userId} stream the sale was reported on. */
  affiliate_user_id: string;
  client_name: string;
  client_email: string | null;
  client_phone: string;
  acres: number;
  amount: number;
  payment_plan: SalePaymentPlan;
  /** 'YYYY-MM-DD' (selected as text, see selectList). */
  transaction_date: string;
  /** SPEC 5's optional sale proof: an uploaded object path from SaleReported. */
  proof_image_path: string | null;
  status: SaleStatus;
  /** The decision's notes (null for none). */
  notes: string | null;
  reported_at: Date;
  verified_at: Date | null;
  verified_by: string | null;
  rejected_at: Date | null;
  rejected_by: string | null;
  /** Fixed at verification (DESIGN 9), so a statement never changes afterwards. */
  commission_rate_bps: number | null;
  computed_commission: number | null;
  /** Set by PayoutBatchCreated: the one batch the commission is in. */
  payout_batch_id: string | null;
  payout_reference: string | null;
  /** Set by PayoutBatchPaid. */
  transfer_reference: string | null;
  paid_at: Date | null;
  global_position: Position;
};

export const AFFILIATE_SALE_COLUMNS = {
  id: 'uuid',
  affiliate_id: 'uuid',
  affiliate_user_id: 'uuid',
  client_name: 'text',
  client_email: 'text',
  client_phone: 'text',
  acres: 'numeric',
  amount: 'bigint',
  payment_plan: 'text',
  transaction_date: 'date',
  proof_image_path: 'text',
  status: 'text',
  notes: 'text',
  reported_at: 'timestamptz',
  verified_at: 'timestamptz',
  verified_by: 'text',
  rejected_at: 'timestamptz',
  rejected_by: 'text',
  commission_rate_bps: 'integer',
  computed_commission: 'bigint',
  payout_batch_id: 'uuid',
  payout_reference: 'text',
  transfer_reference: 'text',
  paid_at: 'timestamptz',
  global_position: 'bigint',
} as const satisfies SqlTypes<AffiliateSaleRow>;

const SALE_FIELDS = [
  'id',
  'client_name',
  'client_email',
  'client_phone',
  'acres',
  'amount',
  'status',
  'payment_plan',
  'transaction_date',
  'notes',
  'reported_at',
  'verified_at',
  'commission_rate_bps',
  'computed_commission',
  'payout_batch_id',
  'payout_reference',
  'transfer_reference',
  'paid_at',
] as const satisfies readonly (keyof AffiliateSaleRow)[];

/** The columns a Sale is made of. */
export type SaleView = Pick<AffiliateSaleRow, (typeof SALE_FIELDS)[number]>;

/** SELECT list of a SaleView from `affiliate_sales s`. */
export const SALE_VIEW_COLUMNS = selectList(AFFILIATE_SALE_COLUMNS, { only: SALE_FIELDS, alias: 's' });

/** pending → verified → in payout → paid; a rejected sale earns no commission (null). */
export const commissionStatusOf = (
  row: Pick<AffiliateSaleRow, 'status' | 'payout_batch_id' | 'paid_at'>,
): CommissionStatus | null => {
  if (row.status === 'rejected') return null;
  if (row.status === 'pending') return 'pending';
  if (row.paid_at) return 'paid';
  return row.payout_batch_id ? 'in_payout' : 'verified';
};

const rateOf = (bps: number | null) => (bps === null ? null : bpsToPercent(bps));

export const toSale = (row: SaleView): Sale => ({
  id: row.id,
  clientName: row.client_name,
  clientPhone: row.client_phone,
  clientEmail: row.client_email,
  acresPurchased: row.acres,
  amount: row.amount,
  status: row.status,
  paymentPlan: row.payment_plan,
  transactionDate: row.transaction_date,
  notes: row.notes,
  reportedAt: row.reported_at.toISOString(),
  verifiedAt: row.verified_at?.toISOString() ?? null,
  commissionRate: rateOf(row.commission_rate_bps),
  computedCommission: row.computed_commission,
  commissionStatus: commissionStatusOf(row),
  payoutReference: row.payout_reference,
  transferReference: row.transfer_reference,
  paidAt: row.paid_at?.toISOString() ?? null,
});

/** A sale with who reported it (the affiliate's name and code by join, null while the profile lags) and how it was decided. */
export type AdminSaleView = SaleView &
  Pick<
    AffiliateSaleRow,
    'affiliate_id' | 'affiliate_user_id' | 'verified_by' | 'rejected_at' | 'rejected_by' | 'proof_image_path'
  > & {
    affiliate_name: string | null;
    referral_code: string | null;
  };

export const toAdminSale = (row: AdminSaleView): AdminAffiliateSale => ({
  ...toSale(row),
  affiliateId: row.affiliate_id,
  affiliateUserId: row.affiliate_user_id,
  affiliateName: row.affiliate_name,
  referralCode: row.referral_code,
  verifiedBy: row.verified_by,
  rejectedAt: row.rejected_at?.toISOString() ?? null,
  rejectedBy: row.rejected_by,
  proofImagePath: row.proof_image_path,
});

/** A verified sale: its verification, rate and commission are set. */
export type StatementSaleView = Pick<
  AffiliateSaleRow,
  'id' | 'client_name' | 'acres' | 'amount' | 'status' | 'payout_batch_id' | 'payout_reference' | 'transfer_reference' | 'paid_at'
> & {
  verified_at: Date;
  commission_rate_bps: number;
  computed_commission: number;
};

export const toStatementSale = (row: StatementSaleView): StatementSale => ({
  id: row.id,
  clientName: row.client_name,
  acres: row.acres,
  amount: row.amount,
  verifiedAt: row.verified_at.toISOString(),
  commissionRate: bpsToPercent(row.commission_rate_bps),
  computedCommission: row.computed_commission,
  commissionStatus: commissionStatusOf(row) ?? 'verified',
  payoutReference: row.payout_reference,
  transferReference: row.transfer_reference,
  paidAt: row.paid_at?.toISOString() ?? null,
});
