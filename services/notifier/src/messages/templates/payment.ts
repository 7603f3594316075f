import type { PaymentApprovedData, PaymentProofSubmittedData, PaymentRejectedData } from '@acres/contracts/events';
import { formatNaira } from '@acres/contracts/money';
import type { Contact } from '../contacts.ts';
import { acresText, emailTo, firstNameOf, formatWat, type Draft } from './build.ts';

const paymentFacts = (payment: { acres: number; amount?: number | undefined }) =>
  [['Acres', acresText(payment.acres)], ...(payment.amount ? [['Amount', formatNaira(payment.amount)] as const] : [])] as const;

export const paymentProofReceived = (payment: PaymentProofSubmittedData, investor: Contact & { email: string }): Draft =>
  emailTo({
    kind: 'payment-proof-received',
    to: investor.email,
    subject: 'Payment proof received',
    content: {
      heading: 'We received your payment proof',
      greeting: `Hi ${firstNameOf(investor.name)},`,
      blocks: [
        { kind: 'facts', rows: [...paymentFacts(payment), ['Submitted', formatWat(payment.submittedAt)]] },
        { kind: 'paragraph', text: "It is now waiting for review. You'll be notified once it's processed." },
      ],
    },
  });

export const adminNewPaymentProof = (
  payment: PaymentProofSubmittedData,
  investor: Contact | undefined,
  adminEmail: string,
): Draft =>
  emailTo({
    kind: 'admin-new-payment-proof',
    to: adminEmail,
    subject: `Payment proof to review: ${acresText(payment.acres)}, ${formatNaira(payment.amount)}`,
    content: {
      heading: 'A payment proof is waiting for review',
      greeting: 'Hello,',
      blocks: [
        {
          kind: 'facts',
          rows: [
            ['Investor', investor?.name ?? investor?.email ?? payment.userId],
            ...paymentFacts(payment),
            ['Submitted', formatWat(payment.submittedAt)],
          ],
        },
        { kind: 'paragraph', text: 'Approve or reject it in the Payments tab of the admin area.' },
      ],
    },
  });

export const paymentDecided = (options: {
  decision: 'approved' | 'rejected';
  payment: PaymentApprovedData | PaymentRejectedData;
  investor: Contact & { email: string };
}): Draft => {
  const { decision, payment, investor } = options;
  const notes = payment.adminNotes.trim();
  return emailTo({
    kind: decision === 'approved' ? 'payment-approved' : 'payment-rejected',
    to: investor.email,
    subject: decision === 'approved' ? 'Your payment was approved' : 'Your payment was not approved',
    content: {
      heading: decision === 'approved' ? 'Payment approved' : 'Payment not approved',
      greeting: `Hi ${firstNameOf(investor.name)},`,
      blocks: [
        {
          kind: 'paragraph',
          text:
            decision === 'approved'
              ? 'Your payment has been approved and the acres are allocated to you.'
              : 'Your payment proof was reviewed and could not be approved.',
        },
        { kind: 'facts', rows: [...paymentFacts(payment), ['Decided', formatWat(payment.decidedAt)]] },
        ...(notes ? [{ kind: 'note' as const, text: `Notes from our team: ${notes}` }] : []),
      ],
    },
  });
};
