import type { Pool } from '@acres/platform/db';
import type { AppendBatcher } from './append-batch.ts';
import {
  type AppendResult,
  type ExpectedRevision,
  type NewEvent,
  EventIdConflictError,
  WrongExpectedVersionError,
} from '../port.ts';
import { validateAppend } from '../validate-append.ts';

/** The index within an append occupies the low 16 bits of a global position (see the migration). */
export const MAX_EVENTS_PER_APPEND = 65_536;

// The expected-revision check and the revision bump are one conditional write on the
// stream's row; a racing appender waits on that row lock and then finds the condition false.
// Each clause reads from `guard`, so the append lock is taken before the first write gives
// the transaction its id (readers' horizon counts only lock holders: see migration 11).
// The same write moves the stream's head hash along the chain (migration 23): computed from
// the locked row's current head, so racing appenders chain in commit order, and the previous
// head comes back through RETURNING old.* for the events' own hashes, with no extra read.
const CHAIN_HEAD = (prev: string, firstPosition: string) =>
  `(event_store_chain(${prev}, $1, ${firstPosition}, now(), $3::jsonb))[$2::int]`;
const NEW_STREAM_HEAD = CHAIN_HEAD('event_store_chain_root()', '0');
const PREV_HASH = 'coalesce(old.head_hash, event_store_chain_root()) AS prev_hash';

const STREAM_CLAUSES = {
  no_stream: `INSERT INTO event_streams (stream_id, revision, head_hash) SELECT $1, $2::bigint - 1, ${NEW_STREAM_HEAD} FROM guard
    ON CONFLICT (stream_id) DO NOTHING RETURNING revision, ${PREV_HASH}`,
  any: `INSERT INTO event_streams AS s (stream_id, revision, head_hash) SELECT $1, $2::bigint - 1, ${NEW_STREAM_HEAD} FROM guard
    ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + $2::bigint,
      head_hash = ${CHAIN_HEAD('s.head_hash', 's.revision + 1')} RETURNING revision, ${PREV_HASH}`,
  stream_exists: `UPDATE event_streams SET revision = revision + $2::bigint, head_hash = ${CHAIN_HEAD('head_hash', 'revision + 1')}
    FROM guard WHERE stream_id = $1 RETURNING revision, ${PREV_HASH}`,
  exact: `UPDATE event_streams SET revision = revision + $2::bigint, head_hash = ${CHAIN_HEAD('head_hash', 'revision + 1')}
    FROM guard WHERE stream_id = $1 AND revision = $4::bigint RETURNING revision, ${PREV_HASH}`,
};

const appendSql = (streamClause: string) => `WITH guard AS MATERIALIZED (SELECT event_store_begin_append() AS ok),
stream AS (${streamClause}),
-- Materialized: inlined, the hashing would run once per appended row (quadratic in the batch).
chain AS MATERIALIZED (
  SELECT event_store_chain(stream.prev_hash, $1, stream.revision - $2::bigint + 1, now(), $3::jsonb) AS hashes
    FROM stream
),
appended AS (
  INSERT INTO events (global_position, stream_id, stream_position, event_id, type, data, metadata, created_at, hash)
  SELECT event_store_position_base() + e.ordinality - 1, $1, stream.revision - $2::bigint + e.ordinality,
         (e.value->>'id')::uuid, e.value->>'type', e.value->'data', e.value->'metadata', now(), chain.hashes[e.ordinality::int]
    FROM stream CROSS JOIN chain CROSS JOIN jsonb_array_elements($3::jsonb) WITH ORDINALITY AS e(value, ordinality)
  RETURNING global_position, stream_position
)
SELECT max(global_position)::text AS position, max(stream_position)::text AS revision FROM appended`;

/**
 * The single append as one statement. The store now sends every append through the batch
 * function (append-batch.ts, migration 31), which follows the same rules; the bench times this
 * statement for the chain's cost.
 */
export const APPEND_SQL = {
  no_stream: appendSql(STREAM_CLAUSES.no_stream),
  any: appendSql(STREAM_CLAUSES.any),
  stream_exists: appendSql(STREAM_CLAUSES.stream_exists),
  exact: appendSql(STREAM_CLAUSES.exact),
};

const INSPECT_SQL = `SELECT
  (SELECT revision::text FROM event_streams WHERE stream_id = $1) AS revision,
  (SELECT coalesce(json_agg(json_build_object('id', event_id, 'stream', stream_id,
      'streamPosition', stream_position::text, 'position', global_position::text)), '[]'::json)
     FROM events WHERE event_id = ANY($2::uuid[])) AS found`;

