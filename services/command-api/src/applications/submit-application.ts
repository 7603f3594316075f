import type { ApplicationAccepted, CreateApplicationRequest } from '@acres/contracts';
import { applicationDecider } from '@acres/domain';
import type { CommandContext, CommandOutcome } from '../commands/handle-command.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { idForIdempotencyKey } from '../commands/ids.ts';
import { applicationStreamId } from './streams.ts';
import { readReferralAndTerms } from '../affiliates/attribution.ts';
import type { CommandDeps } from '../commands/deps.ts';

/**
 * SubmitApplication: the stream is keyed by the lower-cased email, so the second
 * application for an email meets the first one's event and is refused. With an
 * Idempotency-Key the application id is derived from the key and the stream, so a
 * retry finds its own earlier write; a key reused for another email is simply a
 * different application (its id differs), never a second copy of the first.
 */
export const submitApplication = async (
  deps: CommandDeps,
  input: CreateApplicationRequest,
  context: CommandContext,
): Promise<CommandOutcome<ApplicationAccepted>> => {
  const streamId = applicationStreamId(deps.addressDigest, input.email);
  const applicationId = context.idempotency
    ? idForIdempotencyKey(`SubmitApplication\u0000${streamId}`, context.idempotency.key)
    : deps.newId();
  const { referralCode, terms } = await readReferralAndTerms(deps.eventStore, input.referralCode);
  return handleCommand({
    eventStore: deps.eventStore,
    decider: applicationDecider,
    streamId,
    // Most emails apply once: append with 'no_stream' at once; a second application for the
    // email (or a retry) meets WrongExpectedVersion and is decided on the stream as usual.
    newStream: true,
    command: {
      type: 'SubmitApplication',
      applicationId,
      now: context.now,
      application: { ...input, referralCode },
      terms,
    },
    context,
    newEventId: deps.newId,
    toResult: (events, position) => {
      const submitted = events.find((event) => event.type === 'ApplicationSubmitted');
      if (!submitted) throw new Error('SubmitApplication answered without ApplicationSubmitted');
      return {
        id: submitted.data.applicationId,
        applicationNumber: submitted.data.applicationNumber,
        position: position.toString(),
      };
    },
  });
};
