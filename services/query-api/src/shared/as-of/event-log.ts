// The event log as the as-of views read it: the PostgreSQL event store's `events` table in
// the read side's own database, only below the visibility horizon (readers never see a
// position that a slower transaction could still fill in below), read one subject's
// streams at a time and never past the position asked.

import type { Queryable } from '@acres/platform';
import type { LoggedEvent } from '@acres/read-models/event-data';
import { AS_OF_TIME_ZONE } from '@acres/contracts/as-of';
import { DomainError } from '@acres/contracts/errors';

const PAGE_SIZE = 5000;

type EventRow = { event_id: string; global_position: string; stream_id: string; type: string; data: unknown };

/** Opens the sealed personal fields of stored events (the vault of @acres/eventstore/protect). */
export type OpenEvents = <E extends { id: string; type: string; data: unknown }>(events: readonly E[]) => Promise<E[]>;

const toLoggedEvent = (row: EventRow): LoggedEvent & { id: string } => ({
  id: row.event_id,
  globalPosition: BigInt(row.global_position),
  streamId: row.stream_id,
  type: row.type,
  data: row.data,
});

// Undefined table or function: this database holds no PostgreSQL event store (EVENT_STORE=esdb).
const NO_EVENT_STORE = new Set(['42P01', '42883']);

/** The as-of reads are the first to touch the log: without one here, a clear 503 rather than a 500. */
const withEventStore = async <T>(read: () => Promise<T>): Promise<T> => {
  try {
    return await read();
  } catch (error) {
    if (NO_EVENT_STORE.has((error as { code?: string }).code ?? '')) {
      throw new DomainError('unavailable', 'Views as of a position need the PostgreSQL event store beside the read models');
    }
    throw error;
  }
};

/** The last position readers may see (0 for an empty log). */
export const readLogHead = (db: Queryable): Promise<bigint> =>
  withEventStore(async () => {
    const { rows } = await db.query<{ head: string }>(
      `SELECT coalesce(max(global_position), 0)::text AS head FROM events WHERE global_position < event_store_visible_below()`,
    );
    return BigInt(rows[0]?.head ?? '0');
  });

/** The last position recorded by the end of the Lagos day `date` ('YYYY-MM-DD'), 0 before the first event. */
export const readPositionAtEndOfDay = (db: Queryable, date: string): Promise<bigint> =>
  withEventStore(async () => {
    const { rows } = await db.query<{ position: string }>(
      `SELECT coalesce(max(global_position), 0)::text AS position FROM events
        WHERE created_at < (($1::date + 1)::timestamp AT TIME ZONE $2)
          AND global_position < event_store_visible_below()`,
      [date, AS_OF_TIME_ZONE],
    );
    return BigInt(rows[0]?.position ?? '0');
  });

/**
 * The events matching `where` (an SQL condition on `events`, with its parameters from $3 on)
 * up to and including `position`, in log order, a page at a time: a long subject never
 * sits in memory whole unless the caller keeps it.
 */
export async function* readEventPages(
  db: Queryable,
  options: { where: string; params: readonly unknown[]; position: bigint; open: OpenEvents },
): AsyncGenerator<LoggedEvent[]> {
  let after = 0n;
  for (;;) {
    const { rows } = await db.query<EventRow>(
      `SELECT event_id::text AS event_id, global_position::text AS global_position, stream_id, type, data FROM events
        WHERE global_position > $1 AND global_position <= $2 AND (${options.where})
        ORDER BY global_position LIMIT ${PAGE_SIZE}`,
      [after.toString(), options.position.toString(), ...options.params],
    );
    if (rows.length === 0) return;
    const events = await options.open(rows.map(toLoggedEvent));
    yield events;
    if (rows.length < PAGE_SIZE) return;
    after = events.at(-1)!.globalPosition;
  }
}

/** Every matching event up to `position`, for subjects small by nature (one investor, one affiliate). */
export const readEventsUpTo = async (
  db: Queryable,
  options: { where: string; params: readonly unknown[]; position: bigint; open: OpenEvents },
): Promise<LoggedEvent[]> => {
  const all: LoggedEvent[] = [];
  for await (const page of readEventPages(db, options)) all.push(...page);
  return all;
};
