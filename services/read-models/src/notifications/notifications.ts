// The notifier's messages (issue 13), shared by their writer (services/notifier) and the
// Outbox tab's reader (query API). Not a projection: the notifier writes the rows as it
// plans and delivers messages, under its own checkpoint, so a projection rebuild never
// touches them and never resends anything. The sent-log itself is the
// NotificationSent / NotificationFailed events.

import type { NotificationChannel, NotificationTransport } from '@acres/contracts/events';
import { deliveryStateOf, type MessagePurpose, type NotificationStatus, type OutboxMessage } from '@acres/contracts/notification';

export const NOTIFICATIONS_TABLE = 'notifications';

export type NotificationRow = {
  id: string;
  event_position: string;
  event_type: string;
  kind: string;
  channel: NotificationChannel;
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  whatsapp_template: { name: string; parameters: string[] } | null;
  status: NotificationStatus;
  purpose: MessagePurpose;
  suppressed_reason: string | null;
  unsubscribe_url: string | null;
  transport: NotificationTransport;
  attempts: number;
  last_error: string | null;
  provider_message_id: string | null;
  created_at: Date;
  sent_at: Date | null;
};

/** The columns as selected (the position as text: positions are 64-bit). */
export const NOTIFICATION_SELECT = `id, event_position::text AS event_position, event_type, kind, channel, recipient, subject,
  body_text, body_html, whatsapp_template, status, purpose, suppressed_reason, unsubscribe_url, transport, attempts, last_error, provider_message_id, created_at, sent_at`;

// Any link's token: a reset link signs someone in, an unsubscribe link changes their consent,
// and a verification link proves an address. Matched in text, HTML (`&amp;token=`) and URLs.
const LINK_TOKEN = /([?&;]token=)[^&#"'\s<>]+/g;
export const REDACTED_TOKEN = 'hidden';
// A texted one-time code ("Your Acres code is 123456"): it proves a phone number is someone's.
const ONE_TIME_CODE = /(\bcode is )\d{4,8}\b/gi;

/**
 * The one redaction of a message for anyone but its recipient (the Outbox, every data export):
 * a live link there would let whoever reads it act as the recipient. The recipient's copy (the
 * email, the outbox file) keeps it.
 */
export const redactMessageSecrets = (text: string) =>
  text.replace(LINK_TOKEN, `$1${REDACTED_TOKEN}`).replace(ONE_TIME_CODE, `$1${REDACTED_TOKEN}`);

const redactTemplate = (template: NotificationRow['whatsapp_template']) =>
  template && { ...template, parameters: template.parameters.map(redactMessageSecrets) };

const redactText = (value: unknown) => (typeof value === 'string' ? redactMessageSecrets(value) : value);

/** A stored message as shown to anyone but its recipient (the Outbox, every data export): its bodies, links and template redacted. */
export const redactNotificationRow = <Row extends Record<string, unknown>>(row: Row): Row => ({
  ...row,
  body_text: redactText(row.body_text),
  body_html: redactText(row.body_html),
  unsubscribe_url: redactText(row.unsubscribe_url),
  whatsapp_template: redactTemplate(row.whatsapp_template as NotificationRow['whatsapp_template']),
  // A provider's refusal may quote the message it refused.
  last_error: redactText(row.last_error),
});

/** A stored message's addressing and bodies, as both its sender and the Outbox name them. */
export const toMessageContent = (row: NotificationRow) => ({
  id: row.id,
  kind: row.kind,
  channel: row.channel,
  recipient: row.recipient,
  subject: row.subject,
  text: row.body_text,
  html: row.body_html,
});

export const toOutboxMessage = (stored: NotificationRow): OutboxMessage => {
  const row = redactNotificationRow(stored);
  return {
    ...toMessageContent(row),
    status: row.status,
    delivery: deliveryStateOf({ status: row.status, transport: row.transport }),
    purpose: row.purpose,
    suppressedReason: row.suppressed_reason,
    transport: row.transport,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  };
};
