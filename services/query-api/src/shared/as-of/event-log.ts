// The event log as the as-of views and access exports read it: through the event-store
// port (either adapter), only what readers may see, one subject's events at a time and never
// past the position asked. The store opens sealed fields as it reads (protectEventStore).

import type { EventFilter, EventStore } from '@acres/eventstore/port';
import type { LoggedEvent } from '@acres/read-models/event-data';
import { formatSortableLagosTime } from '@acres/contracts/lagos-time';

const PAGE_SIZE = 5000;

/** What the read side asks of the log. */
export type EventLog = Pick<EventStore, 'readAll' | 'readHeadPosition' | 'countEvents'>;

/** The last position readers may see (0 for an empty log). */
export const readLogHead = (log: EventLog): Promise<bigint> => log.readHeadPosition();

/** The instant the Lagos clock reads `date` ('YYYY-MM-DD') at `time` ('HH:MM' or 'HH:MM:SS'). */
export const lagosInstant = (date: string, time = '00:00'): Date => {
  const asIfUtc = new Date(`${date}T${time.length === 5 ? `${time}:00` : time}Z`);
  // The Lagos clock at that instant, read as if it were UTC, is ahead of it by the zone's offset.
  const offsetMs = new Date(`${formatSortableLagosTime(asIfUtc).replace(' ', 'T')}Z`).getTime() - asIfUtc.getTime();
  return new Date(asIfUtc.getTime() - offsetMs);
};

/** The instant the Lagos day `date` ('YYYY-MM-DD') ends: the next midnight there. */
const endOfDay = (date: string): Date => {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return lagosInstant(next.toISOString().slice(0, 10));
};

/** The last position recorded before `instant`, 0 before the first event. */
export const readPositionBefore = (log: EventLog, instant: Date): Promise<bigint> => log.readHeadPosition({ before: instant });

/** The last position recorded by the end of the Lagos day `date` ('YYYY-MM-DD'), 0 before the first event. */
export const readPositionAtEndOfDay = (log: EventLog, date: string): Promise<bigint> =>
  log.readHeadPosition({ before: endOfDay(date) });

/**
 * The events the filter keeps up to and including `position`, in log order, a page at a
 * time: a long subject never sits in memory whole unless the caller keeps it.
 */
export async function* readEventPages(
  log: EventLog,
  options: { filter: EventFilter; position: bigint },
): AsyncGenerator<(LoggedEvent & { id: string })[]> {
  let after = 0n;
  for (;;) {
    if (after >= options.position) return;
    const events = await log.readAll({
      fromPosition: after,
      toPosition: options.position,
      filter: options.filter,
      maxCount: PAGE_SIZE,
    });
    if (events.length === 0) return;
    yield events;
    if (events.length < PAGE_SIZE) return;
    after = events.at(-1)!.globalPosition;
  }
}

/** Every matching event up to `position`, for subjects small by nature (one investor, one affiliate). */
export const readEventsUpTo = async (
  log: EventLog,
  options: { filter: EventFilter; position: bigint },
): Promise<(LoggedEvent & { id: string })[]> => {
  const all: (LoggedEvent & { id: string })[] = [];
  for await (const page of readEventPages(log, options)) all.push(...page);
  return all;
};
