// Turning ?asOf= / ?asOfDate= into one log position, in the snapshot the view is then
// read in. A position past the log's head is refused (400 naming asOf) rather than clamped:
// an answer "as of" a position that does not exist yet would change when it arrives.

import { AS_OF_MESSAGES, AS_OF_TIME_ZONE, type AsOfQuery } from '@acres/contracts/as-of';
import { DomainError } from '@acres/contracts/errors';
import { lagosInstant, readLogHead, readPositionAtEndOfDay, readPositionBefore, type EventLog } from './event-log.ts';

export type AsOfPoint = { position: bigint; date?: string; time?: string };

const invalid = (field: keyof AsOfQuery, message: string) =>
  new DomainError('validation_failed', `${field}: ${message}`, [{ field, message }]);

const lagosDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: AS_OF_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** null: no as-of asked, the current read model answers. */
export const resolveAsOf = async (log: EventLog, query: AsOfQuery, now: Date): Promise<AsOfPoint | null> => {
  if (query.asOf !== undefined) {
    const position = BigInt(query.asOf);
    const head = await readLogHead(log);
    if (position > head) throw invalid('asOf', `${AS_OF_MESSAGES.beyondHead} (position ${head})`);
    return { position };
  }
  if (query.asOfDate !== undefined) {
    if (query.asOfDate > lagosDay.format(now)) throw invalid('asOfDate', AS_OF_MESSAGES.futureDate);
    if (query.asOfTime !== undefined) {
      // '14:30' is the view at the end of that minute, '14:30:05' at the end of that second.
      const start = lagosInstant(query.asOfDate, query.asOfTime);
      if (start > now) throw invalid('asOfTime', AS_OF_MESSAGES.futureTime);
      const end = new Date(start.getTime() + (query.asOfTime.length === 5 ? 60_000 : 1000));
      return { position: await readPositionBefore(log, end), date: query.asOfDate, time: query.asOfTime };
    }
    return { position: await readPositionAtEndOfDay(log, query.asOfDate), date: query.asOfDate };
  }
  return null;
};
