// Valid data for the staff accounts' events (spread into SAMPLE_EVENT_DATA).

import type { EventData } from '../src/events.ts';
import { SAMPLE_EVENT_TIME as at } from './sample-time.ts';

type StaffEvent = 'StaffInvited' | 'StaffInvitationAccepted' | 'StaffTotpEnrolled' | 'StaffRoleChanged' | 'StaffRemoved';

export const STAFF_EVENT_SAMPLES: { readonly [T in StaffEvent]: EventData<T> } = {
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
