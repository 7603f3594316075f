// How the test helpers append what a command would: each event with its actor, on its stream.

import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@acres/contracts/events';
import type { EventStore, ExpectedRevision, NewEvent } from '@acres/eventstore/port';

export type Actor = NewEvent['metadata']['actor'];

export const toNewEvent = (type: string, data: unknown, actor: Actor): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { correlationId: randomUUID(), causationId: null, actor, schemaVersion: 1, occurredAt: new Date().toISOString() },
});

/** One event of `type` on `stream`, as `actor` made it: its data and the global position it got. */
export const appendEvent = async <T extends EventType>(
  eventStore: EventStore,
  stream: string,
  event: { type: T; data: EventData<T>; actor: Actor },
  expectedRevision: ExpectedRevision = 'any',
) => {
  const result = await eventStore.appendToStream(stream, [toNewEvent(event.type, event.data, event.actor)], { expectedRevision });
  return { ...event.data, position: result.position };
};
