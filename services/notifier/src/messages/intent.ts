import type { NotificationChannel } from '@acres/contracts/events';

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
  'admin-projection-stopped',
  'password-reset',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A WhatsApp Cloud API template message: business-initiated messages must use an approved template. */
export type WhatsappTemplate = { name: string; parameters: string[] };

/** One message to one recipient on one channel, rendered and ready to deliver. */
export type MessageIntent = {
  /**
   * Idempotency key: `${globalPosition}:${channel}:${recipient}` for a message an event causes;
   * the sweeper's alerts have keys of their own (messages/alerts.ts).
   */
  id: string;
  kind: MessageKind;
  channel: NotificationChannel;
  /** An email address, or a phone number in E.164. */
  recipient: string;
  subject: string | null;
  text: string;
  html: string | null;
  whatsappTemplate: WhatsappTemplate | null;
};

export const toNotificationId = (options: { position: bigint; channel: NotificationChannel; recipient: string }) =>
  `${options.position.toString()}:${options.channel}:${options.recipient}`;
