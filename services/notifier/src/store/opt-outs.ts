// The notifier's state of opted-out (channel, address, purpose) triples, written in the
// follower's transaction together with its checkpoint, so a replay rebuilds it in the log's order.

import type { RefusablePurpose } from '@acres/contracts/consent-texts';
import type { NotificationChannel } from '@acres/contracts/events';
import type { Queryable } from '@acres/platform/db';
import type { ConsentUpdate } from '../messages/consent.ts';
import { findKeyedPositions } from './keyed-positions.ts';

export type OptOutKey = { channel: NotificationChannel; address: string; purpose: RefusablePurpose };

/**
 * An event's updates in at most two statements, not one per (channel, address, purpose): a new
 * lead with consent opts its email and number in for each purpose. Applied in order, the last
 * update of a triple decides its state, so only that one is written. Answers the keys
 * (optOutKey) of the triples it left opted in: the event's own messages to them need no lookup.
 */
export const applyConsentUpdates = async (
  db: Queryable,
  options: { updates: readonly ConsentUpdate[]; position: bigint },
): Promise<ReadonlySet<string>> => {
  const last = new Map<string, ConsentUpdate>();
  for (const update of options.updates) {
    last.set(optOutKey(update), update);
  }
  const columns = (updates: readonly ConsentUpdate[]) => [
    updates.map((update) => update.channel),
    updates.map((update) => update.address),
    updates.map((update) => update.purpose),
  ];
  const optedOut = [...last.values()].filter((update) => update.optedOut);
  const optedIn = [...last.values()].filter((update) => !update.optedOut);
  if (optedOut.length > 0) {
    await db.query(
      `INSERT INTO notifier_opt_outs (channel, address, purpose, position)
       SELECT channel, address, purpose, $4::bigint FROM unnest($1::text[], $2::text[], $3::text[]) AS u (channel, address, purpose)
       ON CONFLICT (channel, address, purpose) DO UPDATE SET position = EXCLUDED.position`,
      [...columns(optedOut), options.position.toString()],
    );
  }
  if (optedIn.length > 0) {
    await db.query(
      `DELETE FROM notifier_opt_outs
        WHERE (channel, address, purpose) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))`,
      columns(optedIn),
    );
  }
  return new Set(optedIn.map(optOutKey));
};

/** For each (channel, address, purpose) that is opted out: the position of the event that opted it out. */
export const findOptOuts = (db: Queryable, keys: readonly OptOutKey[]): Promise<Map<string, bigint>> =>
  findKeyedPositions(db, { table: 'notifier_opt_outs', columns: ['channel', 'address', 'purpose'], keyOf: optOutKey }, keys);

export const optOutKey = (key: { channel: string; address: string; purpose: string }) =>
  `${key.channel}\u0000${key.address}\u0000${key.purpose}`;
