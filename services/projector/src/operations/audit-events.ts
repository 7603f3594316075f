// The events that record an operation on a projection in the log, whichever path ran it
// (the admin's Operations tab through the command API and this process, or the CLI): the
// audit trail is the event log. One stream per projection.

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { getEventVersion, parseEvent, type EventData, type EventType } from '@acres/contracts/events';
import type { Actor, EventStore } from '@acres/eventstore/port';

export const projectionStreamId = (projection: string) => `projection-${projection}`;

/** Who ran an operation: the actor of its events, the 'by' of their data and a correlation id. */
export type Operator = { actor: Actor; by: string; correlationId: string };

const osUser = () => {
  try {
    return os.userInfo().username;
  } catch {
    return null;
  }
};

/** The CLI's operator: the OS user (the one behind sudo when there is one). */
export const cliOperator = (env: Record<string, string | undefined> = process.env): Operator => {
  const user = env.SUDO_USER || env.USER || env.LOGNAME || osUser() || 'unknown';
  const id = `cli:${user}`.slice(0, 200);
  return { actor: { kind: 'system', id }, by: id, correlationId: randomUUID() };
};

export const appendOperationEvent = async <T extends EventType>(options: {
  eventStore: EventStore;
  projection: string;
  operator: Operator;
  type: T;
  data: EventData<T>;
}) => {
  const valid = parseEvent(options.type, options.data);
  await options.eventStore.appendToStream(
    projectionStreamId(options.projection),
    [
      {
        id: randomUUID(),
        type: valid.type,
        data: valid.data,
        metadata: {
          correlationId: options.operator.correlationId,
          causationId: options.operator.correlationId,
          actor: options.operator.actor,
          schemaVersion: getEventVersion(valid.type),
          occurredAt: new Date().toISOString(),
        },
      },
    ],
    { expectedRevision: 'any' },
  );
};
