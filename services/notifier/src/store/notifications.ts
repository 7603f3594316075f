// The notifier's writes to the notifications table (the read side's definition is in
// @acres/read-models/notifications).

import type { NotificationTransport } from '@acres/contracts/events';
import type { Queryable } from '@acres/platform/db';
import { NOTIFICATION_SELECT, type NotificationRow } from '@acres/read-models/notifications';
import type { MessageIntent } from '../messages/intent.ts';

export type PlannedMessage = MessageIntent & {
  transport: NotificationTransport;
  /** Set for a marketing message to an opted-out address: recorded as suppressed, never queued. */
  suppressedReason: string | null;
};

/** Inserts the messages not planned before; answers the ids it inserted as queued (the ones to queue). */
export const insertPlanned = async (
  db: Queryable,
  options: { intents: readonly PlannedMessage[]; position: bigint; eventType: string },
): Promise<string[]> => {
  if (options.intents.length === 0) return [];
  const column = <K extends keyof PlannedMessage>(key: K) => options.intents.map((intent) => intent[key]);
  const { rows } = await db.query<{ id: string; status: string }>(
    `INSERT INTO notifications (id, event_position, event_type, kind, channel, recipient, subject, body_text, body_html,
                                whatsapp_template, transport, purpose, unsubscribe_url, status, suppressed_reason)
     SELECT id, $2::bigint, $3, kind, channel, recipient, subject, body_text, body_html, whatsapp_template, transport,
            purpose, unsubscribe_url, CASE WHEN suppressed_reason IS NULL THEN 'queued' ELSE 'suppressed' END, suppressed_reason
       FROM unnest($1::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::jsonb[], $11::text[],
                   $12::text[], $13::text[], $14::text[])
         AS planned(id, kind, channel, recipient, subject, body_text, body_html, whatsapp_template, transport,
                    purpose, unsubscribe_url, suppressed_reason)
     ON CONFLICT (id) DO NOTHING
     RETURNING id, status`,
    [
      column('id'),
      options.position.toString(),
      options.eventType,
      column('kind'),
      column('channel'),
      column('recipient'),
      column('subject'),
      column('text'),
      column('html'),
      options.intents.map((intent) => (intent.whatsappTemplate ? JSON.stringify(intent.whatsappTemplate) : null)),
      column('transport'),
      column('purpose'),
      column('unsubscribeUrl'),
      column('suppressedReason'),
    ],
  );
  return rows.filter((row) => row.status === 'queued').map((row) => row.id);
};

/**
 * Starts an attempt: counts it, marks it in flight (store/sending.ts) and answers the
 * message with the attempt an earlier process left in flight, or null when it was already sent (a job that ran again after its first run had
 * sent and recorded it).
 */
export const beginAttempt = async (
  db: Queryable,
  options: { id: string; transport: NotificationTransport },
): Promise<(NotificationRow & { attempts: number; interrupted_attempt: number | null }) | null> => {
  // interrupted_attempt: the mark an earlier attempt left (read before this statement's own write).
  const { rows } = await db.query<NotificationRow & { interrupted_attempt: number | null }>(
    `WITH earlier AS (SELECT sending_attempt FROM notifications WHERE id = $1)
     UPDATE notifications
        SET attempts = attempts + 1, transport = $2, sending_attempt = attempts + 1, sending_since = now(), updated_at = now()
      WHERE id = $1 AND status NOT IN ('sent', 'suppressed')
      RETURNING ${NOTIFICATION_SELECT}, (SELECT sending_attempt FROM earlier) AS interrupted_attempt`,
    [options.id, options.transport],
  );
  return rows[0] ?? null;
};

export type DeliveryRow = NotificationRow & {
  /** The position of the event that opted the recipient out of the message's purpose on its channel (null: none). */
  opted_out_at: string | null;
};

/**
 * The message a sender is about to deliver, and its recipient's opt-out, read together (one
 * snapshot, one round trip): a message planned before an opt-out is refused when it is sent.
 * Which purposes an opt-out can refuse stays refusablePurposeOf's rule, applied by the caller.
 */
export const findForDelivery = async (db: Queryable, id: string): Promise<DeliveryRow | null> => {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${NOTIFICATION_SELECT},
            (SELECT o.position::text FROM notifier_opt_outs o
              WHERE o.channel = notifications.channel AND o.address = notifications.recipient
                AND o.purpose = notifications.purpose) AS opted_out_at
       FROM notifications WHERE id = $1`,
    [id],
  );
  return rows[0] ?? null;
};

/**
 * The provider accepted the attempt: the row says sent at once (one statement on the
 * sender's connection) and keeps the in-flight mark until the sent-log has the event.
 */
export const markAccepted = async (db: Queryable, options: { id: string; providerMessageId: string | null }) => {
  await db.query(
    `UPDATE notifications
        SET status = 'sent', sent_at = now(), last_error = NULL, provider_message_id = $2, updated_at = now()
      WHERE id = $1`,
    [options.id, options.providerMessageId],
  );
};

export const markSent = async (db: Queryable, options: { id: string; providerMessageId: string | null }) => {
  await db.query(
    `UPDATE notifications
        SET status = 'sent', sent_at = now(), last_error = NULL, provider_message_id = $2,
            sending_attempt = NULL, sending_since = NULL, updated_at = now()
      WHERE id = $1`,
    [options.id, options.providerMessageId],
  );
};

/** A failed attempt: queued again while tries are left, parked as failed after the last. */
export const markFailed = async (db: Queryable, options: { id: string; error: string; parked: boolean }) => {
  await db.query(
    `UPDATE notifications
        SET status = CASE WHEN $3 THEN 'failed' ELSE 'queued' END, last_error = $2,
            sending_attempt = NULL, sending_since = NULL, updated_at = now()
      WHERE id = $1 AND status <> 'sent'`,
    [options.id, options.error.slice(0, 2000), options.parked],
  );
};

/** The admin's retry of a parked message: queued again; answers false when it is not parked. */
export const requeueParked = async (db: Queryable, id: string): Promise<boolean> => {
  const { rowCount } = await db.query(
    `UPDATE notifications SET status = 'queued', updated_at = now() WHERE id = $1 AND status = 'failed'`,
    [id],
  );
  return rowCount === 1;
};

/** A queued marketing message whose recipient has opted out since: recorded as suppressed, never sent. */
export const markSuppressed = async (db: Queryable, options: { id: string; reason: string }) => {
  await db.query(
    `UPDATE notifications SET status = 'suppressed', suppressed_reason = $2, updated_at = now()
      WHERE id = $1 AND status = 'queued'`,
    [options.id, options.reason],
  );
};

/** Which of these notification ids were planned before. */
export const findPlanned = async (db: Queryable, ids: readonly string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>('SELECT id FROM notifications WHERE id = ANY($1::text[])', [ids]);
  return new Set(rows.map((row) => row.id));
};
