import type { CommandAccepted, CreateLeadRequest } from '@acres/contracts';
import { leadDecider } from '@acres/domain';
import type { CommandContext, CommandOutcome } from '../commands/handle-command.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { idForIdempotencyKey } from '../commands/ids.ts';
import { leadStreamId } from './streams.ts';
import { resolveReferralCode } from '../affiliates/attribution.ts';
import type { CommandDeps } from '../commands/deps.ts';

/**
 * ReserveSlot: a new lead-{id} stream; with an Idempotency-Key the id comes from the key.
 * The parsed body is the lead's details: phoneE164 from the client is ignored, the decider
 * derives it from phone. The referral code is kept only when an affiliate claimed it
 * (upper-cased), else null.
 */
export const reserveSlot = async (
  deps: CommandDeps,
  input: CreateLeadRequest,
  context: CommandContext,
): Promise<CommandOutcome<CommandAccepted>> => {
  const leadId = context.idempotency ? idForIdempotencyKey('ReserveSlot', context.idempotency.key) : deps.newId();
  const referralCode = await resolveReferralCode(deps.eventStore, input.referralCode);
  return handleCommand({
    eventStore: deps.eventStore,
    decider: leadDecider,
    streamId: leadStreamId(leadId),
    // The id was minted just now, from the key or at random: the stream cannot exist yet but for a retry.
    newStream: true,
    command: { type: 'ReserveSlot', leadId, now: context.now, lead: { ...input, referralCode } },
    context,
    newEventId: deps.newId,
    toResult: (_events, position) => ({ id: leadId, position: position.toString() }),
  });
};
