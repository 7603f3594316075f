// The one-off migration of a PostgreSQL event log written before issue 14 (`npm run audit --
// seal`; run by `npm start` too, see docs/sealing-old-logs.md): every event that holds personal fields
// in clear is rewritten in place into its sealed form (same id, stream, revision, position),
// a batch of streams per transaction that also recomputes those streams' hash chains, so each
// commit leaves a log that verifies and a crash loses nothing (the next run continues: sealed
// events are skipped). The digests recorded over the old hashes are set aside in
// superseded_log_digests and a new digest closes the rewrite, recorded in log_rewrites
// (migration 1700000000030).
// While a batch is open its streams' rows are locked, so appends to them wait; the projector
// may run meanwhile (a rewritten event reads back as it was).

import { PERSONAL_DATA } from '@acres/contracts/personal-data';
import { withTransaction, type Pool, type PoolClient } from '@acres/platform/db';
import { newKey } from './cipher.ts';
import type { KeyVault } from './key-vault.ts';
import { closeRewrite, hasFinishedRewrite, openRewrite } from './log-rewrites.ts';
import { planSeal, SEALED_KEY, sealedPartOf, sealWithKey } from './seal.ts';

const PERSONAL_TYPES = Object.entries(PERSONAL_DATA).flatMap(([type, personal]) => (personal ? [type] : []));

// Keyset over the (stream_id, stream_position) index: the streams of the next `limit` events in clear.
const NEXT_STREAMS_SQL = `SELECT DISTINCT stream_id FROM (
    SELECT stream_id FROM events
     WHERE stream_id > $1 AND type = ANY($2::text[]) AND NOT (data ? '${SEALED_KEY}')
     ORDER BY stream_id LIMIT $3) AS next
  ORDER BY stream_id`;

const IN_CLEAR_SQL = `SELECT global_position::text AS position, event_id::text AS id, type, data FROM events
  WHERE stream_id = ANY($1::text[]) AND type = ANY($2::text[]) AND NOT (data ? '${SEALED_KEY}')
  ORDER BY global_position`;

// Only the personal fields leave and the sealed part arrives: the clear fields stay jsonb's own.
const REWRITE_SQL = `UPDATE events e SET data = (e.data - ARRAY(SELECT jsonb_array_elements_text(u.fields))) || jsonb_build_object('${SEALED_KEY}', u.sealed)
  FROM unnest($1::bigint[], $2::jsonb[], $3::jsonb[]) AS u(position, fields, sealed)
 WHERE e.global_position = u.position`;

export type SealLogProgress = { eventsSealed: number; streamsRehashed: number };

export type SealLogResult = SealLogProgress & {
  /** The log_rewrites row of this run (or of the interrupted run it continued). */
  rewriteId: string;
  /** How many digests over the old hashes were set aside, and the new one (null when nothing was rewritten). */
  digestsSuperseded: number;
  digest: { position: bigint; digest: Buffer } | null;
};

type Row = { position: string; id: string; type: string; data: unknown };

const sealBatch = async (client: PoolClient, vault: KeyVault, streams: string[]) => {
  // Appends to these streams wait until the chain is rehashed (they move the same rows).
  await client.query('SELECT 1 FROM event_streams WHERE stream_id = ANY($1::text[]) ORDER BY stream_id FOR UPDATE', [streams]);
  const { rows } = await client.query<Row>(IN_CLEAR_SQL, [streams, PERSONAL_TYPES]);
  const planned = rows.flatMap((row) => {
    const plan = planSeal(row);
    return plan ? [{ row, plan }] : [];
  });
  if (planned.length === 0) return 0;
  const keys = await vault.keysFor(
    planned.map(({ plan }) => plan.subjectId),
    { create: true },
  );
  const sealed = planned.map(({ row, plan }) => {
    const key = keys.get(plan.subjectId)!;
    // Erased before its old events were sealed: a key nobody keeps, so they read ERASED like the rest.
    const part = sealedPartOf(sealWithKey(row, plan, key === 'erased' ? newKey() : key).data)!;
    return { position: row.position, fields: JSON.stringify(part.f), sealed: JSON.stringify(part) };
  });
  await client.query(REWRITE_SQL, [
    sealed.map((entry) => entry.position),
    sealed.map((entry) => entry.fields),
    sealed.map((entry) => entry.sealed),
  ]);
  await client.query('SELECT event_store_rehash_streams($1::text[])', [streams]);
  return sealed.length;
};

/** Seals every personal field still in clear in the log; safe to run again, and to run after a crash. */
export const sealPostgresLog = async (options: {
  pool: Pool;
  vault: KeyVault;
  /** Events in clear per transaction (their streams' every event is rehashed with them). */
  batchSize?: number;
  onProgress?: (progress: SealLogProgress) => void;
}): Promise<SealLogResult> => {
  const { pool, vault } = options;
  const batchSize = options.batchSize ?? 500;
  const rewrite = await openRewrite(pool, 'seal-personal-fields');
  const progress: SealLogProgress = { eventsSealed: 0, streamsRehashed: 0 };
  let after = '';
  for (;;) {
    const next = await pool.query<{ stream_id: string }>(NEXT_STREAMS_SQL, [after, PERSONAL_TYPES, batchSize]);
    const streams = next.rows.map((row) => row.stream_id);
    if (streams.length === 0) break;
    const sealed = await withTransaction(pool, async (client) => {
      const count = await sealBatch(client, vault, streams);
      await client.query(
        'UPDATE log_rewrites SET events_rewritten = events_rewritten + $2, streams_rehashed = streams_rehashed + $3 WHERE id = $1',
        [rewrite.id, count, count > 0 ? streams.length : 0],
      );
      return count;
    });
    progress.eventsSealed += sealed;
    if (sealed > 0) progress.streamsRehashed += streams.length;
    options.onProgress?.({ ...progress });
    after = streams[streams.length - 1]!;
  }
  // An interrupted run's batches count too: its digests are as stale as this run's.
  const rewritten = BigInt(rewrite.events_rewritten) + BigInt(progress.eventsSealed);
  const closed = await closeRewrite(pool, rewrite.id, rewritten);
  return { rewriteId: rewrite.id, ...progress, ...closed };
};

/** Whether a run of the sealing has finished on this database (the embedded default runs it once). */
export const hasSealedPostgresLog = (pool: Pool): Promise<boolean> => hasFinishedRewrite(pool, 'seal-personal-fields');
