import { getEventVersion, parseEvent, type DomainEvent } from '@acres/contracts';
import type { NewEvent } from '@acres/eventstore/port';
import type { CommandContext } from './command-context.ts';
import { uuidv5 } from './ids.ts';

/**
 * The one way a decided event becomes a stored one: checked against the catalogue, with
 * the metadata of DESIGN 3 (correlation, causation, actor, schema version, occurredAt)
 * from the command's context, and the Idempotency-Key and request hash when it has them.
 */
export const toNewEvents = (options: {
  events: readonly DomainEvent[];
  streamId: string;
  context: CommandContext;
  newEventId: () => string;
  /** Ids from newEventId even with an Idempotency-Key (see HandleCommandOptions.newStream). */
  freshIds?: boolean;
}): NewEvent[] => {
  const { context } = options;
  return options.events.map((event, index) => {
    // Validated against the catalogue before it is stored: a decider bug fails here, loudly.
    const valid = parseEvent(event.type, event.data);
    const idempotency = context.idempotency;
    return {
      // A retry of the same request produces the same event ids, which stores treat as the same write.
      id:
        idempotency && !options.freshIds
          ? uuidv5(['event', options.streamId, idempotency.key, idempotency.requestHash, index].join('\u0000'))
          : options.newEventId(),
      type: valid.type,
      data: valid.data,
      metadata: {
        correlationId: context.correlationId,
        causationId: context.causationId,
        actor: context.actor,
        schemaVersion: getEventVersion(valid.type),
        occurredAt: context.now.toISOString(),
        ...(idempotency ? { idempotencyKey: idempotency.key, requestHash: idempotency.requestHash } : {}),
      },
    };
  });
};
