// The global digest: every so often the stream heads changed since the last digest are
// chained into log_digests (migration 23), so a deleted tail or a log rewritten with freshly
// computed hashes no longer reproduces the digests recorded before it.

import { withTransaction, type Pool, type Queryable } from '@acres/platform/db';
import type { BrokenLink } from './broken-link.ts';
import { CHAIN_ROOT, computeLogDigest } from './encoding.ts';

// ('acre', 23): one digester at a time, whichever process runs it.
const DIGEST_LOCK = [1633907301, 23] as const;

// The highest revision of each stream in the range (its hash covers the stream's earlier
// events), in position order. Revision, not position: within a stream they can disagree.
const HEADS_SQL = `SELECT hash FROM (
    SELECT DISTINCT ON (stream_id) global_position, hash FROM events
     WHERE global_position > $1::bigint AND global_position <= $2::bigint
     ORDER BY stream_id, stream_position DESC) AS heads
  ORDER BY global_position`;

export type LogDigest = { position: bigint; digest: Buffer; streams: number; recordedAt: Date };

const readHeads = async (db: Queryable, from: bigint, to: bigint) => {
  const { rows } = await db.query<{ hash: Buffer | null }>(HEADS_SQL, [from.toString(), to.toString()]);
  // An unhashed head cannot be digested faithfully; the verifier reports the event itself.
  return rows.map((row) => row.hash ?? CHAIN_ROOT);
};

/**
 * Records a digest up to the last event readers can see, if any arrived since the last
 * digest; answers it, or null when there was nothing new. Safe to run from several
 * processes: they take turns on an advisory lock and the position is the key.
 */
export const recordLogDigest = async (pool: Pool): Promise<LogDigest | null> =>
  withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...DIGEST_LOCK]);
    const last = await client.query<{ position: string; digest: Buffer }>(
      'SELECT position::text AS position, digest FROM log_digests ORDER BY log_digests.position DESC LIMIT 1',
    );
    const from = BigInt(last.rows[0]?.position ?? '0');
    // Below the horizon, nothing can still commit: the range is final.
    const head = await client.query<{ position: string | null }>(
      `SELECT max(global_position)::text AS position FROM events
        WHERE global_position > $1::bigint AND global_position < event_store_visible_below()`,
      [from.toString()],
    );
    const to = head.rows[0]?.position;
    if (!to) return null;
    const heads = await readHeads(client, from, BigInt(to));
    const digest = computeLogDigest({ previous: last.rows[0]?.digest ?? CHAIN_ROOT, position: BigInt(to), heads });
    const { rows } = await client.query<{ recorded_at: Date }>(
      `INSERT INTO log_digests (position, digest, streams) VALUES ($1::bigint, $2, $3)
       ON CONFLICT (position) DO NOTHING RETURNING recorded_at`,
      [to, digest, heads.length],
    );
    return { position: BigInt(to), digest, streams: heads.length, recordedAt: rows[0]?.recorded_at ?? new Date() };
  });

/**
 * Recomputes every recorded digest from the stored event hashes (which the stream walk
 * checks), each from the recorded previous one, so a break is reported where it is.
 * Answers the last digest that holds with every one before it.
 */
export const verifyLogDigests = async (options: {
  db: Queryable;
  onBroken: (link: BrokenLink) => void;
  batchSize: number;
  /** A digest at or past a broken event (found by the stream walk) vouches for nothing. */
  brokenAt?: bigint | undefined;
}) => {
  const { db, onBroken } = options;
  let previous: { position: bigint; digest: Buffer } = { position: 0n, digest: CHAIN_ROOT };
  let lastGood: { position: bigint; digest: Buffer } | null = null;
  let count = 0;
  let broken = false;
  for (;;) {
    const { rows } = await db.query<{ position: string; digest: Buffer }>(
      'SELECT position::text AS position, digest FROM log_digests WHERE log_digests.position > $1::bigint ORDER BY log_digests.position LIMIT $2',
      [previous.position.toString(), options.batchSize],
    );
    for (const row of rows) {
      const position = BigInt(row.position);
      const heads = await readHeads(db, previous.position, position);
      const recomputed = computeLogDigest({ previous: previous.digest, position, heads });
      if (recomputed.equals(row.digest)) {
        if (!broken && (options.brokenAt === undefined || position < options.brokenAt))
          lastGood = { position, digest: row.digest };
      } else {
        broken = true;
        onBroken({
          kind: 'digest-mismatch',
          position: row.position,
          streamId: null,
          revision: null,
          type: null,
          eventId: null,
          message: `The log digest at position ${row.position} does not match the events up to it (events deleted or rewritten)`,
        });
      }
      previous = { position, digest: row.digest };
      count += 1;
    }
    if (rows.length < options.batchSize) break;
  }
  return { digests: count, lastGood };
};
