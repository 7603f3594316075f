// Reads of $all for the port's log reads: EventStoreDB filters $all reads only on
// subscriptions, so a range is read in its direction and our events are kept in code.

import { BACKWARDS, END, FORWARDS } from '@eventstore/db-client';
import { checkRead, inRange, matchesFilter } from '../log/filter.ts';
import type { CountEventsOptions, ReadAllOptions, RecordedEvent } from '../port.ts';
import type { EsdbClient } from './client.ts';
import { toReadPosition, toRecordedEvent } from './mapping.ts';

type Scan = { client: EsdbClient; isOurs: (event: RecordedEvent) => boolean };

/** Our events of the range, lowest first (highest first backward), filtered; the read ends when the caller stops. */
async function* scanRange(scan: Scan, options: ReadAllOptions): AsyncGenerator<RecordedEvent> {
  const backward = options.direction === 'backward';
  const from = options.fromPosition ?? 0n;
  const read = backward
    ? scan.client.readAll({
        fromPosition: options.toPosition === undefined ? END : toReadPosition(options.toPosition),
        direction: BACKWARDS,
      })
    : scan.client.readAll({ fromPosition: toReadPosition(from), direction: FORWARDS });
  try {
    for await (const resolved of read) {
      const event = toRecordedEvent(resolved);
      if (!event) continue;
      // Reads start at the given position inclusively; the range's low end is exclusive.
      if (backward ? event.globalPosition <= from : options.toPosition !== undefined && event.globalPosition > options.toPosition)
        return;
      if (inRange(event.globalPosition, options) && scan.isOurs(event) && matchesFilter(event, options.filter)) yield event;
    }
  } finally {
    await read.cancel().catch(() => {});
  }
}

export const readRange = async (scan: Scan, options: ReadAllOptions): Promise<RecordedEvent[]> => {
  checkRead(options);
  const maxCount = options.maxCount ?? 1000;
  const events: RecordedEvent[] = [];
  for await (const event of scanRange(scan, options)) {
    events.push(event);
    if (events.length >= maxCount) break;
  }
  return events;
};

export const countRange = async (scan: Scan, options: CountEventsOptions): Promise<number> => {
  checkRead(options);
  let count = 0;
  for await (const _event of scanRange(scan, options)) {
    count += 1;
    if (options.max !== undefined && count >= options.max) break;
  }
  return count;
};

/** The last of our events (recorded before `before`), read backward from the end. */
export const readHeadBefore = async (scan: Scan, before: Date | undefined): Promise<bigint> => {
  for await (const event of scanRange(scan, { direction: 'backward' })) {
    if (!before || event.createdAt < before) return event.globalPosition;
  }
  return 0n;
};
