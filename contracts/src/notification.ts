// The admin's Outbox (issue 13): each message the notifier produced, as its recipient
// sees it, with its delivery status and attempts.

import { z } from 'zod';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TRANSPORTS, type NotificationTransport } from './events/notification-events.ts';

/** 'suppressed': a marketing message to someone who opted out on that channel; recorded, never sent. */
export const NOTIFICATION_STATUSES = ['queued', 'sent', 'failed', 'suppressed'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];

/**
 * Why a message is sent: 'marketing' (to a lead as a prospect) may be refused by opting out;
 * 'service' (their own application, payment, account or commissions, and admin alerts) always goes.
 */
export const MESSAGE_PURPOSES = ['service', 'marketing'] as const;
export type MessagePurpose = (typeof MESSAGE_PURPOSES)[number];

/**
 * What became of a message, as the admin reads it: 'held' when its channel has no transport (it
 * was written to the local outbox and never left the server), 'sent' once a provider accepted it,
 * 'delivered' where the provider reports delivery. `status` alone said 'sent' for a held message.
 */
export const DELIVERY_STATES = ['queued', 'held', 'sent', 'delivered', 'failed', 'suppressed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const deliveryStateOf = (message: { status: NotificationStatus; transport: NotificationTransport }): DeliveryState =>
  message.status === 'sent' && message.transport === 'outbox' ? 'held' : message.status;

export const OutboxMessageSchema = z.object({
  /** The idempotency key: `${globalPosition}:${channel}:${recipient}`. */
  id: z.string(),
  kind: z.string(),
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient: z.string(),
  /** Email subject; null for SMS and WhatsApp. */
  subject: z.string().nullable(),
  text: z.string(),
  /** The email's HTML as sent; null for SMS and WhatsApp. */
  html: z.string().nullable(),
  status: z.enum(NOTIFICATION_STATUSES),
  /** Additive (issue 29): held, sent or delivered, from the status and the transport. */
  delivery: z.enum(DELIVERY_STATES),
  purpose: z.enum(MESSAGE_PURPOSES),
  /** Why a suppressed message was not sent. */
  suppressedReason: z.string().nullable(),
  /** The transport of the last attempt, or the one it will use. */
  transport: z.enum(NOTIFICATION_TRANSPORTS),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxListSchema = z.object({
  total: z.number().int().nonnegative(),
  messages: z.array(OutboxMessageSchema),
});
export type OutboxList = z.infer<typeof OutboxListSchema>;

/** A failed message's idempotency key, as the retry route's path parameter. */
export const NotificationIdSchema = z
  .string()
  .min(5, 'must be a message id')
  .max(400, 'must be a message id')
  .regex(/^\d+:(email|sms|whatsapp):\S+$/, 'must be a message id');

export const NOTIFICATION_MESSAGES = {
  notFound: 'No message with this id has been attempted yet',
  alreadySent: 'This message was already sent',
  notParked: 'This message is still being retried; only a message parked as failed can be retried',
} as const;

/** POST /api/admin/outbox/{id}/retry takes an empty JSON object: every command is a JSON body (CSRF, one content-type rule). */
export const RetryNotificationSchema = z.object({});

/** POST /api/admin/outbox/{id}/retry answers the event's position (for read-your-writes). */
export const NotificationRetriedSchema = z.object({ notificationId: z.string(), position: z.string() });
export type NotificationRetried = z.infer<typeof NotificationRetriedSchema>;
