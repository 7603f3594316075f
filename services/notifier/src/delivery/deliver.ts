// One delivery attempt of one message: claim it, send it through its channel's transport,
// record the outcome as an event and on the row. A message already sent is never sent
// again, whatever job runs for it.

import type { EventStore } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';
import type { Pool } from '@acres/platform/db';
import type { Channels } from '../channels/channels.ts';
import type { OutgoingMessage } from '../channels/transport.ts';
import { suppressionReason } from '../messages/consent.ts';
import { beginAttempt, findNotification, markFailed, markSent, markSuppressed } from '../store/notifications.ts';
import { findOptOuts, optOutKey } from '../store/opt-outs.ts';
import { findRecordedSend, recordOutcome } from './sent-log.ts';

export type DeliverDeps = { pool: Pool; eventStore: EventStore; channels: Channels; logger: Logger; now: () => Date };

/** pg-boss's count of this job's earlier failures and its limit: the last try parks the message. */
export type JobTries = { retryCount: number; retryLimit: number };

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)) || 'unknown error';

export const deliverNotification = async (deps: DeliverDeps, options: { id: string; tries: JobTries }): Promise<void> => {
  const found = await findNotification(deps.pool, options.id);
  if (!found || found.status === 'sent' || found.status === 'suppressed') return;
  // A marketing message waiting for a retry (or the admin's) when its recipient opted out.
  if (found.purpose === 'marketing') {
    const optOuts = await findOptOuts(deps.pool, [{ channel: found.channel, address: found.recipient }]);
    const optedOutAt = optOuts.get(optOutKey(found.channel, found.recipient));
    if (optedOutAt !== undefined) {
      await markSuppressed(deps.pool, { id: found.id, reason: suppressionReason(found.channel, optedOutAt) });
      return;
    }
  }
  const transport = deps.channels.transportFor(found.channel, found.recipient);
  const row = await beginAttempt(deps.pool, { id: options.id, transport: transport.name });
  if (!row) return;
  // A later attempt may follow a crash after the last one was recorded as sent but before
  // the row said so: the sent-log has the last word, and the message is not sent again.
  if (row.attempts > 1) {
    const earlier = await findRecordedSend(deps.eventStore, row.id);
    if (earlier) {
      await markSent(deps.pool, { id: row.id, providerMessageId: earlier.providerMessageId });
      return;
    }
  }
  const message: OutgoingMessage = {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    text: row.body_text,
    html: row.body_html,
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
    const reason = describe(error).slice(0, 2000);
    deps.logger.warn(
      { notificationId: row.id, transport: transport.name, attempt: row.attempts, parked, err: error },
      'message not delivered',
    );
    await recordOutcome(deps.eventStore, {
      type: 'NotificationFailed',
      data: { ...attempt, error: reason, parked, failedAt: deps.now().toISOString() },
    });
    await markFailed(deps.pool, { id: row.id, error: reason, parked });
    throw error;
  }
  await recordOutcome(deps.eventStore, {
    type: 'NotificationSent',
    data: { ...attempt, providerMessageId: delivery.providerMessageId?.slice(0, 400) ?? null, sentAt: deps.now().toISOString() },
  });
  await markSent(deps.pool, { id: row.id, providerMessageId: delivery.providerMessageId });
};
