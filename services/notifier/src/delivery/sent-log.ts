// Each attempt and its outcome, as an event on the message's own stream: the sent-log is
// part of the audit trail. Event ids are derived from (message, attempt), so recording
// the same attempt again after a crash is a no-op, not a second entry.

import { v5 as uuidv5 } from 'uuid';
import {
  getEventVersion,
  notificationStreamId,
  NotificationSentDataSchema,
  type NotificationFailedData,
  type NotificationSentData,
} from '@acres/contracts/events';
import { EventIdConflictError, type EventStore } from '@acres/eventstore/port';

const EVENT_NAMESPACE = 'b7a3f0e2-5c4d-4f61-8e2a-3d9c1b7e6f20';

type Outcome =
  { type: 'NotificationSent'; data: NotificationSentData } | { type: 'NotificationFailed'; data: NotificationFailedData };

export const recordOutcome = async (eventStore: EventStore, outcome: Outcome): Promise<void> => {
  const { notificationId, attempt } = outcome.data;
  const occurredAt = outcome.type === 'NotificationSent' ? outcome.data.sentAt : outcome.data.failedAt;
  try {
    await eventStore.appendToStream(
      notificationStreamId(notificationId),
      [
        {
          id: uuidv5(`${notificationId}#${attempt}#${outcome.type}`, EVENT_NAMESPACE),
          type: outcome.type,
          data: outcome.data,
          metadata: {
            correlationId: uuidv5(notificationId, EVENT_NAMESPACE),
            causationId: null,
            actor: { kind: 'system', id: 'notifier' },
            schemaVersion: getEventVersion(outcome.type),
            occurredAt,
          },
        },
      ],
      { expectedRevision: 'any' },
    );
  } catch (error) {
    // Recorded by this attempt's earlier run (a crash after the append, before the row).
    if (error instanceof EventIdConflictError) return;
    throw error;
  }
};

/** The NotificationSent already on the message's stream, if an earlier attempt got that far. */
export const findRecordedSend = async (eventStore: EventStore, notificationId: string): Promise<NotificationSentData | null> => {
  const events = await eventStore.readStream(notificationStreamId(notificationId));
  const sent = events.findLast((event) => event.type === 'NotificationSent');
  return sent ? NotificationSentDataSchema.parse(sent.data) : null;
};
