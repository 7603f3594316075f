import type { ConsentPurpose, ConsentSource, NotificationChannel, SuppressionSource } from '@acres/contracts/events';
import { suppressionDecider } from '@acres/domain';
import type { CommandDeps } from '../commands/deps.ts';
import type { CommandContext } from '../commands/handle-command.ts';
import { recordConsentCommand } from './record-command.ts';

/** The suppression stream of one address on one channel: its keyed digest, no address. */
export const suppressionStreamId = (digest: string) => `suppression-${digest}`;

export type SuppressionChange = {
  choice: 'opt-out' | 'opt-in';
  channel: NotificationChannel;
  /** deps.addressDigest(channel, address): an unsubscribe token of version 2 carries only this. */
  digest: string;
  purpose: ConsentPurpose;
  source: SuppressionSource;
  recordedBy: string | null;
  /** No consent event beside this one: the contact's key is shredded, or only the digest is known. */
  withoutAddress: boolean;
};

const SOURCES: Readonly<Record<ConsentSource, { 'opt-out': SuppressionSource; 'opt-in': SuppressionSource }>> = {
  'sms-reply': { 'opt-out': 'stop', 'opt-in': 'start' },
  'whatsapp-reply': { 'opt-out': 'stop', 'opt-in': 'start' },
  'email-link': { 'opt-out': 'unsubscribe', 'opt-in': 'unsubscribe' },
  'email-one-click': { 'opt-out': 'unsubscribe', 'opt-in': 'unsubscribe' },
  'lead-form': { 'opt-out': 'lead-form', 'opt-in': 'lead-form' },
  dashboard: { 'opt-out': 'dashboard', 'opt-in': 'dashboard' },
  admin: { 'opt-out': 'admin', 'opt-in': 'admin' },
};

export const suppressionSourceOf = (source: ConsentSource, choice: 'opt-out' | 'opt-in'): SuppressionSource =>
  SOURCES[source][choice];

/** MessagingSuppressed / MessagingResumed, or nothing when it already holds. */
export const recordSuppression = (options: { deps: CommandDeps; change: SuppressionChange; context: CommandContext }) => {
  const { deps, change, context } = options;
  return recordConsentCommand(deps, context, {
    decider: suppressionDecider,
    streamId: suppressionStreamId(change.digest),
    command: {
      type: change.choice === 'opt-out' ? 'Suppress' : 'Resume',
      digest: change.digest,
      channel: change.channel,
      purpose: change.purpose,
      source: change.source,
      by: change.recordedBy,
      withoutAddress: change.withoutAddress,
      now: context.now,
    },
  });
};
