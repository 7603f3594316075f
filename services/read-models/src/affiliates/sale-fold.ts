// The affiliate_sales read model's rules as data: what each event means for a sale row
// (parseSaleEvent, the mapping the projector's affiliate-sales projection writes with),
// and the same rules folded in memory for an affiliate's statement as of a log position:
// a report makes a pending row once, the first decision moves a pending row, a payout
// batch takes verified commissions not yet in a batch, and its payment fills what is empty.

import { parseEventData, type LoggedEvent } from '../shared/event-data.ts';
import type { RowToWrite } from '../shared/read-model.ts';
import type { AffiliateSaleRow } from './affiliate-sales.ts';

export const SALE_PAYOUT_EVENTS = ['PayoutBatchCreated', 'PayoutBatchPaid'] as const;
export const SALE_EVENTS = ['SaleReported', 'SaleVerified', 'SaleRejected', ...SALE_PAYOUT_EVENTS] as const;

const AFFILIATE_STREAM_PREFIX = 'affiliate-';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The affiliate-{userId} stream of an affiliate's events. */
export const affiliateStreamOf = (userId: string) => `${AFFILIATE_STREAM_PREFIX}${userId}`;

/** The user who owns an affiliate-{userId} stream; an event elsewhere is a broken log. */
export const affiliateUserIdFromStream = (event: Pick<LoggedEvent, 'type' | 'streamId'>): string => {
  const userId = event.streamId.startsWith(AFFILIATE_STREAM_PREFIX) ? event.streamId.slice(AFFILIATE_STREAM_PREFIX.length) : '';
  if (!UUID.test(userId)) throw new Error(`${event.type} is not on an affiliate-{userId} stream: ${event.streamId}`);
  return userId.toLowerCase();
};

/** Columns the decision or a payout fills (proof_image_path no event fills yet); a report leaves them null. */
export const SALE_FILLED_LATER = [
  'notes',
  'verified_at',
  'verified_by',
  'rejected_at',
  'rejected_by',
  'commission_rate_bps',
  'computed_commission',
  'payout_batch_id',
  'payout_reference',
  'transfer_reference',
  'paid_at',
] as const;
export type ReportedSaleRow = RowToWrite<Omit<AffiliateSaleRow, (typeof SALE_FILLED_LATER)[number]>>;

export type SaleDecision = {
  id: string;
  status: 'verified' | 'rejected';
  notes: string | null;
  by: string;
  at: string;
  rateBps: number | null;
  commission: number | null;
  position: string;
};

export type SalePayout =
  | { kind: 'batched'; batchId: string; reference: string; saleIds: string[] }
  | { kind: 'paid'; batchId: string; transferReference: string; paidAt: string };

export type ParsedSaleEvent =
  | { kind: 'reported'; row: ReportedSaleRow }
  | { kind: 'decided'; decision: SaleDecision }
  | { kind: 'payout'; payout: SalePayout };

const toNotes = (notes: string) => (notes.trim() === '' ? null : notes);

export const parseSalePayout = (event: LoggedEvent): SalePayout | null => {
  if (event.type === 'PayoutBatchCreated') {
    const data = parseEventData('PayoutBatchCreated', event);
    return { kind: 'batched', batchId: data.batchId, reference: data.reference, saleIds: data.items.map((item) => item.saleId) };
  }
  if (event.type === 'PayoutBatchPaid') {
    const data = parseEventData('PayoutBatchPaid', event);
    return { kind: 'paid', batchId: data.batchId, transferReference: data.transferReference, paidAt: data.paidAt };
  }
  return null;
};

const parseReport = (event: LoggedEvent): ReportedSaleRow => {
  const data = parseEventData('SaleReported', event);
  return {
    id: data.saleId,
    affiliate_id: data.affiliateId,
    affiliate_user_id: affiliateUserIdFromStream(event),
    client_name: data.clientName,
    client_email: data.clientEmail ?? null,
    client_phone: data.clientPhone,
    acres: data.acres,
    amount: data.amountPaid,
    payment_plan: data.paymentPlan,
    transaction_date: data.transactionDate,
    proof_image_path: data.proofImagePath ?? null,
    status: 'pending',
    reported_at: data.reportedAt,
    global_position: event.globalPosition.toString(),
  };
};

const parseDecision = (event: LoggedEvent): SaleDecision | null => {
  const position = event.globalPosition.toString();
  if (event.type === 'SaleVerified') {
    const data = parseEventData('SaleVerified', event);
    return {
      id: data.saleId,
      status: 'verified',
      notes: toNotes(data.notes),
      by: data.verifiedBy,
      at: data.verifiedAt,
      rateBps: data.commissionRateBps,
      commission: data.computedCommission,
      position,
    };
  }
  if (event.type === 'SaleRejected') {
    const data = parseEventData('SaleRejected', event);
    return {
      id: data.saleId,
      status: 'rejected',
      notes: toNotes(data.notes),
      by: data.rejectedBy,
      at: data.rejectedAt,
      rateBps: null,
      commission: null,
      position,
    };
  }
  return null;
};

export const parseSaleEvent = (event: LoggedEvent): ParsedSaleEvent => {
  if (event.type === 'SaleReported') return { kind: 'reported', row: parseReport(event) };
  const decision = parseDecision(event);
  if (decision) return { kind: 'decided', decision };
  const payout = parseSalePayout(event);
  if (payout) return { kind: 'payout', payout };
  throw new Error(`affiliate-sales does not handle ${event.type}`);
};
