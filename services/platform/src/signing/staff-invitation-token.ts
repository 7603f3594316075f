import { createIdPairToken } from './id-pair-token.ts';

/*
 * The staff invitation link's token: invitationId then staffId, under its own context. The
 * notifier mints it from StaffInvited, the command API reads it back, and the staff aggregate
 * decides whether that invitation may still be used (the latest one, unused, unexpired).
 */
export type StaffInvitationTokenBody = { invitationId: string; userId: string };

const token = createIdPairToken({ context: 'staff-invitation', idKey: 'invitationId' });

export const mintStaffInvitationToken = (input: { secret: string; invitationId: string; staffId: string }) =>
  token.mint({ secret: input.secret, invitationId: input.invitationId, userId: input.staffId });

export const readStaffInvitationToken = (input: { secret: string; token: string }) => {
  const body = token.read(input);
  return body ? { invitationId: body.invitationId, staffId: body.userId } : null;
};
