import type { AffiliateStatusChanged } from '@acres/contracts';
import { affiliateDecider, type AffiliateCommand, type AffiliateEvent } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';
import type { KeyedMutex } from '../commands/keyed-mutex.ts';
import { affiliateStreamId } from './streams.ts';

const affiliateIdOf = (events: AffiliateEvent[]) => {
  const event = events.find((each) => each.type === 'AffiliateSuspended' || each.type === 'AffiliateReactivated');
  if (!event) throw new Error('an account decision answered without its event');
  return event.data.affiliateId;
};

export type AccountDecision = { kind: 'suspend'; reason: string } | { kind: 'reactivate'; notes: string };

/**
 * SuspendAffiliate / ReactivateAffiliate on the affiliate's own stream, under the same
 * lock as their sale reports: a report decided after the suspension is refused (403).
 */
export const changeAffiliateStatus = async (options: {
  eventStore: EventStore;
  lock: KeyedMutex;
  newEventId: () => string;
  affiliateUserId: string;
  decision: AccountDecision;
  adminUsername: string;
  context: CommandContext;
}): Promise<AffiliateStatusChanged> => {
  const { decision, context } = options;
  const streamId = affiliateStreamId(options.affiliateUserId);
  const command: AffiliateCommand =
    decision.kind === 'suspend'
      ? { type: 'SuspendAffiliate', reason: decision.reason, decidedBy: options.adminUsername, now: context.now }
      : { type: 'ReactivateAffiliate', notes: decision.notes, decidedBy: options.adminUsername, now: context.now };
  return options.lock.run(streamId, async () => {
    const outcome = await handleCommand({
      eventStore: options.eventStore,
      decider: affiliateDecider,
      streamId,
      command,
      context,
      newEventId: options.newEventId,
      toResult: (events, position) => ({
        id: affiliateIdOf(events),
        status: decision.kind === 'suspend' ? ('suspended' as const) : ('active' as const),
        position: position.toString(),
      }),
    });
    return outcome.result;
  });
};
