// The notifier's messages (issue 13), shared by their writer (services/notifier) and the
// Outbox tab's reader (query API). Not a projection: the notifier writes the rows as it
// plans and delivers messages, under its own checkpoint, so a projection rebuild never
// touches them and never resends anything. The sent-log itself is the
// NotificationSent / NotificationFailed events.

import type { NotificationChannel, NotificationTransport } from '@acres/contracts/events';
import type { MessagePurpose, NotificationStatus, OutboxMessage } from '@acres/contracts/notification';

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

/** Messages whose links sign someone in or change their account: the admin sees them without the token. */
const KINDS_WITH_SECRET_LINKS = new Set(['password-reset']);
const LINK_TOKEN = /([?&]token=)[A-Za-z0-9._~%-]+/g;
export const REDACTED_TOKEN = 'hidden';

/**
 * A live reset link in the Outbox would let whoever reads it take the account over; the
 * recipient's copy (the email, the outbox file) keeps it.
 */
const redact = (row: NotificationRow, body: string) =>
  KINDS_WITH_SECRET_LINKS.has(row.kind) ? body.replace(LINK_TOKEN, `$1${REDACTED_TOKEN}`) : body;

export const toOutboxMessage = (row: NotificationRow): OutboxMessage => ({
  id: row.id,
  kind: row.kind,
  channel: row.channel,
  recipient: row.recipient,
  subject: row.subject,
  text: redact(row, row.body_text),
  html: row.body_html === null ? null : redact(row, row.body_html),
  status: row.status,
  purpose: row.purpose,
  suppressedReason: row.suppressed_reason,
  transport: row.transport,
  attempts: row.attempts,
  lastError: row.last_error,
  createdAt: row.created_at.toISOString(),
  sentAt: row.sent_at?.toISOString() ?? null,
});
