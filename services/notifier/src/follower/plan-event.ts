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
} from '@acres/contracts/events';
import type { RecordedEvent } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';
import type { PoolClient } from '@acres/platform/db';
import type PgBoss from 'pg-boss';
import { contactKeysOf, contactUpdatesOf } from '../messages/contacts.ts';
import { planMessages, type PlanSettings } from '../messages/plan.ts';
import { queueDeliveries, type RetryPolicy } from '../queue.ts';
import { applyContactUpdates, loadContacts } from '../store/contacts.ts';
import { insertPlanned, requeueParked } from '../store/notifications.ts';

export type PlanDeps = {
  boss: PgBoss;
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
  const contacts = await loadContacts(client, contactKeysOf(parsed));
  const intents = planMessages({ event: parsed, position: event.globalPosition, contacts, settings: deps.settings });
  const inserted = await insertPlanned(client, {
    intents: intents.map((intent) => ({ ...intent, transport: deps.transportOf(intent.channel, intent.recipient) })),
    position: event.globalPosition,
    eventType: event.type,
  });
  await queueDeliveries(deps.boss, client, { ids: inserted, generation: 'first', retry: deps.retry });
  return inserted.length;
};
