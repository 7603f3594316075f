import type { ConsentPurpose, ConsentSource, NotificationChannel } from '@acres/contracts/events';
import { consentDecider } from '@acres/domain';
import { SubjectErasedError } from '@acres/eventstore/protect';
import type { CommandDeps } from '../commands/deps.ts';
import type { CommandContext } from '../commands/handle-command.ts';
import { recordConsentCommand } from './record-command.ts';
import { recordSuppression, suppressionSourceOf } from './record-suppression.ts';
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

/** OptOut / OptIn on the contact's consent stream; null when the contact's key is shredded. */
const appendConsent = async (options: { deps: CommandDeps; change: ConsentChange; context: CommandContext }) => {
  const { deps, change, context } = options;
  try {
    return await recordConsentCommand(deps, context, {
      decider: consentDecider,
      streamId: consentStreamId(deps.addressDigest, change.channel, change.address),
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
    });
  } catch (error) {
    // Erased: the choice cannot be written with the address any more; the suppression alone holds it.
    if (error instanceof SubjectErasedError) return null;
    throw error;
  }
};

/**
 * The contact's choice, recorded twice over: OptOut / OptIn on its consent stream (the ledger,
 * with the address, shredded by an erasure) and the suppression under the address's keyed
 * digest (which outlives it). Answers whether an event was appended (a redelivered message is
 * not) and the last position; after an erasure the same answer, from the suppression alone.
 */
export const recordConsent = async (options: { deps: CommandDeps; change: ConsentChange; context: CommandContext }) => {
  const { deps, change, context } = options;
  const consent = await appendConsent(options);
  // A redelivered message recorded nothing on the consent stream: nothing to suppress anew either.
  if (consent?.recorded === 0) return consent;
  const suppression = await recordSuppression({
    deps,
    change: {
      choice: change.choice,
      channel: change.channel,
      digest: deps.addressDigest(change.channel, change.address),
      purpose: change.purpose ?? 'marketing',
      source: suppressionSourceOf(change.source, change.choice),
      recordedBy: change.recordedBy ?? null,
      withoutAddress: consent === null,
    },
    context,
  });
  return consent ?? suppression;
};
