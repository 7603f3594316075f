import { parseEvent } from '@acres/contracts';
import { affiliateDecider, foldEvents, type AffiliateCommand, type AffiliateEvent } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';
import type { KeyedMutex } from '../commands/keyed-mutex.ts';
import type { FindProof } from '../payments/submit-payment-proof.ts';
import type { GenerateReferralCode } from './referral-code.ts';
import { affiliateStreamId } from './streams.ts';

/**
 * The affiliate commands' needs. `lock` queues this process's writes to one
 * affiliate stream (register, report, verify) so they do not lose optimistic races to
 * each other; other processes still race, and the expected revision settles that.
 */
export type AffiliateDeps = CommandDeps & {
  lock: KeyedMutex;
  generateReferralCode: GenerateReferralCode;
  /** The uploaded object behind a sale's optional proof, as for payment proofs. */
  findProof: FindProof;
};

export const loadAffiliateState = async (eventStore: EventStore, streamId: string) => {
  const recorded = await eventStore.readStream(streamId);
  return foldEvents(
    affiliateDecider,
    recorded.map((event) => parseEvent(event.type, event.data) as AffiliateEvent),
  );
};

/**
 * An admin's decision on the affiliate's own stream, under the same lock as their sale
 * reports: a report decided after a suspension is refused, a sale is decided once.
 */
export const decideOnAffiliateStream = <Result>(options: {
  eventStore: EventStore;
  lock: KeyedMutex;
  newEventId: () => string;
  affiliateUserId: string;
  command: AffiliateCommand;
  context: CommandContext;
  toResult: (events: AffiliateEvent[], position: bigint) => Result;
}): Promise<Result> => {
  const { lock, affiliateUserId, ...rest } = options;
  const streamId = affiliateStreamId(affiliateUserId);
  return lock.run(streamId, async () => (await handleCommand({ ...rest, decider: affiliateDecider, streamId })).result);
};
