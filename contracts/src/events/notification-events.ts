// The sent-log (issue 13): every delivery attempt of a message and its outcome is an
// event on the message's own stream, so what was sent to whom is part of the audit trail.

import { z } from 'zod';
import { EventTimestampSchema } from './metadata.ts';

export const NOTIFICATION_CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Where a message went: a real provider, or the local outbox when the channel is not configured. */
export const NOTIFICATION_TRANSPORTS = ['outbox', 'smtp', 'termii', 'whatsapp-cloud'] as const;
export type NotificationTransport = (typeof NOTIFICATION_TRANSPORTS)[number];

/**
 * `${globalPosition}:${channel}:${contact digest of the recipient}` of the event that caused the
 * message (before issue 14: the recipient in clear, which old logs still hold).
 */
const notificationId = z.string().min(5).max(400);

const AttemptSchema = z.object({
  notificationId,
  kind: z.string().min(1).max(60),
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient: z.string().min(1).max(320),
  transport: z.enum(NOTIFICATION_TRANSPORTS),
  /** 1-based. */
  attempt: z.number().int().positive(),
});

export const NotificationSentDataSchema = AttemptSchema.extend({
  providerMessageId: z.string().max(400).nullable(),
  sentAt: EventTimestampSchema,
});
export type NotificationSentData = z.infer<typeof NotificationSentDataSchema>;

export const NotificationFailedDataSchema = AttemptSchema.extend({
  error: z.string().min(1).max(2000),
  /** true after the last try: the message is parked as failed until the admin retries it. */
  parked: z.boolean(),
  failedAt: EventTimestampSchema,
});
export type NotificationFailedData = z.infer<typeof NotificationFailedDataSchema>;

export const NotificationRetryRequestedDataSchema = z.object({
  notificationId,
  requestedBy: z.string().min(1),
  requestedAt: EventTimestampSchema,
});
export type NotificationRetryRequestedData = z.infer<typeof NotificationRetryRequestedDataSchema>;

/** A message's sent-log stream: its attempts, outcomes and the admin's retries. */
export const notificationStreamId = (notificationId: string) => `notification-${notificationId}`;
