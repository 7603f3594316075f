// The verifier's pass over every stream in order, in keyset batches (never the whole log in
// memory): rehashes each event from what is stored and checks it links to its predecessor.
// It walks every committed event, not a prefix of the global log: within a stream, revision
// order and position order can differ (an appender's transaction id is assigned before it
// queues on the stream's row), so no position bound cuts the streams cleanly.

import type { Queryable } from '@acres/platform/db';
import type { BrokenLink } from './broken-link.ts';
import { CHAIN_ROOT, hashChainedEvent } from './encoding.ts';

type ChainRow = {
  global_position: string;
  stream_id: string;
  stream_position: string;
  event_id: string;
  type: string;
  data_text: string;
  metadata_text: string;
  created_us: string;
  hash: Buffer | null;
};

// data::text and metadata::text are jsonb's output, exactly what the append hashed.
const WALK_SQL = `SELECT global_position::text AS global_position, stream_id, stream_position::text AS stream_position,
    event_id::text AS event_id, type, data::text AS data_text, metadata::text AS metadata_text,
    (extract(epoch FROM created_at) * 1000000)::bigint::text AS created_us, hash
  FROM events
 WHERE (stream_id, stream_position) > ($1, $2::bigint)
 ORDER BY events.stream_id, events.stream_position
 LIMIT $3`;

// The stored head of each stream must be its last event, with that event's hash: a deleted
// tail leaves the head pointing at nothing.
const HEADS_SQL = `SELECT s.stream_id, s.revision::text AS revision, e.global_position::text AS global_position, e.type, e.event_id::text AS event_id
  FROM event_streams s
  LEFT JOIN events e ON e.stream_id = s.stream_id AND e.stream_position = s.revision
 WHERE e.global_position IS NULL OR e.hash IS DISTINCT FROM s.head_hash`;

const linkOf = (row: ChainRow, kind: BrokenLink['kind'], message: string): BrokenLink => ({
  kind,
  position: row.global_position,
  streamId: row.stream_id,
  revision: row.stream_position,
  type: row.type,
  eventId: row.event_id,
  message,
});

export const walkStreams = async (options: {
  db: Queryable;
  upToPosition: bigint;
  batchSize: number;
  onBroken: (link: BrokenLink) => void;
  onBatch: (events: number) => void;
}) => {
  const { db, upToPosition, batchSize, onBroken } = options;
  let after: [string, string] = ['', '-1'];
  let previous: { streamId: string; revision: bigint; hash: Buffer | null } | null = null;
  let events = 0;
  let streams = 0;
  for (;;) {
    const { rows } = await db.query<ChainRow>(WALK_SQL, [...after, batchSize]);
    for (const row of rows) {
      const revision = BigInt(row.stream_position);
      const before: typeof previous = previous?.streamId === row.stream_id ? previous : null;
      if (!before) streams += 1;
      const expected: bigint = before ? before.revision + 1n : 0n;
      if (revision !== expected) {
        onBroken(linkOf(row, 'missing-revision', `Revision ${expected} is missing before this event`));
      } else {
        const prevHash = before ? (before.hash ?? CHAIN_ROOT) : CHAIN_ROOT;
        const hash = hashChainedEvent(
          {
            streamId: row.stream_id,
            streamPosition: revision,
            eventId: row.event_id,
            type: row.type,
            dataText: row.data_text,
            metadataText: row.metadata_text,
            createdAtMicros: BigInt(row.created_us),
          },
          prevHash,
        );
        if (row.hash === null) onBroken(linkOf(row, 'hash-mismatch', 'Event has no hash'));
        else if (!hash.equals(row.hash)) onBroken(linkOf(row, 'hash-mismatch', 'Event content does not match its hash'));
      }
      previous = { streamId: row.stream_id, revision, hash: row.hash };
    }
    events += rows.length;
    options.onBatch(events);
    if (rows.length < batchSize) break;
    const last = rows[rows.length - 1]!;
    after = [last.stream_id, last.stream_position];
  }
  const heads = await db.query<{
    stream_id: string;
    revision: string;
    global_position: string | null;
    type: string | null;
    event_id: string | null;
  }>(HEADS_SQL);
  for (const head of heads.rows) {
    onBroken({
      kind: 'head-mismatch',
      position: head.global_position ?? upToPosition.toString(),
      streamId: head.stream_id,
      revision: head.revision,
      type: head.type,
      eventId: head.event_id,
      message:
        head.global_position === null
          ? 'The stream head event is missing (tail deleted?)'
          : 'The stream head hash does not match its last event',
    });
  }
  return { events, streams };
};
