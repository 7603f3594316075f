// Who refuses marketing on which channel, from the events the notifier follows: a contact's
// opt-out or opt-in, and a new lead submission, whose required consent opts the lead in again
// on its email and phone channels. The log's order decides: the latest of these wins.

import type { DomainEvent, NotificationChannel } from '@acres/contracts/events';

export type ConsentUpdate = { channel: NotificationChannel; address: string; optedOut: boolean };

export const consentUpdatesOf = (event: DomainEvent): ConsentUpdate[] => {
  switch (event.type) {
    case 'ContactOptedOut':
    case 'ContactOptedIn':
      return [{ channel: event.data.channel, address: event.data.address, optedOut: event.type === 'ContactOptedOut' }];
    case 'SlotReserved':
      return [
        { channel: 'email', address: event.data.email.toLowerCase(), optedOut: false },
        { channel: 'sms', address: event.data.phoneE164, optedOut: false },
        { channel: 'whatsapp', address: event.data.phoneE164, optedOut: false },
      ];
    default:
      return [];
  }
};

const CHANNEL_NAMES: Readonly<Record<NotificationChannel, string>> = { email: 'email', sms: 'SMS', whatsapp: 'WhatsApp' };

/** The Outbox's reason for a message that was not sent. */
export const suppressionReason = (channel: NotificationChannel, position: bigint) =>
  `Not sent: the recipient opted out of marketing by ${CHANNEL_NAMES[channel]} (event ${position.toString()}).`;
