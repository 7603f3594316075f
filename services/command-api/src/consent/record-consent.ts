import type { ConsentPurpose, ConsentSource, NotificationChannel } from '@acres/contracts/events';
import { consentDecider } from '@acres/domain';
import type { CommandDeps } from '../commands/deps.ts';
import { handleCommand, type CommandContext } from '../commands/handle-command.ts';
import { consentStreamId } from './streams.ts';

export type ConsentChange = {
  choice: 'opt-out' | 'opt-in';
  channel: NotificationChannel;
  /** E.164 for sms and whatsapp, the lower-cased address for email. */
  address: string;
  source: ConsentSource;
  providerMessageId: string | null;
  /** Marketing unless said: a STOP reply or an unsubscribe link is about marketing. */
  purpose?: ConsentPurpose;
  /** `admin:<username>` or `user:<id>` when not the contact's own reply or link. */
  recordedBy?: string | null;
};

/**
 * OptOut / OptIn on the contact's consent stream. Answers whether an event was appended (a
 * redelivered message is not) and the stream's last position.
 */
export const recordConsent = async (options: { deps: CommandDeps; change: ConsentChange; context: CommandContext }) => {
  const { deps, change, context } = options;
  const { result } = await handleCommand({
    eventStore: deps.eventStore,
    decider: consentDecider,
    streamId: consentStreamId(change.channel, change.address),
    command: {
      type: change.choice === 'opt-out' ? 'OptOut' : 'OptIn',
      channel: change.channel,
      address: change.address,
      source: change.source,
      purpose: change.purpose ?? 'marketing',
      recordedBy: change.recordedBy ?? null,
      providerMessageId: change.providerMessageId,
      now: context.now,
    },
    context,
    newEventId: deps.newId,
    toResult: (events, position) => ({ recorded: events.length, position: position.toString() }),
  });
  return result;
};
