import { formatNaira } from '@acres/contracts/money';
import { acres, auditEntry } from './entry.ts';

export const paymentSubmitted = auditEntry('PaymentProofSubmitted', 'payment.submitted', (data) => {
  const difference = data.amountDifference ?? 0;
  const offPrice =
    difference === 0 ? '' : `, ${formatNaira(Math.abs(difference))} ${difference < 0 ? 'short of' : 'over'} the price`;
  return {
    at: data.submittedAt,
    actor: ['investor', data.userId],
    subject: ['payment', data.paymentId],
    summary: `Submitted a payment of ${formatNaira(data.amount)} (${acres(data.acres)})${offPrice}`,
  };
});

export const paymentDecided = (type: 'PaymentApproved' | 'PaymentRejected') => {
  const approved = type === 'PaymentApproved';
  return auditEntry(type, approved ? 'payment.approved' : 'payment.rejected', (data) => {
    const amount = data.amount === undefined ? '' : ` for ${formatNaira(data.amount)}`;
    return {
      at: data.decidedAt,
      actor: ['admin', data.decidedBy],
      subject: ['payment', data.paymentId],
      summary: `${approved ? 'Approved' : 'Rejected'} a payment${amount} (${acres(data.acres)})`,
      notes: data.adminNotes,
    };
  });
};
