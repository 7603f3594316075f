import type { NotificationChannel, NotificationTransport } from '@acres/contracts/events';
import type { DeliveryState } from '@acres/contracts/notification';

export const CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };

export const TRANSPORT_LABELS: Readonly<Record<NotificationTransport, string>> = {
  outbox: 'local outbox (channel not configured)',
  smtp: 'SMTP',
  termii: 'Termii',
  'whatsapp-cloud': 'WhatsApp Cloud API',
};

/** Only what happened: a message kept in the local outbox is held, not sent (issue 29). */
export const STATUS_LABELS: Readonly<Record<DeliveryState, string>> = {
  queued: 'Queued',
  held: 'Held (not sent)',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  suppressed: 'Suppressed (opted out)',
};

export const STATUS_VARIANTS = {
  queued: 'warning',
  held: 'outline',
  sent: 'secondary',
  delivered: 'success',
  failed: 'destructive',
  suppressed: 'outline',
} as const satisfies Record<DeliveryState, string>;

/** The detail pane's account of what became of the message. */
export const describeDelivery = (message: {
  delivery: DeliveryState;
  channel: NotificationChannel;
  transport: NotificationTransport;
}) => {
  switch (message.delivery) {
    case 'held':
      return `Held in the local outbox: no ${CHANNEL_LABELS[message.channel]} provider is configured, so it did not leave the server`;
    case 'sent':
      return `Sent: accepted by ${TRANSPORT_LABELS[message.transport]} (no delivery report yet)`;
    case 'delivered':
      return `Delivered: ${TRANSPORT_LABELS[message.transport]} reported it delivered`;
    case 'queued':
      return `Queued for ${TRANSPORT_LABELS[message.transport]}`;
    default:
      return `${STATUS_LABELS[message.delivery]} via ${TRANSPORT_LABELS[message.transport]}`;
  }
};

/**
 * A refusable message (the lead's confirmation) is still transactional, the answer to the
 * person's own request; the badge says what is special about it: a STOP or unsubscribe stops it.
 */
export const REFUSABLE_LABEL = 'Opt-out applies';

/** 'lead-confirmation' → 'Lead confirmation'. */
export const kindLabel = (kind: string) => kind.charAt(0).toUpperCase() + kind.slice(1).replaceAll('-', ' ');
