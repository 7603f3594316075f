import type { Queryable } from '@acres/platform/db';
import type { EventMetadata, RecordedEvent } from '../port.ts';

// Positions travel as text: the platform's int8 parser turns int8 into a JS number, and
// the port speaks bigint.
export const COLUMNS = `global_position::text AS global_position, stream_id, stream_position::text AS stream_position,
  event_id::text AS event_id, type, data, metadata, created_at`;

export type EventRow = {
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  created_at: Date;
};

export const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  streamId: row.stream_id,
  streamPosition: BigInt(row.stream_position),
  globalPosition: BigInt(row.global_position),
  createdAt: row.created_at,
});

const checkCount = (name: string, value: number | undefined) => {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 1))
    throw new RangeError(`${name} must be a positive integer`);
};

const checkPosition = (name: string, value: bigint) => {
  if (typeof value !== 'bigint' || value < 0n) throw new RangeError(`${name} must be a non-negative bigint`);
};

/** Stream reads see every committed event: aggregates need the latest state, not the log's visible prefix. */
export const readStreamEvents = async (
  db: Queryable,
  stream: string,
  options: { fromRevision?: bigint; maxCount?: number } = {},
): Promise<RecordedEvent[]> => {
  const fromRevision = options.fromRevision ?? 0n;
  checkPosition('fromRevision', fromRevision);
  checkCount('maxCount', options.maxCount);
  const { rows } = await db.query<EventRow>(
    `SELECT ${COLUMNS} FROM events WHERE stream_id = $1 AND stream_position >= $2 ORDER BY events.stream_position LIMIT $3`,
    [stream, fromRevision.toString(), options.maxCount ?? null],
  );
  return rows.map(toRecordedEvent);
};

/**
 * Pages shared by the readers of one pool (the projections of a process read the same
 * pages, nearly in step): a full page is the first maxCount events past its start, all
 * below the horizon, so it never changes and is kept a few seconds; a read already on its
 * way is joined, and its answer used when it is full (a short one may predate an event
 * the caller was woken for, so the caller reads again).
 */
type PageCache = {
  inFlight: Map<string, Promise<readonly RecordedEvent[]>>;
  full: Map<string, { events: readonly RecordedEvent[]; at: number }>;
  fullEvents: number;
};
const PAGE_CACHE_MAX_EVENTS = 10_000;
const PAGE_CACHE_TTL_MS = 5_000;
const pageCaches = new WeakMap<Queryable, PageCache>();

const pageCacheOf = (db: Queryable) => {
  let cache = pageCaches.get(db);
  if (!cache) {
    cache = { inFlight: new Map(), full: new Map(), fullEvents: 0 };
    pageCaches.set(db, cache);
  }
  return cache;
};

const keepFullPage = (cache: PageCache, key: string, events: readonly RecordedEvent[]) => {
  if (events.length > PAGE_CACHE_MAX_EVENTS || cache.full.has(key)) return;
  cache.full.set(key, { events, at: performance.now() });
  cache.fullEvents += events.length;
  for (const [oldest, page] of cache.full) {
    if (cache.fullEvents <= PAGE_CACHE_MAX_EVENTS) break;
    cache.full.delete(oldest);
    cache.fullEvents -= page.events.length;
  }
};

type PageRow = { held: boolean | null } & { [K in keyof EventRow]: EventRow[K] | null };

/**
 * One statement, one horizon: the page below it, and whether committed events past the
 * page are held back by an append still running. A subscription used to ask the second
 * question in a statement of its own after every short read (a second horizon, a second
 * round trip, on the path of every live event). The answer's first row carries `held`
 * and no event. The horizon is computed once (materialized) and reaches both parts as a
 * parameter, so min() and the page are index scans from $1 (per row, a correlated
 * EXISTS was planned as a sequential scan).
 */
const LOG_PAGE_SQL = `WITH horizon AS MATERIALIZED (SELECT event_store_visible_below() AS below)
SELECT u.held, u.global_position, u.stream_id, u.stream_position, u.event_id, u.type, u.data, u.metadata, u.created_at
  FROM (
    (SELECT (SELECT min(global_position) FROM events
              WHERE global_position >= (SELECT below FROM horizon) AND global_position > $1) IS NOT NULL AS held,
            NULL::bigint AS position, NULL::text AS global_position, NULL::text AS stream_id, NULL::text AS stream_position,
            NULL::text AS event_id, NULL::text AS type, NULL::jsonb AS data, NULL::jsonb AS metadata, NULL::timestamptz AS created_at)
    UNION ALL
    (SELECT NULL, events.global_position, ${COLUMNS} FROM events
      WHERE events.global_position > $1 AND events.global_position < (SELECT below FROM horizon)
      ORDER BY events.global_position LIMIT $2)
  ) AS u
 ORDER BY u.position NULLS FIRST`;

export type LogPage = { events: RecordedEvent[]; heldBack: boolean };

const queryLogPage = async (db: Queryable, fromPosition: bigint, maxCount: number): Promise<LogPage> => {
  const { rows } = await db.query<PageRow>({
    // Named, so each connection parses and plans it once.
    name: 'event_store_read_log_page',
    text: LOG_PAGE_SQL,
    values: [fromPosition.toString(), maxCount],
  });
  const events: RecordedEvent[] = [];
  for (const row of rows) if (row.global_position !== null) events.push(toRecordedEvent(row as EventRow));
  return { events, heldBack: rows.some((row) => row.held === true) };
};

/**
 * A page of the global log, only below the visibility horizon: every transaction that
 * could still add a position below it has finished, so a reader never passes a gap
 * that fills later. heldBack says whether committed events past it wait for an append
 * still running (a full page, possibly from the cache, answers false: read on anyway).
 */
export const readLogPageWithHorizon = async (
  db: Queryable,
  options: { fromPosition?: bigint; maxCount?: number } = {},
): Promise<LogPage> => {
  const fromPosition = options.fromPosition ?? 0n;
  checkPosition('fromPosition', fromPosition);
  checkCount('maxCount', options.maxCount);
  const maxCount = options.maxCount ?? 1000;
  const cache = pageCacheOf(db);
  const key = `${fromPosition}:${maxCount}`;
  const kept = cache.full.get(key);
  if (kept) {
    if (performance.now() - kept.at < PAGE_CACHE_TTL_MS) return { events: [...kept.events], heldBack: false };
    cache.full.delete(key);
    cache.fullEvents -= kept.events.length;
  }
  const flying = cache.inFlight.get(key);
  if (flying) {
    const joined = await flying.catch(() => null);
    if (joined?.length === maxCount) return { events: [...joined], heldBack: false };
  }
  const reading = queryLogPage(db, fromPosition, maxCount);
  const events = reading.then((page) => page.events);
  // Only its own caller sees a failure: joiners read again themselves.
  events.catch(() => {});
  cache.inFlight.set(key, events);
  try {
    const page = await reading;
    if (page.events.length === maxCount) keepFullPage(cache, key, page.events);
    return { events: [...page.events], heldBack: page.heldBack };
  } finally {
    if (cache.inFlight.get(key) === events) cache.inFlight.delete(key);
  }
};

export const readLogPage = async (
  db: Queryable,
  options: { fromPosition?: bigint; maxCount?: number } = {},
): Promise<RecordedEvent[]> => (await readLogPageWithHorizon(db, options)).events;
