// The Audit tab's integrity banner: the latest run of the event log's verifier
// (log_verifications, migration 23), written by `npm run audit -- verify` and the projector.

import type { LogBrokenLink, LogVerification } from '@acres/contracts/log-integrity';
import type { Queryable } from '@acres/platform';

type VerificationRow = {
  checked_at: Date;
  ok: boolean;
  up_to_position: string;
  events_checked: string;
  digest_position: string | null;
  digest: Buffer | null;
  first_broken: LogBrokenLink | null;
};

export const readLatestLogVerification = async (db: Queryable): Promise<LogVerification | null> => {
  const { rows } = await db.query<VerificationRow>(
    `SELECT checked_at, ok, up_to_position::text AS up_to_position, events_checked::text AS events_checked,
            digest_position::text AS digest_position, digest, first_broken
       FROM log_verifications ORDER BY checked_at DESC, id DESC LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return null;
  return {
    checkedAt: row.checked_at.toISOString(),
    ok: row.ok,
    upToPosition: row.up_to_position,
    eventsChecked: Number(row.events_checked),
    digest: row.digest_position && row.digest ? { position: row.digest_position, hex: row.digest.toString('hex') } : null,
    firstBroken: row.first_broken,
  };
};
