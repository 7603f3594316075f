import { formatNaira } from '@acres/contracts/money';
import { parseEventData } from '../shared/projection/projection.ts';
import { acres, shortId, toNotes, type Mapper } from './entry.ts';

export const affiliateRegistered: Mapper = (event) => {
  const data = parseEventData('AffiliateRegistered', event);
  return {
    occurred_at: data.joinedAt,
    kind: 'affiliate.registered',
    actor_kind: 'affiliate',
    actor_id: data.affiliateId,
    subject_type: 'affiliate',
    subject_id: data.affiliateId,
    summary: `Registered as affiliate ${shortId(data.affiliateId)} with referral code ${data.referralCode}`,
    notes: null,
    changes: null,
  };
};

export const affiliateSuspended: Mapper = (event) => {
  const data = parseEventData('AffiliateSuspended', event);
  return {
    occurred_at: data.suspendedAt,
    kind: 'affiliate.suspended',
    actor_kind: 'admin',
    actor_id: data.decidedBy,
    subject_type: 'affiliate',
    subject_id: data.affiliateId,
    summary: `Suspended affiliate ${shortId(data.affiliateId)}`,
    notes: toNotes(data.reason),
    changes: null,
  };
};

export const affiliateReactivated: Mapper = (event) => {
  const data = parseEventData('AffiliateReactivated', event);
  return {
    occurred_at: data.reactivatedAt,
    kind: 'affiliate.reactivated',
    actor_kind: 'admin',
    actor_id: data.decidedBy,
    subject_type: 'affiliate',
    subject_id: data.affiliateId,
    summary: `Reactivated affiliate ${shortId(data.affiliateId)}`,
    notes: toNotes(data.notes),
    changes: null,
  };
};

export const saleReported: Mapper = (event) => {
  const data = parseEventData('SaleReported', event);
  const proof = data.proofImagePath ? ', with a proof image' : '';
  return {
    occurred_at: data.reportedAt,
    kind: 'sale.reported',
    actor_kind: 'affiliate',
    actor_id: data.affiliateId,
    subject_type: 'sale',
    subject_id: data.saleId,
    summary: `Reported sale ${shortId(data.saleId)} of ${acres(data.acres)} for ${formatNaira(data.amountPaid)}${proof}`,
    notes: null,
    changes: null,
  };
};

export const saleVerified: Mapper = (event) => {
  const data = parseEventData('SaleVerified', event);
  return {
    occurred_at: data.verifiedAt,
    kind: 'sale.verified',
    actor_kind: 'admin',
    actor_id: data.verifiedBy,
    subject_type: 'sale',
    subject_id: data.saleId,
    summary: `Verified sale ${shortId(data.saleId)}: commission ${formatNaira(data.computedCommission)} at ${data.commissionRateBps / 100}%`,
    notes: toNotes(data.notes),
    changes: null,
  };
};

export const saleRejected: Mapper = (event) => {
  const data = parseEventData('SaleRejected', event);
  return {
    occurred_at: data.rejectedAt,
    kind: 'sale.rejected',
    actor_kind: 'admin',
    actor_id: data.rejectedBy,
    subject_type: 'sale',
    subject_id: data.saleId,
    summary: `Rejected sale ${shortId(data.saleId)}`,
    notes: toNotes(data.notes),
    changes: null,
  };
};

export const payoutCreated: Mapper = (event) => {
  const data = parseEventData('PayoutBatchCreated', event);
  const count = data.items.length;
  return {
    occurred_at: data.createdAt,
    kind: 'payout.created',
    actor_kind: 'admin',
    actor_id: data.createdBy,
    subject_type: 'payout',
    subject_id: data.batchId,
    summary: `Created payout batch ${data.reference}: ${count} commission${count === 1 ? '' : 's'} up to ${data.upTo}, ${formatNaira(data.total)}`,
    notes: null,
    changes: null,
  };
};

export const payoutPaid: Mapper = (event) => {
  const data = parseEventData('PayoutBatchPaid', event);
  return {
    occurred_at: data.paidAt,
    kind: 'payout.paid',
    actor_kind: 'admin',
    actor_id: data.paidBy,
    subject_type: 'payout',
    subject_id: data.batchId,
    summary: `Marked payout batch ${shortId(data.batchId)} paid, transfer reference ${data.transferReference}`,
    notes: null,
    changes: null,
  };
};
