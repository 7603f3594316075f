// One delivery attempt of one message: lock it, mark the attempt in flight, send it through
// its channel's transport, record the outcome as an event and on the row. A message already
// sent is never sent again, whatever job runs for it, and two live senders never hand the
// same message to a transport at once (the lock). Only an attempt whose process died between
// the provider's acceptance and the row saying sent (one statement) can be sent twice: nothing
// tells whether the provider got it (SMTP, Termii and WhatsApp take no idempotency key), so it
// is sent again, with the same Message-ID for email (channels/smtp.ts).

import type { EventStore } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';
import type { Pool, PoolClient } from '@acres/platform/db';
import type { Channels } from '../channels/channels.ts';
import type { OutgoingMessage } from '../channels/transport.ts';
import { redactMessageSecrets, toMessageContent, type NotificationRow } from '@acres/read-models/notifications';
import { refusablePurposeOf, suppressionReason } from '../messages/consent.ts';
import { beginAttempt, findForDelivery, markAccepted, markFailed, markSent, markSuppressed } from '../store/notifications.ts';
import { clearSending, lockSending, readSendingAttempt, unlockSending } from '../store/sending.ts';
import { findRecordedSend, recordOutcome } from './sent-log.ts';

export type DeliverDeps = { pool: Pool; eventStore: EventStore; channels: Channels; logger: Logger; now: () => Date };

/** pg-boss's count of this job's earlier failures and its limit: the last try parks the message. */
export type JobTries = { retryCount: number; retryLimit: number };

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'unknown error';

/** Another live session is sending the message right now; the job runs again later and finds its outcome. */
export class SendingElsewhereError extends Error {
  override readonly name = 'SendingElsewhereError';
}

type Tried = { id: string; tries: JobTries };

export const deliverNotification = async (deps: DeliverDeps, options: Tried): Promise<void> => {
  // One connection for the whole attempt: it holds the message's lock until the outcome is on the row.
  const client = await deps.pool.connect();
  let broken: unknown;
  try {
    if (!(await lockSending(client, options.id))) throw new SendingElsewhereError(`message ${options.id} is being sent`);
    try {
      await deliverLocked(deps, client, options);
    } finally {
      await unlockSending(client, options.id).catch((error: unknown) => (broken = error));
    }
  } finally {
    // A connection whose unlock failed may still hold the lock: closed, never pooled again.
    client.release(broken instanceof Error ? broken : undefined);
  }
};

const deliverLocked = async (deps: DeliverDeps, client: PoolClient, options: Tried): Promise<void> => {
  // Read after the lock is granted (a statement of its own, so its snapshot is too): a sender
  // that finished meanwhile has its outcome on the row.
  const found = await findForDelivery(client, options.id);
  if (!found || found.status === 'suppressed') return;
  if (found.status === 'sent') return recordAcceptedSend(deps, client, found);
  // A refusable message waiting for a retry (or the admin's) when its recipient opted out since.
  const purpose = refusablePurposeOf(found.purpose);
  if (purpose && found.opted_out_at !== null) {
    const reason = suppressionReason({ channel: found.channel, purpose, position: BigInt(found.opted_out_at) });
    await markSuppressed(client, { id: found.id, reason });
    return;
  }
  const transport = deps.channels.transportFor(found.channel, found.recipient);
  const row = await beginAttempt(client, { id: options.id, transport: transport.name });
  if (!row) return;
  // A later attempt may follow a crash after the last one was recorded as sent but before
  // the row said so: the sent-log has the last word, and the message is not sent again.
  if (row.attempts > 1) {
    const earlier = await findRecordedSend(deps.eventStore, row.id);
    if (earlier) {
      await markSent(client, { id: row.id, providerMessageId: earlier.providerMessageId });
      return;
    }
  }
  if (row.interrupted_attempt !== null) {
    deps.logger.warn(
      { notificationId: row.id, transport: transport.name, interruptedAttempt: row.interrupted_attempt, attempt: row.attempts },
      'sending again a message whose earlier attempt ended with its process before its outcome was recorded; the recipient may get it twice',
    );
  }
  const message: OutgoingMessage = {
    ...toMessageContent(row),
    whatsappTemplate: row.whatsapp_template,
    unsubscribeUrl: row.unsubscribe_url,
  };
  const attempt = {
    notificationId: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    transport: transport.name,
    attempt: row.attempts,
  };
  let delivery;
  try {
    delivery = await transport.send(message);
  } catch (error) {
    const parked = options.tries.retryCount >= options.tries.retryLimit;
    // A provider's refusal may quote the message, and with it a link's token or a texted code:
    // the sent-log, the row and the log line keep it redacted, as the Outbox shows it.
    const reason = redactMessageSecrets(describe(error)).slice(0, 2000);
    deps.logger.warn(
      {
        notificationId: row.id,
        transport: transport.name,
        attempt: row.attempts,
        parked,
        errorName: (error as Error).name,
        reason,
      },
      'message not delivered',
    );
    await recordOutcome(deps.eventStore, {
      type: 'NotificationFailed',
      data: { ...attempt, error: reason, parked, failedAt: deps.now().toISOString() },
    });
    await markFailed(client, { id: row.id, error: reason, parked });
    throw error;
  }
  // The row first, on the connection already held: the step after the provider's acceptance
  // that a kill must not interrupt is as short as it can be. Should this process die before the
  // event below, the next run finds the row sent and still marked and writes it (recordAcceptedSend).
  await markAccepted(client, { id: row.id, providerMessageId: delivery.providerMessageId });
  await recordOutcome(deps.eventStore, {
    type: 'NotificationSent',
    data: { ...attempt, providerMessageId: delivery.providerMessageId?.slice(0, 400) ?? null, sentAt: deps.now().toISOString() },
  });
  await clearSending(client, row.id);
};

/** A message the provider accepted whose NotificationSent may be missing (its process died): recorded, never resent. */
const recordAcceptedSend = async (deps: DeliverDeps, client: PoolClient, row: NotificationRow): Promise<void> => {
  const attempt = await readSendingAttempt(client, row.id);
  if (attempt === null) return;
  // The event id is derived from (message, attempt): written before the kill, it is not written twice.
  await recordOutcome(deps.eventStore, {
    type: 'NotificationSent',
    data: {
      notificationId: row.id,
      kind: row.kind,
      channel: row.channel,
      recipient: row.recipient,
      transport: row.transport,
      attempt,
      providerMessageId: row.provider_message_id?.slice(0, 400) ?? null,
      sentAt: (row.sent_at ?? deps.now()).toISOString(),
    },
  });
  await clearSending(client, row.id);
};
