import { formatNaira } from '@acres/contracts/money';
import { parseEventData } from '../shared/projection/projection.ts';
import { acres, toNotes, type Mapper } from './entry.ts';

export const applicationSubmitted: Mapper = (event) => {
  const data = parseEventData('ApplicationSubmitted', event);
  return {
    occurred_at: data.submittedAt,
    kind: 'application.submitted',
    actor_kind: 'applicant',
    actor_id: null,
    subject_type: 'application',
    subject_id: data.applicationNumber,
    summary: `Submitted application ${data.applicationNumber} for ${acres(data.acresSubscribed)} (${formatNaira(data.subscriptionValue)})`,
    notes: null,
    changes: null,
  };
};

export const applicationDecided =
  (type: 'ApplicationApproved' | 'ApplicationRejected'): Mapper =>
  (event) => {
    const approved = type === 'ApplicationApproved';
    const data = parseEventData(type, event);
    const verified = data.amountVerified === null ? '' : `: ${formatNaira(data.amountVerified)} verified`;
    const receipt = data.escrowReceiptNumber === null ? '' : `, escrow receipt ${data.escrowReceiptNumber}`;
    return {
      occurred_at: data.decidedAt,
      kind: approved ? 'application.approved' : 'application.rejected',
      actor_kind: 'admin',
      actor_id: data.decidedBy,
      subject_type: 'application',
      subject_id: data.applicationNumber,
      summary: `${approved ? 'Approved' : 'Rejected'} application ${data.applicationNumber}${verified}${receipt}`,
      notes: toNotes(data.notes),
      changes: null,
    };
  };
