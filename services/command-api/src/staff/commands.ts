// The staff commands: each decided on the member's stream, then followed in staff_accounts (and
// staff_sessions) in the same request, so a removed member's next request is already refused.

import { STAFF_INVITATION_TTL_MS, type InviteStaffRequest, type StaffRole } from '@acres/contracts/staff';
import { DomainError } from '@acres/contracts/errors';
import { staffDecider } from '@acres/domain';
import type { Pool } from '@acres/platform/db';
import { endStaffSessions, updateStaffSessionsRole } from '@acres/platform/staff-sessions';
import type { CommandContext } from '../commands/command-context.ts';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand } from '../commands/handle-command.ts';
import {
  deleteStaffAccount,
  findStaffByEmail,
  markStaffRemoved,
  reserveStaffAccount,
  setStaffRole,
  updateStaffInvitation,
} from './accounts.ts';

export type StaffDeps = CommandDeps & { pool: Pool };

export const staffStreamId = (staffId: string) => `staff-${staffId}`;

export const STAFF_EMAIL_TAKEN_MESSAGE = 'A staff member with this email has already joined';

const answer = (staffId: string) => (_events: unknown[], position: bigint) => ({ staffId, position: position.toString() });

/** A new member's invitation, or the pending one sent again (its link then replaces the old). */
export const inviteStaff = async (options: {
  deps: StaffDeps;
  input: InviteStaffRequest;
  invitedBy: string;
  context: CommandContext;
}) => {
  const { deps, input, context } = options;
  const existing = await findStaffByEmail(deps.pool, input.email);
  if (existing && existing.status !== 'invited') throw new DomainError('conflict', STAFF_EMAIL_TAKEN_MESSAGE);
  const staffId = existing?.staffId ?? deps.newId();
  if (!existing && !(await reserveStaffAccount(deps.pool, { staffId, emailLower: input.email, ...input }))) {
    throw new DomainError('conflict', STAFF_EMAIL_TAKEN_MESSAGE);
  }
  try {
    const { result } = await handleCommand({
      eventStore: deps.eventStore,
      decider: staffDecider,
      streamId: staffStreamId(staffId),
      command: {
        type: 'InviteStaff',
        staffId,
        invitationId: deps.newId(),
        email: input.email,
        displayName: input.displayName,
        role: input.role,
        invitedBy: options.invitedBy,
        now: context.now,
        ttlMs: STAFF_INVITATION_TTL_MS,
      },
      context,
      newEventId: deps.newId,
      toResult: answer(staffId),
    });
    if (existing) await updateStaffInvitation(deps.pool, staffId, input);
    return result;
  } catch (error) {
    // A new member's row is released when the stream refused them, so the email can be invited again.
    if (!existing) await deleteStaffAccount(deps.pool, staffId);
    throw error;
  }
};

export const changeStaffRole = async (options: {
  deps: StaffDeps;
  staffId: string;
  role: StaffRole;
  changedBy: string;
  context: CommandContext;
}) => {
  const { deps, staffId, context } = options;
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: staffDecider,
    streamId: staffStreamId(staffId),
    command: { type: 'ChangeStaffRole', staffId, role: options.role, changedBy: options.changedBy, now: context.now },
    context,
    newEventId: deps.newId,
    toResult: answer(staffId),
  });
  await setStaffRole(deps.pool, staffId, options.role);
  await updateStaffSessionsRole(deps.pool, staffId, options.role);
  return result;
};

/** Removes a member and ends every session of theirs at once. */
export const removeStaff = async (options: { deps: StaffDeps; staffId: string; removedBy: string; context: CommandContext }) => {
  const { deps, staffId, context } = options;
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: staffDecider,
    streamId: staffStreamId(staffId),
    command: { type: 'RemoveStaff', staffId, removedBy: options.removedBy, now: context.now },
    context,
    newEventId: deps.newId,
    toResult: answer(staffId),
  });
  await markStaffRemoved(deps.pool, staffId);
  await endStaffSessions(deps.pool, staffId);
  return result;
};
