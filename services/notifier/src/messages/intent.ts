import type { NotificationChannel } from '@acres/contracts/events';
import type { MessagePurpose } from '@acres/contracts/notification';
import type { AddressDigest } from '@acres/eventstore/protect';

export const MESSAGE_KINDS = [
  'lead-confirmation',
  'admin-new-lead',
  'application-received',
  'admin-new-application',
  'payment-proof-received',
  'admin-new-payment-proof',
  'payment-approved',
  'payment-rejected',
  'affiliate-welcome',
  'sale-verified',
  'sale-rejected',
  'commission-paid',
  'admin-overdue-payment',
  'admin-overdue-application',
  'admin-overdue-lead',
  'admin-projection-stopped',
  'password-reset',
  'email-verification',
  'existing-account-sign-up',
  'phone-verification',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * THE classification of every message (issue 13, item 4): 'marketing' is a message to a lead
 * as a prospect, which a STOP reply or an unsubscribe link refuses on that channel; 'service'
 * is about the person's own application, payment, account, sales and commissions, and every
 * admin alert, which always goes. A new kind fails the typecheck here until it is classified.
 */
export const PURPOSE_OF_KIND: Readonly<Record<MessageKind, MessagePurpose>> = {
  'lead-confirmation': 'marketing',
  'admin-new-lead': 'service',
  'application-received': 'service',
  'admin-new-application': 'service',
  'payment-proof-received': 'service',
  'admin-new-payment-proof': 'service',
  'payment-approved': 'service',
  'payment-rejected': 'service',
  'affiliate-welcome': 'service',
  'sale-verified': 'service',
  'sale-rejected': 'service',
  'commission-paid': 'service',
  'admin-overdue-payment': 'service',
  'admin-overdue-application': 'service',
  'admin-overdue-lead': 'service',
  'admin-projection-stopped': 'service',
  'password-reset': 'service',
  'email-verification': 'service',
  'existing-account-sign-up': 'service',
  'phone-verification': 'service',
};

/** A WhatsApp Cloud API template message: business-initiated messages must use an approved template. */
export type WhatsappTemplate = { name: string; parameters: string[] };

/** One message to one recipient on one channel, rendered and ready to deliver. */
export type MessageIntent = {
  /**
   * Idempotency key: `${globalPosition}:${channel}:${digest of the recipient}` for a message an event causes;
   * the sweeper's alerts have keys of their own (messages/alerts.ts).
   */
  id: string;
  kind: MessageKind;
  purpose: MessagePurpose;
  channel: NotificationChannel;
  /** An email address, or a phone number in E.164. */
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  whatsappTemplate: WhatsappTemplate | null;
  /** A marketing email's one-click unsubscribe URL (RFC 8058), sent as its List-Unsubscribe header. */
  unsubscribeUrl: string | null;
};

/**
 * The recipient appears as its keyed address digest (40 hex), never in clear nor as a bare
 * SHA-256 someone holding the database could test a guess against: the id is a stream name
 * (`notification-<id>`), sits in NotificationSent/Failed events outside the sealed fields and in
 * log lines, and keys the notifier's tables, so an address in it would outlive an erasure. One
 * address, however written (case, spaces), gives one id: dedupe stays per person and channel.
 * (Ids planned before issue 24 carry the 32-hex contact digest, before issue 14 the address.)
 */
export const toNotificationId = (options: {
  position: bigint;
  channel: NotificationChannel;
  recipient: string;
  addressDigest: AddressDigest;
}) => `${options.position.toString()}:${options.channel}:${options.addressDigest(options.channel, options.recipient)}`;
