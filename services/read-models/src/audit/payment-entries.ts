import { formatNaira } from '@acres/contracts/money';
import { parseEventData } from '../shared/projection/projection.ts';
import { acres, shortId, toNotes, type Mapper } from './entry.ts';

export const paymentSubmitted: Mapper = (event) => {
  const data = parseEventData('PaymentProofSubmitted', event);
  const difference = data.amountDifference ?? 0;
  const offPrice =
    difference === 0 ? '' : `, ${formatNaira(Math.abs(difference))} ${difference < 0 ? 'short of' : 'over'} the price`;
  return {
    occurred_at: data.submittedAt,
    kind: 'payment.submitted',
    actor_kind: 'investor',
    actor_id: data.userId,
    subject_type: 'payment',
    subject_id: data.paymentId,
    summary: `Submitted payment ${shortId(data.paymentId)} for ${formatNaira(data.amount)} (${acres(data.acres)})${offPrice}`,
    notes: null,
    changes: null,
  };
};

export const paymentDecided =
  (type: 'PaymentApproved' | 'PaymentRejected'): Mapper =>
  (event) => {
    const approved = type === 'PaymentApproved';
    const data = parseEventData(type, event);
    const amount = data.amount === undefined ? '' : ` for ${formatNaira(data.amount)}`;
    return {
      occurred_at: data.decidedAt,
      kind: approved ? 'payment.approved' : 'payment.rejected',
      actor_kind: 'admin',
      actor_id: data.decidedBy,
      subject_type: 'payment',
      subject_id: data.paymentId,
      summary: `${approved ? 'Approved' : 'Rejected'} payment ${shortId(data.paymentId)}${amount} (${acres(data.acres)})`,
      notes: toNotes(data.adminNotes),
      changes: null,
    };
  };
