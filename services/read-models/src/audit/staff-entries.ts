import { STAFF_ROLE_LABELS } from '@acres/contracts/staff-roles';
import { auditEntry } from './entry.ts';

// The actor is the staff id (or the Basic-auth owner's username); the query names them from the staff list.
export const staffInvited = auditEntry('StaffInvited', 'staff.invited', (data) => ({
  at: data.invitedAt,
  actor: ['admin', data.invitedBy],
  subject: ['staff', data.staffId],
  summary: `Invited ${data.displayName} as ${STAFF_ROLE_LABELS[data.role]}`,
}));

/** Accepting and enrolling are one act: the enrolment, by the member themselves, is its entry. */
export const staffJoined = auditEntry('StaffTotpEnrolled', 'staff.joined', (data) => ({
  at: data.enrolledAt,
  actor: ['admin', data.staffId],
  subject: ['staff', data.staffId],
  summary: 'Accepted the invitation and set up a second factor',
}));

export const staffRoleChanged = auditEntry('StaffRoleChanged', 'staff.role-changed', (data) => ({
  at: data.changedAt,
  actor: ['admin', data.changedBy],
  subject: ['staff', data.staffId],
  summary: `Changed role from ${STAFF_ROLE_LABELS[data.from]} to ${STAFF_ROLE_LABELS[data.to]}`,
}));

export const staffRemoved = auditEntry('StaffRemoved', 'staff.removed', (data) => ({
  at: data.removedAt,
  actor: ['admin', data.removedBy],
  subject: ['staff', data.staffId],
  summary: 'Removed from the staff; their sessions ended',
}));
