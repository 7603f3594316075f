// The invitee's side (issue 27): the emailed link's token opens the invitation, and accepting
// it sets the password and the second factor in one step, proven by the first code.

import {
  STAFF_CODE_WRONG_MESSAGE,
  STAFF_INVITATION_INVALID_MESSAGE,
  type AcceptStaffInvitationRequest,
} from '@acres/contracts/staff';
import type { StaffInvitation, StaffInvitationAcceptedResponse } from '@acres/contracts/staff';
import { DomainError } from '@acres/contracts/errors';
import { foldEvents, staffDecider, type StaffEvent } from '@acres/domain';
import { parseEvent } from '@acres/contracts';
import { readStaffInvitationToken } from '@acres/platform/signing';
import type { CommandContext } from '../commands/command-context.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { hashPassword } from '../identity/passwords.ts';
import { activateStaffAccount, findStaffById } from './accounts.ts';
import { staffStreamId, type StaffDeps } from './commands.ts';
import { checkTotpCode, hashRecoveryCode, newRecoveryCodes, newTotpSecret, otpauthUriOf } from './second-factor.ts';

export type InvitationDeps = StaffDeps & { linkSigningSecret: string };

const invalid = () => new DomainError('gone', STAFF_INVITATION_INVALID_MESSAGE);

/** The invitation a token names, while it can still be accepted; 410 otherwise, one answer for every reason. */
const openInvitation = async (deps: InvitationDeps, token: string, now: Date) => {
  const ids = readStaffInvitationToken({ secret: deps.linkSigningSecret, token });
  if (!ids) throw invalid();
  const recorded = await deps.eventStore.readStream(staffStreamId(ids.staffId));
  const state = foldEvents(
    staffDecider,
    recorded.map((event) => parseEvent(event.type, event.data) as StaffEvent),
  );
  const expiresAt = state.invitationExpiresAt;
  const usable = state.status === 'invited' && state.invitationId === ids.invitationId && expiresAt !== null;
  if (!usable || now.getTime() >= Date.parse(expiresAt)) throw invalid();
  const account = await findStaffById(deps.pool, ids.staffId);
  if (!account || account.status !== 'invited') throw invalid();
  return { ...ids, account, expiresAt };
};

/** What the link opens, with a fresh authenticator secret to enrol (nothing is stored until the first code proves it). */
export const lookUpInvitation = async (deps: InvitationDeps, token: string): Promise<StaffInvitation> => {
  const { account, expiresAt } = await openInvitation(deps, token, deps.now());
  const totpSecret = newTotpSecret();
  return {
    email: account.emailLower,
    displayName: account.displayName,
    role: account.role,
    expiresAt,
    totpSecret,
    otpauthUri: otpauthUriOf({ email: account.emailLower, secret: totpSecret }),
  };
};

export const acceptInvitation = async (
  deps: InvitationDeps,
  input: AcceptStaffInvitationRequest,
  context: CommandContext,
): Promise<StaffInvitationAcceptedResponse> => {
  const { staffId, invitationId } = await openInvitation(deps, input.token, context.now);
  const step = await checkTotpCode({ secret: input.totpSecret, code: input.code, now: context.now });
  if (step === null)
    throw new DomainError('validation_failed', STAFF_CODE_WRONG_MESSAGE, [{ field: 'code', message: STAFF_CODE_WRONG_MESSAGE }]);
  const recoveryCodes = newRecoveryCodes();
  const passwordHash = await hashPassword(input.password);
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: staffDecider,
    streamId: staffStreamId(staffId),
    command: { type: 'AcceptStaffInvitation', staffId, invitationId, recoveryCodes: recoveryCodes.length, now: context.now },
    // The member themselves acts: the Audit log credits the joining to them.
    context: { ...context, actor: { kind: 'admin', id: staffId }, idempotency: null },
    newEventId: deps.newId,
    toResult: (_events, position) => position.toString(),
  });
  await activateStaffAccount(deps.pool, staffId, {
    passwordHash,
    totpSecret: input.totpSecret,
    totpLastStep: step,
    recoveryCodeHashes: recoveryCodes.map(hashRecoveryCode),
  });
  return { recoveryCodes, position: result };
};
