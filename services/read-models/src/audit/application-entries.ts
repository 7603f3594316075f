import { formatNaira } from '@acres/contracts/money';
import { acres, auditEntry } from './entry.ts';

export const applicationSubmitted = auditEntry('ApplicationSubmitted', 'application.submitted', (data) => ({
  at: data.submittedAt,
  actor: ['applicant', null],
  subject: ['application', data.applicationNumber],
  summary: `Submitted application ${data.applicationNumber} for ${acres(data.acresSubscribed)} (${formatNaira(data.subscriptionValue)})`,
}));

export const applicationDecided = (type: 'ApplicationApproved' | 'ApplicationRejected') => {
  const approved = type === 'ApplicationApproved';
  return auditEntry(type, approved ? 'application.approved' : 'application.rejected', (data) => {
    const verified = data.amountVerified === null ? '' : `: ${formatNaira(data.amountVerified)} verified`;
    const receipt = data.escrowReceiptNumber === null ? '' : `, escrow receipt ${data.escrowReceiptNumber}`;
    return {
      at: data.decidedAt,
      actor: ['admin', data.decidedBy],
      subject: ['application', data.applicationNumber],
      summary: `${approved ? 'Approved' : 'Rejected'} application ${data.applicationNumber}${verified}${receipt}`,
      notes: data.notes,
    };
  });
};
