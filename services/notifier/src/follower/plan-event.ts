// One event of the log, inside the follower's transaction: keep the address book, plan
// the event's messages, insert the ones not planned before and queue exactly those.
// The message rows, their jobs and the checkpoint commit together, so a crash anywhere
// either queues an event's messages once or not at all (and the restart plans them then).

import {
  isEventType,
  parseEvent,
  type DomainEvent,
  type NotificationChannel,
  type NotificationTransport,
  type PayoutBatchCreatedData,
} from '@acres/contracts/events';
import type { EventStore, RecordedEvent } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';
import type { PoolClient } from '@acres/platform/db';
import type PgBoss from 'pg-boss';
import { contactKeysOf, contactUpdatesOf } from '../messages/contacts.ts';
import { payoutContactKeys, planMessages, type PlanSettings } from '../messages/plan.ts';
import { readLead } from './read-lead.ts';
import { isPackageReadyAt, notePackageDocument } from '../store/package-ready.ts';
import { queueDeliveries, type RetryPolicy } from '../queue.ts';
import { waitingChangeOf } from '../messages/waiting.ts';
import { applyContactUpdates, loadContacts } from '../store/contacts.ts';
import { insertPlanned, requeueParked } from '../store/notifications.ts';
import { applyWaitingChange } from '../store/waiting.ts';
import { applyConsentUpdates, findOptOuts, optOutKey } from '../store/opt-outs.ts';
import { consentUpdatesOf, refusablePurposeOf, suppressionReason } from '../messages/consent.ts';
import { applySuppression, findSuppressions, suppressionKeyOf } from '../store/suppressions.ts';

export type PlanDeps = {
  boss: PgBoss;
  eventStore: EventStore;
  logger: Logger;
  settings: PlanSettings;
  retry: RetryPolicy;
  transportOf: (channel: NotificationChannel, recipient: string) => NotificationTransport;
};

const parse = (deps: PlanDeps, event: RecordedEvent): DomainEvent | null => {
  if (!isEventType(event.type)) return null;
  try {
    return parseEvent(event.type, event.data);
  } catch (error) {
    // A malformed event is the projector's poison to stop on; the notifier only sends nothing for it.
    deps.logger.error(
      { err: error, position: event.globalPosition.toString(), type: event.type },
      'event not understood; no message for it',
    );
    return null;
  }
};

/** The command API's single payout stream (command-api/payouts/streams.ts). */
const PAYOUTS_STREAM_ID = 'payouts';

/**
 * PayoutBatchPaid names only its batch: the commissions are in the batch's PayoutBatchCreated,
 * read from the log itself (batches are few), so the notifier keeps no copy of them.
 */
const readPayoutBatch = async (eventStore: EventStore, batchId: string): Promise<PayoutBatchCreatedData | undefined> => {
  for (const recorded of await eventStore.readStream(PAYOUTS_STREAM_ID)) {
    if (recorded.type !== 'PayoutBatchCreated') continue;
    const { data } = parseEvent('PayoutBatchCreated', recorded.data);
    if (data.batchId === batchId) return data;
  }
  return undefined;
};

/** Answers how many deliveries it queued. */
export const planEvent = async (deps: PlanDeps, client: PoolClient, event: RecordedEvent): Promise<number> => {
  const parsed = parse(deps, event);
  if (!parsed) return 0;
  if (parsed.type === 'NotificationRetryRequested') {
    const id = parsed.data.notificationId;
    if (!(await requeueParked(client, id))) return 0;
    await queueDeliveries(deps.boss, client, {
      ids: [id],
      generation: `retry-${event.globalPosition.toString()}`,
      retry: deps.retry,
    });
    return 1;
  }
  await applyContactUpdates(client, contactUpdatesOf(parsed));
  const optedIn = await applyConsentUpdates(client, { updates: consentUpdatesOf(parsed), position: event.globalPosition });
  await applySuppression(client, { event: parsed, position: event.globalPosition, addressDigest: deps.settings.addressDigest });
  const payoutBatch = parsed.type === 'PayoutBatchPaid' ? await readPayoutBatch(deps.eventStore, parsed.data.batchId) : undefined;
  if (parsed.type === 'DueDiligenceDocumentUploaded') await notePackageDocument(client, event.globalPosition);
  const packageReady = parsed.type === 'SlotReserved' && (await isPackageReadyAt(client, event.globalPosition));
  const lead = parsed.type === 'MaterialsSent' ? await readLead(deps.eventStore, parsed.data.leadId) : undefined;
  const contacts = await loadContacts(client, [...contactKeysOf(parsed), ...(payoutBatch ? payoutContactKeys(payoutBatch) : [])]);
  // What waits for the admin's decision, for the sweeper's overdue alerts (sweeper/sweep.ts).
  await applyWaitingChange(client, {
    change: waitingChangeOf(parsed, contacts),
    position: event.globalPosition,
    eventType: event.type,
  });
  const intents = planMessages({
    event: parsed,
    position: event.globalPosition,
    contacts,
    settings: deps.settings,
    ...(payoutBatch ? { payoutBatch } : {}),
    ...(lead ? { lead } : {}),
    packageReady,
  });
  const refusable = intents.flatMap((intent) => {
    const purpose = refusablePurposeOf(intent.purpose);
    return purpose ? [{ channel: intent.channel, address: intent.recipient, purpose }] : [];
  });
  // A new lead's messages go to the contacts its own consent just opted in: no lookup for those.
  const optOuts = await findOptOuts(
    client,
    refusable.filter((key) => !optedIn.has(optOutKey(key))),
  );
  // Looked up even for a contact this event opted in: a lead form's consent does not lift a
  // suppression (an erased address that comes back stays unsent); only an explicit opt-in does.
  const digestOf = (key: { channel: NotificationChannel; address: string }) =>
    deps.settings.addressDigest(key.channel, key.address);
  const suppressions = await findSuppressions(
    client,
    refusable.map((key) => ({ digest: digestOf(key), channel: key.channel, purpose: key.purpose })),
  );
  const inserted = await insertPlanned(client, {
    intents: intents.map((intent) => {
      const purpose = refusablePurposeOf(intent.purpose);
      const key = purpose ? { channel: intent.channel, address: intent.recipient, purpose } : null;
      const stoppedAt = key
        ? (optOuts.get(optOutKey(key)) ?? suppressions.get(suppressionKeyOf({ ...key, digest: digestOf(key) })))
        : undefined;
      return {
        ...intent,
        transport: deps.transportOf(intent.channel, intent.recipient),
        suppressedReason: key === null || stoppedAt === undefined ? null : suppressionReason({ ...key, position: stoppedAt }),
      };
    }),
    position: event.globalPosition,
    eventType: event.type,
  });
  await queueDeliveries(deps.boss, client, { ids: inserted, generation: 'first', retry: deps.retry });
  return inserted.length;
};
