// `npm run audit -- verify` and the periodic job: walks the whole log (streams, heads,
// digests), reports the first broken link and records the run in log_verifications.

import type { Queryable } from '@acres/platform/db';
import { createBrokenLinks, type BrokenLink } from './broken-link.ts';
import { verifyLogDigests } from './digests.ts';
import { walkStreams } from './stream-walk.ts';

export type VerifyProgress = { eventsChecked: number; eventsPerSecond: number };

export type LogVerification = {
  ok: boolean;
  checkedAt: Date;
  /** Every event at or below it was checked (the log's visible head when the run began). */
  upToPosition: bigint;
  eventsChecked: number;
  streamsChecked: number;
  digestsChecked: number;
  /** The last recorded digest that reproduces from the log, with all before it. */
  digest: { position: bigint; digest: Buffer } | null;
  firstBroken: BrokenLink | null;
  brokenLinks: number;
  eventsPerSecond: number;
};

export const verifyEventLog = async (options: {
  db: Queryable;
  now?: () => Date;
  batchSize?: number;
  onProgress?: (progress: VerifyProgress) => void;
}): Promise<LogVerification> => {
  const { db } = options;
  const batchSize = options.batchSize ?? 5000;
  const started = performance.now();
  const checkedAt = (options.now ?? (() => new Date()))();
  const rate = (events: number) => Math.round(events / Math.max((performance.now() - started) / 1000, 0.001));
  const { rows } = await db.query<{ head: string }>(
    'SELECT coalesce(max(global_position), 0)::text AS head FROM events WHERE global_position < event_store_visible_below()',
  );
  const upToPosition = BigInt(rows[0]?.head ?? '0');
  const broken = createBrokenLinks();
  const walked = await walkStreams({
    db,
    upToPosition,
    batchSize,
    onBroken: broken.add,
    onBatch: (events) => options.onProgress?.({ eventsChecked: events, eventsPerSecond: rate(events) }),
  });
  const walkBroken = broken.first();
  const digests = await verifyLogDigests({
    db,
    onBroken: broken.add,
    batchSize: 1000,
    brokenAt: walkBroken ? BigInt(walkBroken.position) : undefined,
  });
  return {
    ok: broken.count() === 0,
    checkedAt,
    upToPosition,
    eventsChecked: walked.events,
    streamsChecked: walked.streams,
    digestsChecked: digests.digests,
    digest: digests.lastGood,
    firstBroken: broken.first(),
    brokenLinks: broken.count(),
    eventsPerSecond: rate(walked.events),
  };
};

export const recordLogVerification = async (db: Queryable, verification: LogVerification) => {
  await db.query(
    `INSERT INTO log_verifications (checked_at, up_to_position, digest_position, digest, events_checked, ok, first_broken)
     VALUES ($1, $2::bigint, $3::bigint, $4, $5, $6, $7::jsonb)`,
    [
      verification.checkedAt,
      verification.upToPosition.toString(),
      verification.digest?.position.toString() ?? null,
      verification.digest?.digest ?? null,
      verification.eventsChecked,
      verification.ok,
      verification.firstBroken === null ? null : JSON.stringify(verification.firstBroken),
    ],
  );
};
