import type { AffiliateStatusChanged } from '@acres/contracts';
import type { AffiliateCommand, AffiliateEvent } from '@acres/domain';
import type { EventStore } from '@acres/eventstore/port';
import type { CommandContext } from '../commands/handle-command.ts';
import type { KeyedMutex } from '../commands/keyed-mutex.ts';
import { decideOnAffiliateStream } from './deps.ts';

const affiliateIdOf = (events: AffiliateEvent[]) => {
  const event = events.find((each) => each.type === 'AffiliateSuspended' || each.type === 'AffiliateReactivated');
  if (!event) throw new Error('an account decision answered without its event');
  return event.data.affiliateId;
};

export type AccountDecision = { kind: 'suspend'; reason: string } | { kind: 'reactivate'; notes: string };

/** SuspendAffiliate / ReactivateAffiliate: a report decided after the suspension is refused (403). */
export const changeAffiliateStatus = async (options: {
  eventStore: EventStore;
  lock: KeyedMutex;
  newEventId: () => string;
  affiliateUserId: string;
  decision: AccountDecision;
  adminUsername: string;
  context: CommandContext;
}): Promise<AffiliateStatusChanged> => {
  const { decision, context, adminUsername, ...rest } = options;
  const command: AffiliateCommand =
    decision.kind === 'suspend'
      ? { type: 'SuspendAffiliate', reason: decision.reason, decidedBy: adminUsername, now: context.now }
      : { type: 'ReactivateAffiliate', notes: decision.notes, decidedBy: adminUsername, now: context.now };
  return decideOnAffiliateStream({
    ...rest,
    command,
    context,
    toResult: (events, position) => ({
      id: affiliateIdOf(events),
      status: decision.kind === 'suspend' ? ('suspended' as const) : ('active' as const),
      position: position.toString(),
    }),
  });
};
