// The notifier's state of opted-out (channel, address) pairs, written in the follower's
// transaction together with its checkpoint, so a replay rebuilds it in the log's order.

import type { NotificationChannel } from '@acres/contracts/events';
import type { Queryable } from '@acres/platform/db';
import type { ConsentUpdate } from '../messages/consent.ts';

export const applyConsentUpdates = async (db: Queryable, options: { updates: readonly ConsentUpdate[]; position: bigint }) => {
  for (const update of options.updates) {
    if (update.optedOut) {
      await db.query(
        `INSERT INTO notifier_opt_outs (channel, address, position) VALUES ($1, $2, $3::bigint)
         ON CONFLICT (channel, address) DO UPDATE SET position = EXCLUDED.position`,
        [update.channel, update.address, options.position.toString()],
      );
    } else {
      await db.query('DELETE FROM notifier_opt_outs WHERE channel = $1 AND address = $2', [update.channel, update.address]);
    }
  }
};

/** For each (channel, address) that is opted out: the position of the event that opted it out. */
export const findOptOuts = async (
  db: Queryable,
  pairs: readonly { channel: NotificationChannel; address: string }[],
): Promise<Map<string, bigint>> => {
  if (pairs.length === 0) return new Map();
  const { rows } = await db.query<{ channel: string; address: string; position: string }>(
    `SELECT channel, address, position::text AS position FROM notifier_opt_outs
      WHERE (channel, address) IN (SELECT * FROM unnest($1::text[], $2::text[]))`,
    [pairs.map((pair) => pair.channel), pairs.map((pair) => pair.address)],
  );
  return new Map(rows.map((row) => [optOutKey(row.channel, row.address), BigInt(row.position)]));
};

export const optOutKey = (channel: string, address: string) => `${channel}\u0000${address}`;
