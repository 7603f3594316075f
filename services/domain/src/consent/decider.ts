// A contact's consent on one channel (issue 13, item 4): opt-out and opt-in are events on the
// contact's own stream. Every request is recorded, even one that repeats the current choice:
// the notifier also counts a new lead submission as opting in, which this stream never sees,
// so only the order in the log says what holds. A provider's redelivery of the same inbound
// message (same provider message id) records nothing the second time.

import type { DomainEventOf } from '@acres/contracts';
import type { ConsentPurpose, ConsentSource, NotificationChannel } from '@acres/contracts/events';
import { assertNever, createDecider } from '../decider.ts';

type ConsentRequest = {
  channel: NotificationChannel;
  /** What is refused or accepted; a reply or an unsubscribe link is about marketing. */
  purpose: ConsentPurpose;
  /** `admin:<username>` or `user:<id>` when someone other than the contact's own reply or link recorded it. */
  recordedBy?: string | null | undefined;
  address: string;
  source: ConsentSource;
  providerMessageId: string | null;
  now: Date;
};

export type OptOut = ConsentRequest & { type: 'OptOut' };
export type OptIn = ConsentRequest & { type: 'OptIn' };
export type ConsentCommand = OptOut | OptIn;

export type ConsentEvent = DomainEventOf<'ContactOptedOut'> | DomainEventOf<'ContactOptedIn'>;

export type ConsentState = { optedOut: boolean; providerMessageIds: ReadonlySet<string> };

export const initialConsentState: ConsentState = { optedOut: false, providerMessageIds: new Set() };

export const evolveConsent = (state: ConsentState, event: ConsentEvent): ConsentState => {
  const seen = event.data.providerMessageId
    ? new Set([...state.providerMessageIds, event.data.providerMessageId])
    : state.providerMessageIds;
  switch (event.type) {
    case 'ContactOptedOut':
      return { optedOut: true, providerMessageIds: seen };
    case 'ContactOptedIn':
      return { optedOut: false, providerMessageIds: seen };
    default:
      return assertNever(event, 'consent event');
  }
};

/** Opting out and opting in differ only in the event they record. */
const recordChoice =
  (type: ConsentEvent['type']) =>
  (command: ConsentCommand, state: ConsentState): ConsentEvent[] => {
    if (command.providerMessageId && state.providerMessageIds.has(command.providerMessageId)) return [];
    const data = {
      channel: command.channel,
      address: command.address,
      purpose: command.purpose,
      source: command.source,
      providerMessageId: command.providerMessageId,
      at: command.now.toISOString(),
      ...(command.recordedBy ? { recordedBy: command.recordedBy } : {}),
    };
    return [{ type, data }];
  };

export const consentDecider = createDecider<ConsentCommand, ConsentEvent, ConsentState>(initialConsentState, evolveConsent, {
  OptOut: recordChoice('ContactOptedOut'),
  OptIn: recordChoice('ContactOptedIn'),
});

export const decideConsent = consentDecider.decide;
