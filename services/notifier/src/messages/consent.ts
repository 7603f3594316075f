// Who refuses which purpose on which channel, from the events the notifier follows: a contact's
// opt-out or opt-in (their reply or link, their dashboard, the admin on their behalf), and the
// consent a form recorded, which opts in exactly the purposes and channels its text covers.
// The log's order decides: the latest of these wins.

import type { RefusablePurpose } from '@acres/contracts/consent-texts';
import { ERASED } from '@acres/contracts/personal-data';
import type { DomainEvent, NotificationChannel } from '@acres/contracts/events';
import type { MessagePurpose } from '@acres/contracts/notification';

export type ConsentUpdate = { channel: NotificationChannel; address: string; purpose: RefusablePurpose; optedOut: boolean };

/**
 * A form's tick never lifts a phone's STOP (issue 24, finding 3): whoever fills in a form can type
 * any number, so only the number's own START, its verified owner's preferences or the admin on
 * their behalf opt it back in. A number that never said STOP is not opted out to begin with.
 */
const liftsAnOptOut = (contact: { channel: NotificationChannel }) => contact.channel === 'email';

export const consentUpdatesOf = (event: DomainEvent): ConsentUpdate[] => {
  switch (event.type) {
    case 'ContactOptedOut':
    case 'ContactOptedIn':
      return [
        {
          channel: event.data.channel,
          address: event.data.address,
          purpose: event.data.purpose,
          optedOut: event.type === 'ContactOptedOut',
        },
      ];
    case 'ConsentRecorded': {
      const { contacts, purposes } = event.data;
      if (contacts === ERASED) return [];
      return contacts
        .filter(liftsAnOptOut)
        .flatMap((contact) =>
          purposes.map((purpose) => ({ channel: contact.channel, address: contact.address, purpose, optedOut: false })),
        );
    }
    // Leads written before the consent ledger carry no ConsentRecorded: the one lead-form
    // text of that time (lead-contact version 1) covered marketing on these three channels.
    case 'SlotReserved':
      return [{ channel: 'email', address: event.data.email.toLowerCase(), purpose: 'marketing', optedOut: false }];
    default:
      return [];
  }
};

const CHANNEL_NAMES: Readonly<Record<NotificationChannel, string>> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' };

/** The Outbox's reason for a message that was not sent. */
export const suppressionReason = (options: { channel: NotificationChannel; purpose: RefusablePurpose; position: bigint }) =>
  `Not sent: the recipient opted out of ${options.purpose} by ${CHANNEL_NAMES[options.channel]} (event ${options.position.toString()}).`;

/** Service messages (a person's own money and account, admin alerts) cannot be refused. */
export const refusablePurposeOf = (purpose: MessagePurpose): RefusablePurpose | null => (purpose === 'service' ? null : purpose);
