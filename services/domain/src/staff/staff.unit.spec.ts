import { describe, expect, it } from 'vitest';
import { parseEvent } from '@acres/contracts';
import { givenFor } from '../../test/given.ts';
import { staffDecider, type InviteStaff, type StaffEvent } from './decider.ts';
import {
  STAFF_ALREADY_ACTIVE_MESSAGE,
  STAFF_ALREADY_REMOVED_MESSAGE,
  STAFF_INVITATION_INVALID_MESSAGE,
  STAFF_NOT_FOUND_MESSAGE,
  STAFF_REMOVE_SELF_MESSAGE,
} from './messages.ts';

const given = givenFor(staffDecider);
const NOW = new Date('2026-11-01T09:00:00.000Z');
const DAY = 24 * 60 * 60_000;
const STAFF = '8a1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f10';
const FIRST = '8b1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f11';
const SECOND = '8b1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f12';
const OWNER = '8c1f6a8e-5c1d-4e8a-9f3b-2a7c6d5e4f13';

const invite = (invitationId = FIRST, at = NOW): InviteStaff => ({
  type: 'InviteStaff',
  staffId: STAFF,
  invitationId,
  email: 'ngozi@acres.example',
  displayName: 'Ngozi Eze',
  role: 'sales',
  invitedBy: OWNER,
  now: at,
  ttlMs: 7 * DAY,
});

const invited = (invitationId = FIRST, at = NOW): StaffEvent =>
  staffDecider.decide(invite(invitationId, at), staffDecider.initialState)[0]!;

const joined: StaffEvent[] = [
  { type: 'StaffInvitationAccepted', data: { staffId: STAFF, invitationId: FIRST, acceptedAt: NOW.toISOString() } },
  { type: 'StaffTotpEnrolled', data: { staffId: STAFF, recoveryCodes: 10, enrolledAt: NOW.toISOString() } },
];

const accept = (invitationId: string, at: Date) => ({
  type: 'AcceptStaffInvitation' as const,
  staffId: STAFF,
  invitationId,
  recoveryCodes: 10,
  now: at,
});

describe('inviting a staff member', () => {
  it('records the invitation with its expiry, valid against the catalogue', () => {
    const event = invited();
    expect(event).toEqual({
      type: 'StaffInvited',
      data: {
        staffId: STAFF,
        invitationId: FIRST,
        email: 'ngozi@acres.example',
        displayName: 'Ngozi Eze',
        role: 'sales',
        invitedBy: OWNER,
        invitedAt: NOW.toISOString(),
        expiresAt: new Date(NOW.getTime() + 7 * DAY).toISOString(),
      },
    });
    expect(() => parseEvent(event.type, event.data)).not.toThrow();
  });

  it('sends a pending invitation again under a new id, but never to a member who joined or left', () => {
    given([invited()])
      .when(invite(SECOND))
      .then([invited(SECOND)]);
    given([invited(), ...joined])
      .when(invite(SECOND))
      .thenThrows({ code: 'conflict', message: STAFF_ALREADY_ACTIVE_MESSAGE });
    const removed: StaffEvent = {
      type: 'StaffRemoved',
      data: { staffId: STAFF, removedBy: OWNER, removedAt: NOW.toISOString() },
    };
    given([invited(), removed])
      .when(invite(SECOND))
      .thenThrows({ code: 'already_decided', message: STAFF_ALREADY_REMOVED_MESSAGE });
  });
});

describe('accepting an invitation', () => {
  it('accepts the latest invitation once, before it expires, enrolling the second factor with it', () => {
    given([invited()])
      .when(accept(FIRST, new Date(NOW.getTime() + DAY)))
      .then(
        joined.map((event) =>
          event.type === 'StaffInvitationAccepted'
            ? { ...event, data: { ...event.data, acceptedAt: new Date(NOW.getTime() + DAY).toISOString() } }
            : { ...event, data: { ...event.data, enrolledAt: new Date(NOW.getTime() + DAY).toISOString() } },
        ) as StaffEvent[],
      );
  });

  it('refuses a used, superseded, expired or unknown invitation with one answer', () => {
    const refused = { code: 'gone' as const, message: STAFF_INVITATION_INVALID_MESSAGE };
    given([invited(), ...joined])
      .when(accept(FIRST, NOW))
      .thenThrows(refused);
    given([invited(), invited(SECOND)])
      .when(accept(FIRST, NOW))
      .thenThrows(refused);
    given([invited()])
      .when(accept(FIRST, new Date(NOW.getTime() + 7 * DAY)))
      .thenThrows(refused);
    given([]).when(accept(FIRST, NOW)).thenThrows(refused);
  });
});

describe('roles and removal', () => {
  it('changes a role, and a change to the same role records nothing', () => {
    const change = { type: 'ChangeStaffRole' as const, staffId: STAFF, role: 'finance' as const, changedBy: OWNER, now: NOW };
    given([invited(), ...joined])
      .when(change)
      .then([
        {
          type: 'StaffRoleChanged',
          data: { staffId: STAFF, from: 'sales', to: 'finance', changedBy: OWNER, changedAt: NOW.toISOString() },
        },
      ]);
    given([invited(), ...joined])
      .when({ ...change, role: 'sales' })
      .then([]);
    given([]).when(change).thenThrows({ code: 'not_found', message: STAFF_NOT_FOUND_MESSAGE });
  });

  it('removes a member once, never by themselves', () => {
    const remove = { type: 'RemoveStaff' as const, staffId: STAFF, removedBy: OWNER, now: NOW };
    const removed: StaffEvent = {
      type: 'StaffRemoved',
      data: { staffId: STAFF, removedBy: OWNER, removedAt: NOW.toISOString() },
    };
    given([invited(), ...joined])
      .when(remove)
      .then([removed]);
    given([invited()]).when(remove).then([removed]);
    given([invited(), ...joined, removed])
      .when(remove)
      .thenThrows({ code: 'already_decided', message: STAFF_ALREADY_REMOVED_MESSAGE });
    given([invited(), ...joined])
      .when({ ...remove, removedBy: STAFF })
      .thenThrows({ code: 'forbidden', message: STAFF_REMOVE_SELF_MESSAGE });
    given([invited(), ...joined, removed])
      .when({ type: 'ChangeStaffRole', staffId: STAFF, role: 'owner', changedBy: OWNER, now: NOW })
      .thenThrows('already_decided');
  });
});
