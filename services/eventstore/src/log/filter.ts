// A read of the global log in code: which events a filter keeps and a range holds. The
// EventStoreDB adapter filters $all this way (its reads take no server-side filter);
// PostgreSQL says the same in SQL (postgres/range-sql.ts).

import type { CountEventsOptions, DataMatch, EventFilter, ReadAllOptions, RecordedEvent } from '../port.ts';

/** Keys become SQL literals in the PostgreSQL store: only plain names, so none needs quoting. */
const KEY = /^[A-Za-z0-9_$]+$/;

const valuesAt = (value: unknown, path: readonly string[]): unknown[] => {
  if (path.length === 0) return [value];
  const [step, ...rest] = path as [string, ...string[]];
  if (step === '*') return Array.isArray(value) ? value.flatMap((item) => valuesAt(item, rest)) : [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return valuesAt((value as Record<string, unknown>)[step], rest);
};

const holds = (data: unknown, match: DataMatch) =>
  valuesAt(data, match.path).some((value) => typeof value === 'string' && match.values.includes(value));

export const matchesFilter = (event: RecordedEvent, filter: EventFilter | undefined): boolean =>
  !filter ||
  ((!filter.streamIds || filter.streamIds.includes(event.streamId)) &&
    (!filter.types || filter.types.includes(event.type)) &&
    (!filter.data || filter.data.some((match) => holds(event.data, match))));

const checkPosition = (name: string, value: bigint | undefined) => {
  if (value !== undefined && (typeof value !== 'bigint' || value < 0n))
    throw new RangeError(`${name} must be a non-negative bigint`);
};

const checkCount = (name: string, value: number | undefined) => {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 1))
    throw new RangeError(`${name} must be a positive integer`);
};

/** Refuses what no store could read, the same way in both: bad positions, counts and data paths. */
export const checkRead = (options: ReadAllOptions & CountEventsOptions) => {
  checkPosition('fromPosition', options.fromPosition);
  checkPosition('toPosition', options.toPosition);
  checkCount('maxCount', options.maxCount);
  checkCount('max', options.max);
  if (options.direction !== undefined && options.direction !== 'forward' && options.direction !== 'backward')
    throw new RangeError(`direction must be forward or backward`);
  for (const match of options.filter?.data ?? []) {
    if (match.path.length === 0 || match.path.at(-1) === '*' || !match.path.every((key) => key === '*' || KEY.test(key)))
      throw new RangeError(`data path ${JSON.stringify(match.path)} must be plain keys, '*' only between them`);
  }
};

/** Whether a position lies in the range (fromPosition, toPosition]. */
export const inRange = (position: bigint, options: { fromPosition?: bigint; toPosition?: bigint }) =>
  position > (options.fromPosition ?? 0n) && (options.toPosition === undefined || position <= options.toPosition);
