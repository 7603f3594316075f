// What every in-place rewrite of the PostgreSQL log shares (the sealing of personal fields, the
// keyed stream names): a log_rewrites row per run, continued by the next run when one stopped
// midway, and at its end the digests over the old hashes set aside and a new one recorded.

import { withTransaction, type Pool } from '@acres/platform/db';
import { recordLogDigest } from '../chain/digests.ts';

export type LogRewriteKind = 'seal-personal-fields' | 'key-stream-names';

export type RewriteClosed = {
  /** How many digests over the old hashes were set aside, and the new one (null when nothing was rewritten). */
  digestsSuperseded: number;
  digest: { position: bigint; digest: Buffer } | null;
};

// ('acre', 23): the digester's lock (chain/digests.ts), so no digest is recorded while the old ones are set aside.
const DIGEST_LOCK = [1633907301, 23] as const;

/** The open run of this kind, or a new one. */
export const openRewrite = async (pool: Pool, kind: LogRewriteKind) => {
  await pool.query(`INSERT INTO log_rewrites (kind) VALUES ($1) ON CONFLICT (kind) WHERE finished_at IS NULL DO NOTHING`, [kind]);
  const { rows } = await pool.query<{ id: string; events_rewritten: string }>(
    `SELECT id::text, events_rewritten::text FROM log_rewrites WHERE kind = $1 AND finished_at IS NULL`,
    [kind],
  );
  return rows[0]!;
};

const supersedeDigests = async (pool: Pool, rewriteId: string) =>
  withTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...DIGEST_LOCK]);
    const { rowCount } = await client.query(
      `WITH moved AS (DELETE FROM log_digests RETURNING position, digest, streams, recorded_at)
       INSERT INTO superseded_log_digests (rewrite_id, position, digest, streams, recorded_at)
       SELECT $1::bigint, position, digest, streams, recorded_at FROM moved ON CONFLICT DO NOTHING`,
      [rewriteId],
    );
    return rowCount ?? 0;
  });

/** Ends the run: when it (or the interrupted run it continued) rewrote anything, the digests are renewed. */
export const closeRewrite = async (pool: Pool, rewriteId: string, rewritten: bigint): Promise<RewriteClosed> => {
  let digestsSuperseded = 0;
  let digest: RewriteClosed['digest'] = null;
  if (rewritten > 0n) {
    digestsSuperseded = await supersedeDigests(pool, rewriteId);
    const recorded = await recordLogDigest(pool);
    digest = recorded ? { position: recorded.position, digest: recorded.digest } : null;
  }
  await pool.query(
    `UPDATE log_rewrites SET finished_at = now(), digests_superseded = $2, digest_position = $3::bigint, digest = $4 WHERE id = $1`,
    [rewriteId, digestsSuperseded, digest?.position.toString() ?? null, digest?.digest ?? null],
  );
  return { digestsSuperseded, digest };
};

/** Whether a run of this kind has finished on this database (the embedded default runs each once). */
export const hasFinishedRewrite = async (pool: Pool, kind: LogRewriteKind): Promise<boolean> => {
  const { rows } = await pool.query(`SELECT 1 FROM log_rewrites WHERE kind = $1 AND finished_at IS NOT NULL LIMIT 1`, [kind]);
  return rows.length > 0;
};
