// Suppression of one address on one channel (issue 24, item 4), under its keyed digest: per
// purpose, whether it must not be messaged. Unlike the consent stream, a repeat changes nothing:
// the stream says what holds, and its events are the changes, so a redelivered STOP, a second
// unsubscribe click or an opt-in of a contact that was never suppressed record nothing.

import type { DomainEventOf } from '@acres/contracts';
import type { ConsentPurpose, NotificationChannel, SuppressionSource } from '@acres/contracts/events';
import { assertNever, createDecider } from '../decider.ts';

type SuppressionRequest = {
  digest: string;
  channel: NotificationChannel;
  purpose: ConsentPurpose;
  source: SuppressionSource;
  by: string | null;
  withoutAddress: boolean;
  now: Date;
};

export type Suppress = SuppressionRequest & { type: 'Suppress' };
export type Resume = SuppressionRequest & { type: 'Resume' };
export type SuppressionCommand = Suppress | Resume;

export type SuppressionEvent = DomainEventOf<'MessagingSuppressed'> | DomainEventOf<'MessagingResumed'>;

export type SuppressionState = { suppressed: ReadonlySet<ConsentPurpose> };

export const initialSuppressionState: SuppressionState = { suppressed: new Set() };

export const evolveSuppression = (state: SuppressionState, event: SuppressionEvent): SuppressionState => {
  const suppressed = new Set(state.suppressed);
  switch (event.type) {
    case 'MessagingSuppressed':
      suppressed.add(event.data.purpose);
      return { suppressed };
    case 'MessagingResumed':
      suppressed.delete(event.data.purpose);
      return { suppressed };
    default:
      return assertNever(event, 'suppression event');
  }
};

/** Each command records its event only when it changes whether the purpose is suppressed. */
const changeSuppression =
  (type: SuppressionEvent['type'], fromSuppressed: boolean) =>
  (command: SuppressionCommand, state: SuppressionState): SuppressionEvent[] => {
    if (state.suppressed.has(command.purpose) !== fromSuppressed) return [];
    const data = {
      digest: command.digest,
      channel: command.channel,
      purpose: command.purpose,
      source: command.source,
      at: command.now.toISOString(),
      by: command.by,
      withoutAddress: command.withoutAddress,
    };
    return [{ type, data }];
  };

export const suppressionDecider = createDecider<SuppressionCommand, SuppressionEvent, SuppressionState>(
  initialSuppressionState,
  evolveSuppression,
  { Suppress: changeSuppression('MessagingSuppressed', false), Resume: changeSuppression('MessagingResumed', true) },
);

export const decideSuppression = suppressionDecider.decide;