type Found = { id: string; stream: string; streamPosition: string; position: string };

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  error.code === '23505' &&
  'constraint' in error &&
  error.constraint === constraint;

const firstPositionExpected = (expected: ExpectedRevision): bigint | null =>
  expected === 'no_stream' ? 0n : typeof expected === 'bigint' ? expected + 1n : null;

/**
 * An idempotent retry: every id of this append is already in this stream, consecutively
 * and in the same order, starting where the expected revision says (anywhere for
 * any/stream_exists). Answers what the first append answered.
 */
const matchEarlierAppend = (
  stream: string,
  events: NewEvent[],
  expected: ExpectedRevision,
  found: Found[],
): AppendResult | null => {
  if (found.length !== events.length) return null;
  const byId = new Map(found.map((row) => [row.id, row]));
  const rows = events.map((event) => byId.get(event.id.toLowerCase()));
  const first = rows[0];
  if (!first) return null;
  const start = BigInt(first.streamPosition);
  const expectedStart = firstPositionExpected(expected);
  if (expectedStart !== null && start !== expectedStart) return null;
  const consecutive = rows.every((row, index) => row?.stream === stream && BigInt(row.streamPosition) === start + BigInt(index));
  if (!consecutive) return null;
  const last = rows[rows.length - 1]!;
  return { nextExpectedRevision: BigInt(last.streamPosition), position: BigInt(last.position) };
};

/** A subject key (services/eventstore/src/protect) to be written by the append's own transaction. */
export type NewSubjectKey = { subjectId: string; wrappedKey: Buffer; masterKeyId: string };

/** Nothing was written: a subject key the append carried exists already (created elsewhere, or erased). */
export class SubjectKeyExistsError extends Error {
  override readonly name = 'SubjectKeyExistsError';
  constructor(readonly stream: string) {
    super(`A subject key sent with the append to ${stream} exists already`);
  }
}

export const appendEvents = async (options: {
  pool: Pool;
  batcher: AppendBatcher;
  stream: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
  subjectKeys?: readonly NewSubjectKey[];
}): Promise<AppendResult> => {
  const { pool, stream, events, expectedRevision } = options;
  validateAppend(stream, events, { maxEvents: MAX_EVENTS_PER_APPEND });
  const mode = typeof expectedRevision === 'bigint' ? 'exact' : expectedRevision;
  if (!APPEND_SQL[mode]) throw new TypeError(`unknown expectedRevision ${String(expectedRevision)}`);
  if (typeof expectedRevision === 'bigint' && expectedRevision < 0n) throw new RangeError('expectedRevision must be >= 0');
  const json = JSON.stringify({
    stream,
    mode,
    expected: typeof expectedRevision === 'bigint' ? expectedRevision.toString() : null,
    events: events.map((e) => ({ id: e.id, type: e.type, data: e.data ?? null, metadata: e.metadata })),
    keys: (options.subjectKeys ?? []).map((key) => ({
      s: key.subjectId,
      k: key.wrappedKey.toString('base64'),
      m: key.masterKeyId,
    })),
  });

  let duplicateIds = false;
  try {
    const answer = await options.batcher.submit({ eventCount: events.length, json });
    if (answer.outcome === 'ok' && answer.position && answer.revision)
      return { nextExpectedRevision: BigInt(answer.revision), position: BigInt(answer.position) };
    if (answer.outcome === 'keys') throw new SubjectKeyExistsError(stream);
  } catch (error) {
    if (!isUniqueViolation(error, 'events_event_id_key')) throw error;
    duplicateIds = true;
  }

  // Nothing was written: the expected revision did not hold, or the ids exist already.
  const { rows } = await pool.query<{ revision: string | null; found: Found[] }>({
    name: 'event_store_inspect_append',
    text: INSPECT_SQL,
    values: [stream, events.map((e) => e.id)],
  });
  const inspected = rows[0]!;
  const earlier = matchEarlierAppend(stream, events, expectedRevision, inspected.found);
  if (earlier) return earlier;
  if (duplicateIds) throw new EventIdConflictError({ stream, eventIds: inspected.found.map((row) => row.id) });
  const actual = inspected.revision === null ? 'no_stream' : BigInt(inspected.revision);
  throw new WrongExpectedVersionError({ stream, expected: expectedRevision, actual });
};
