import type { EventData } from '../src/events.ts';

// Valid data of the sales desk's events (the lead pipeline and staff accounts), apart so each file stays short.
// The same moment as SAMPLE_EVENT_TIME (event-samples.ts spreads these in).
const at = '2024-09-01T10:00:00.000Z';
type SalesDeskEvent =
  | 'LeadOwnerAssigned'
  | 'LeadStageMoved'
  | 'LeadActivityLogged'
  | 'StaffInvited'
  | 'StaffInvitationAccepted'
  | 'StaffTotpEnrolled'
  | 'StaffRoleChanged'
  | 'StaffRemoved';

export const SALES_DESK_EVENT_DATA: { readonly [T in SalesDeskEvent]: EventData<T> } = {
  LeadOwnerAssigned: {
    leadId: '0b0f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f01',
    ownerId: 'admin',
    previousOwnerId: 'unassigned',
    assignedBy: 'admin',
    assignedAt: at,
  },
  LeadStageMoved: {
    leadId: '0b0f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f01',
    from: 'new',
    to: 'lost',
    reason: 'Bought elsewhere',
    movedBy: 'admin',
    cause: null,
    movedAt: at,
  },
  LeadActivityLogged: {
    leadId: '0b0f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f01',
    activityId: '6a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f09',
    kind: 'call',
    text: 'Called; sends the documents to her lawyer',
    loggedBy: 'admin',
    loggedAt: at,
  },
  StaffInvited: {
    staffId: '8a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f10',
    invitationId: '8b1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f11',
    email: 'ngozi.sales@acres.example',
    displayName: 'Ngozi Eze',
    role: 'sales',
    invitedBy: 'admin',
    invitedAt: at,
    expiresAt: '2024-09-08T10:00:00.000Z',
  },
  StaffInvitationAccepted: {
    staffId: '8a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f10',
    invitationId: '8b1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f11',
    acceptedAt: at,
  },
  StaffTotpEnrolled: { staffId: '8a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f10', recoveryCodes: 10, enrolledAt: at },
  StaffRoleChanged: {
    staffId: '8a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f10',
    from: 'sales',
    to: 'finance',
    changedBy: 'admin',
    changedAt: at,
  },
  StaffRemoved: { staffId: '8a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f10', removedBy: 'admin', removedAt: at },
};
