// Suppression of one address on one channel (issue 24, item 4), under its keyed digest: per
// purpose, whether it must not be messaged. Unlike the consent stream, a repeat changes nothing:
// the stream says what holds, and its events are the changes, so a redelivered STOP, a second
// unsubscribe click or an opt-in of a contact that was never suppressed record nothing.

import type { DomainEventOf } from '@acres/contracts';
import type { ConsentPurpose, NotificationChannel, SuppressionSource } from '@acres/contracts/events';
import { assertNever, type Decider } from '../decider.ts';

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

export const decideSuppression = (command: SuppressionCommand, state: SuppressionState): SuppressionEvent[] => {
  const data = {
    digest: command.digest,
    channel: command.channel,
    purpose: command.purpose,
    source: command.source,
    at: command.now.toISOString(),
    by: command.by,
    withoutAddress: command.withoutAddress,
  };
  const suppressed = state.suppressed.has(command.purpose);
  switch (command.type) {
    case 'Suppress':
      return suppressed ? [] : [{ type: 'MessagingSuppressed', data }];
    case 'Resume':
      return suppressed ? [{ type: 'MessagingResumed', data }] : [];
    default:
      return assertNever(command, 'suppression command');
  }
};

export const suppressionDecider: Decider<SuppressionCommand, SuppressionEvent, SuppressionState> = {
  initialState: initialSuppressionState,
  evolve: evolveSuppression,
  decide: decideSuppression,
};
