// A staff member (issue 27, item 1), on their own stream: invited by email, they accept once
// through the latest invitation's link before it expires (choosing a password and proving a
// TOTP second factor in the same step), then work with one role until removed. The secrets
// themselves are the command side's; the log holds only that they were set.

import type { DomainEventOf, StaffRole } from '@acres/contracts';
import { DomainError } from '@acres/contracts/errors';
import { assertNever, createDecider } from '../decider.ts';
import { expiryAfter, hasExpired } from '../link-expiry.ts';
import {
  STAFF_ALREADY_ACTIVE_MESSAGE,
  STAFF_ALREADY_REMOVED_MESSAGE,
  STAFF_INVITATION_EMAIL_MESSAGE,
  STAFF_INVITATION_INVALID_MESSAGE,
  STAFF_NOT_FOUND_MESSAGE,
  STAFF_REMOVE_SELF_MESSAGE,
} from './messages.ts';

export type InviteStaff = {
  type: 'InviteStaff';
  staffId: string;
  invitationId: string;
  email: string;
  displayName: string;
  role: StaffRole;
  invitedBy: string;
  now: Date;
  /** How long the link stays good (STAFF_INVITATION_TTL_MS). */
  ttlMs: number;
};

export type AcceptStaffInvitation = {
  type: 'AcceptStaffInvitation';
  staffId: string;
  invitationId: string;
  recoveryCodes: number;
  now: Date;
};

export type ChangeStaffRole = { type: 'ChangeStaffRole'; staffId: string; role: StaffRole; changedBy: string; now: Date };
export type RemoveStaff = { type: 'RemoveStaff'; staffId: string; removedBy: string; now: Date };

export type StaffCommand = InviteStaff | AcceptStaffInvitation | ChangeStaffRole | RemoveStaff;

export type StaffEvent =
  | DomainEventOf<'StaffInvited'>
  | DomainEventOf<'StaffInvitationAccepted'>
  | DomainEventOf<'StaffTotpEnrolled'>
  | DomainEventOf<'StaffRoleChanged'>
  | DomainEventOf<'StaffRemoved'>;

export type StaffStatus = 'none' | 'invited' | 'accepted' | 'active' | 'removed';

export type StaffState = {
  status: StaffStatus;
  email: string | null;
  role: StaffRole | null;
  invitationId: string | null;
  invitationExpiresAt: string | null;
};

export const initialStaffState: StaffState = {
  status: 'none',
  email: null,
  role: null,
  invitationId: null,
  invitationExpiresAt: null,
};

export const evolveStaff = (state: StaffState, event: StaffEvent): StaffState => {
  switch (event.type) {
    case 'StaffInvited':
      return {
        status: 'invited',
        email: event.data.email,
        role: event.data.role,
        invitationId: event.data.invitationId,
        invitationExpiresAt: event.data.expiresAt,
      };
    case 'StaffInvitationAccepted':
      return { ...state, status: 'accepted', invitationId: null, invitationExpiresAt: null };
    case 'StaffTotpEnrolled':
      return { ...state, status: 'active' };
    case 'StaffRoleChanged':
      return { ...state, role: event.data.to };
    case 'StaffRemoved':
      return { ...state, status: 'removed', invitationId: null, invitationExpiresAt: null };
    default:
      return assertNever(event, 'staff event');
  }
};

const inviteStaff = (command: InviteStaff, state: StaffState): StaffEvent[] => {
  if (state.status === 'removed') throw new DomainError('already_decided', STAFF_ALREADY_REMOVED_MESSAGE);
  if (state.status === 'accepted' || state.status === 'active') throw new DomainError('conflict', STAFF_ALREADY_ACTIVE_MESSAGE);
  if (state.status === 'invited' && state.email !== command.email)
    throw new DomainError('conflict', STAFF_INVITATION_EMAIL_MESSAGE);
  const invitedAt = command.now.toISOString();
  return [
    {
      type: 'StaffInvited',
      data: {
        staffId: command.staffId,
        invitationId: command.invitationId,
        email: command.email,
        displayName: command.displayName,
        role: command.role,
        invitedBy: command.invitedBy,
        invitedAt,
        expiresAt: expiryAfter(command.now, command.ttlMs),
      },
    },
  ];
};

/** Only the latest invitation, unused and unexpired, can be accepted: one answer for every other case. */
const acceptStaffInvitation = (command: AcceptStaffInvitation, state: StaffState): StaffEvent[] => {
  const usable =
    state.status === 'invited' &&
    state.invitationId === command.invitationId &&
    state.invitationExpiresAt !== null &&
    !hasExpired(state.invitationExpiresAt, command.now);
  if (!usable) throw new DomainError('gone', STAFF_INVITATION_INVALID_MESSAGE);
  const at = command.now.toISOString();
  return [
    { type: 'StaffInvitationAccepted', data: { staffId: command.staffId, invitationId: command.invitationId, acceptedAt: at } },
    { type: 'StaffTotpEnrolled', data: { staffId: command.staffId, recoveryCodes: command.recoveryCodes, enrolledAt: at } },
  ];
};

const requireMember = (state: StaffState) => {
  if (state.status === 'none') throw new DomainError('not_found', STAFF_NOT_FOUND_MESSAGE);
  if (state.status === 'removed') throw new DomainError('already_decided', STAFF_ALREADY_REMOVED_MESSAGE);
};

const changeStaffRole = (command: ChangeStaffRole, state: StaffState): StaffEvent[] => {
  requireMember(state);
  if (state.role === command.role) return [];
  return [
    {
      type: 'StaffRoleChanged',
      data: {
        staffId: command.staffId,
        from: state.role ?? command.role,
        to: command.role,
        changedBy: command.changedBy,
        changedAt: command.now.toISOString(),
      },
    },
  ];
};

const removeStaff = (command: RemoveStaff, state: StaffState): StaffEvent[] => {
  requireMember(state);
  if (command.removedBy === command.staffId) throw new DomainError('forbidden', STAFF_REMOVE_SELF_MESSAGE);
  return [
    {
      type: 'StaffRemoved',
      data: { staffId: command.staffId, removedBy: command.removedBy, removedAt: command.now.toISOString() },
    },
  ];
};

export const staffDecider = createDecider<StaffCommand, StaffEvent, StaffState>(initialStaffState, evolveStaff, {
  InviteStaff: inviteStaff,
  AcceptStaffInvitation: acceptStaffInvitation,
  ChangeStaffRole: changeStaffRole,
  RemoveStaff: removeStaff,
});

export const decideStaff = staffDecider.decide;
