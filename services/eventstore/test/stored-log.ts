import type { Pool } from '@acres/platform/db';
import type { EventFilter, EventStore, RecordedEvent } from '../src/port.ts';
import { createPostgresEventStore } from '../src/postgres/postgres-event-store.ts';
import { withSettledReads } from './settled-reads.ts';

/**
 * The PostgreSQL log as stored (sealed fields still sealed, stream names as written), read
 * through the port once it settles: what a spec checks of what a command wrote.
 */
export const storedLog = (pool: Pool): EventStore => withSettledReads(createPostgresEventStore({ pool }), pool);

/** Every event the filter keeps, from the start of the log, in log order (unsettled: also those past the horizon). */
export const readWholeLog = async (
  store: Pick<EventStore, 'readAll'>,
  filter?: EventFilter,
  options: { unsettled?: boolean } = {},
): Promise<RecordedEvent[]> => {
  const events: RecordedEvent[] = [];
  for (let after = 0n; ;) {
    const page = await store.readAll({ fromPosition: after, maxCount: 1000, ...(filter && { filter }), ...options });
    events.push(...page);
    if (page.length < 1000) return events;
    after = page.at(-1)!.globalPosition;
  }
};

/** The global position of one event, by its id: a lookup, so it sees every committed event. */
export const positionOfEvent = async (store: Pick<EventStore, 'readAll'>, eventId: string): Promise<bigint> => {
  const found = (await readWholeLog(store, undefined, { unsettled: true })).find((event) => event.id === eventId);
  if (!found) throw new Error(`no event ${eventId} in the log`);
  return found.globalPosition;
};
