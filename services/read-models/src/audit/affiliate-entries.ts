import { formatNaira } from '@acres/contracts/money';
import { acres, auditEntry, mention } from './entry.ts';

/** Sales before the event carried the affiliate say only "a sale". */
const by = (affiliateId: string | undefined) => (affiliateId ? ` by ${mention('affiliate', affiliateId)}` : '');

export const affiliateRegistered = auditEntry('AffiliateRegistered', 'affiliate.registered', (data) => ({
  at: data.joinedAt,
  actor: ['affiliate', data.affiliateId],
  subject: ['affiliate', data.affiliateId],
  summary: `Registered as an affiliate with referral code ${data.referralCode}`,
}));

export const affiliateSuspended = auditEntry('AffiliateSuspended', 'affiliate.suspended', (data) => ({
  at: data.suspendedAt,
  actor: ['admin', data.decidedBy],
  subject: ['affiliate', data.affiliateId],
  summary: `Suspended ${mention('affiliate', data.affiliateId)}`,
  notes: data.reason,
}));

export const affiliateReactivated = auditEntry('AffiliateReactivated', 'affiliate.reactivated', (data) => ({
  at: data.reactivatedAt,
  actor: ['admin', data.decidedBy],
  subject: ['affiliate', data.affiliateId],
  summary: `Reactivated ${mention('affiliate', data.affiliateId)}`,
  notes: data.notes,
}));

export const saleReported = auditEntry('SaleReported', 'sale.reported', (data) => {
  const proof = data.proofImagePath ? ', with a proof image' : '';
  return {
    at: data.reportedAt,
    actor: ['affiliate', data.affiliateId],
    subject: ['sale', data.saleId],
    summary: `Reported a sale of ${acres(data.acres)} for ${formatNaira(data.amountPaid)}${proof}`,
  };
});

export const saleVerified = auditEntry('SaleVerified', 'sale.verified', (data) => ({
  at: data.verifiedAt,
  actor: ['admin', data.verifiedBy],
  subject: ['sale', data.saleId],
  summary: `Verified a sale${by(data.affiliateId)}: commission ${formatNaira(data.computedCommission)} at ${data.commissionRateBps / 100}%`,
  notes: data.notes,
}));

export const saleRejected = auditEntry('SaleRejected', 'sale.rejected', (data) => ({
  at: data.rejectedAt,
  actor: ['admin', data.rejectedBy],
  subject: ['sale', data.saleId],
  summary: `Rejected a sale${by(data.affiliateId)}`,
  notes: data.notes,
}));

export const payoutCreated = auditEntry('PayoutBatchCreated', 'payout.created', (data) => {
  const count = data.items.length;
  return {
    at: data.createdAt,
    actor: ['admin', data.createdBy],
    subject: ['payout', data.batchId],
    summary: `Created payout batch ${data.reference}: ${count} commission${count === 1 ? '' : 's'} up to ${data.upTo}, ${formatNaira(data.total)}`,
  };
});

export const payoutPaid = auditEntry('PayoutBatchPaid', 'payout.paid', (data) => ({
  at: data.paidAt,
  actor: ['admin', data.paidBy],
  subject: ['payout', data.batchId],
  summary: `Marked a payout batch paid, transfer reference ${data.transferReference}`,
}));
