import { z } from 'zod';
import { InvalidAppendError, type NewEvent } from './port.ts';

// Any 8-4-4-4-12 hex id, as both stores take (PostgreSQL's uuid type, EventStoreDB's Guid);
// no RFC 9562 version or variant check, so no id accepted before is refused now.
const Guid = z.guid();

/**
 * Refuses appends that no store could honour the same way, before anything is written:
 * both adapters must fail identically, and a malformed id would otherwise surface as a
 * driver error deep inside the write.
 */
export const validateAppend = (stream: string, events: NewEvent[], options: { maxEvents: number }) => {
  if (typeof stream !== 'string' || stream.length === 0) throw new InvalidAppendError('stream must be a non-empty string');
  if (!Array.isArray(events) || events.length === 0) throw new InvalidAppendError(`append to ${stream} needs at least one event`);
  if (events.length > options.maxEvents) {
    throw new InvalidAppendError(
      `append to ${stream} has ${events.length} events; at most ${options.maxEvents} fit in one append`,
    );
  }
  const seen = new Set<string>();
  for (const [index, event] of events.entries()) {
    if (typeof event.id !== 'string' || !Guid.safeParse(event.id).success) {
      throw new InvalidAppendError(`events[${index}].id must be a UUID, got ${JSON.stringify(event.id)}`);
    }
    const id = event.id.toLowerCase();
    if (seen.has(id)) throw new InvalidAppendError(`events[${index}].id ${event.id} appears twice in one append`);
    seen.add(id);
    if (typeof event.type !== 'string' || event.type.length === 0) {
      throw new InvalidAppendError(`events[${index}].type must be a non-empty string`);
    }
    if (typeof event.metadata !== 'object' || event.metadata === null) {
      throw new InvalidAppendError(`events[${index}].metadata must be an object`);
    }
  }
};
