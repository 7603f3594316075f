// Reads of a stretch of the global log in SQL: a position range below the visibility
// horizon, and a filter by stream, type and data. The filter is written so the log's
// indexes serve it (infra/migrations): (stream_id, global_position) for streams,
// data->>'userId' for an investor's events, data->>'applicationId' of submissions.

import type { Queryable } from '@acres/platform/db';
import { checkRead } from '../log/filter.ts';
import type { CountEventsOptions, DataMatch, EventFilter, LogRange, ReadAllOptions, RecordedEvent } from '../port.ts';
import { COLUMNS, toRecordedEvent, type EventRow } from './read.ts';

type Params = unknown[];

const bind = (params: Params, value: unknown) => {
  params.push(value);
  return `$${params.length}`;
};

// Keys are plain names (checkRead), so a literal needs no escaping; the same expression as
// an index's (data->>'userId') lets the planner use it.
const jsonAt = (base: string, keys: readonly string[]) => keys.reduce((sql, key) => `${sql}->'${key}'`, base);
const textAt = (base: string, keys: readonly string[]) => `${jsonAt(base, keys.slice(0, -1))}->>'${keys.at(-1)!}'`;

const matchSql = (base: string, path: readonly string[], values: string, depth: number): string => {
  const star = path.indexOf('*');
  if (star < 0) return `${textAt(base, path)} = ANY(${values}::text[])`;
  const array = jsonAt(base, path.slice(0, star));
  const item = `item${depth}`;
  return `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${array}) = 'array' THEN ${array} END) AS ${item}(v)
     WHERE ${matchSql(`${item}.v`, path.slice(star + 1), values, depth + 1)})`;
};

const dataSql = (params: Params, matches: readonly DataMatch[]) =>
  matches.length === 0
    ? 'false'
    : `(${matches.map((m) => matchSql('data', m.path, bind(params, [...m.values]), 0)).join(' OR ')})`;

const filterSql = (params: Params, filter: EventFilter | undefined) => {
  const where: string[] = [];
  if (filter?.streamIds) where.push(`stream_id = ANY(${bind(params, [...filter.streamIds])}::text[])`);
  if (filter?.types) where.push(`type = ANY(${bind(params, [...filter.types])}::text[])`);
  if (filter?.data) where.push(dataSql(params, filter.data));
  return where;
};

/** The WHERE clause of a range: only below the horizon, so no reader passes a gap that fills later. */
const rangeSql = (params: Params, range: LogRange) =>
  [
    `global_position > ${bind(params, (range.fromPosition ?? 0n).toString())}`,
    ...(range.unsettled ? [] : ['global_position < event_store_visible_below()']),
    ...(range.toPosition === undefined ? [] : [`global_position <= ${bind(params, range.toPosition.toString())}`]),
    ...filterSql(params, range.filter),
  ].join(' AND ');

export const readRange = async (db: Queryable, options: ReadAllOptions): Promise<RecordedEvent[]> => {
  checkRead(options);
  const params: Params = [];
  const where = rangeSql(params, options);
  const order = options.direction === 'backward' ? 'DESC' : 'ASC';
  // events.global_position: the bare name would sort by the text column of the same name.
  const { rows } = await db.query<EventRow>(
    `SELECT ${COLUMNS} FROM events WHERE ${where} ORDER BY events.global_position ${order} LIMIT ${bind(params, options.maxCount ?? 1000)}`,
    params,
  );
  return rows.map(toRecordedEvent);
};

export const countRange = async (db: Queryable, options: CountEventsOptions): Promise<number> => {
  checkRead(options);
  const params: Params = [];
  const where = rangeSql(params, options);
  const limit = options.max === undefined ? '' : ` LIMIT ${bind(params, options.max)}`;
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM (SELECT 1 FROM events WHERE ${where}${limit}) AS counted`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
};

/** The visible head, or the last position recorded before a time (events_created_at_idx). */
export const readHeadBefore = async (db: Queryable, before: Date | undefined): Promise<bigint> => {
  const { rows } = await db.query<{ head: string }>(
    `SELECT coalesce(max(global_position), 0)::text AS head FROM events
      WHERE global_position < event_store_visible_below()${before ? ' AND created_at < $1' : ''}`,
    before ? [before] : [],
  );
  return BigInt(rows[0]?.head ?? '0');
};
