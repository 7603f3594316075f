// The notifier's copy of the suppressions (MessagingSuppressed / MessagingResumed), by the keyed
// digest of an address, written in the follower's transaction with its checkpoint. An erasure
// leaves it alone: it is what keeps an erased address from being sent marketing again.

import type { RefusablePurpose } from '@acres/contracts/consent-texts';
import type { DomainEvent, NotificationChannel } from '@acres/contracts/events';
import type { AddressDigest } from '@acres/eventstore/protect';
import type { Queryable } from '@acres/platform/db';
import { findKeyedPositions } from './keyed-positions.ts';

export type SuppressionKey = { digest: string; channel: NotificationChannel; purpose: RefusablePurpose };

export const applySuppression = async (
  db: Queryable,
  options: { event: DomainEvent; position: bigint; addressDigest: AddressDigest },
) => {
  const { event } = options;
  // An explicit opt-in (START, the person's dashboard, the admin) lifts a suppression as
  // MessagingResumed does: it is how one carried over from an opt-out of before (below) lifts.
  if (event.type === 'ContactOptedIn') {
    const digest = options.addressDigest(event.data.channel, event.data.address);
    await db.query('DELETE FROM notifier_suppressions WHERE digest = $1 AND channel = $2 AND purpose = $3', [
      digest,
      event.data.channel,
      event.data.purpose,
    ]);
  }
  if (event.type === 'MessagingSuppressed') {
    const { digest, channel, purpose } = event.data;
    await db.query(
      `INSERT INTO notifier_suppressions (digest, channel, purpose, position) VALUES ($1, $2, $3, $4::bigint)
       ON CONFLICT (digest, channel, purpose) DO UPDATE SET position = EXCLUDED.position`,
      [digest, channel, purpose, options.position.toString()],
    );
  }
  if (event.type === 'MessagingResumed') {
    const { digest, channel, purpose } = event.data;
    await db.query('DELETE FROM notifier_suppressions WHERE digest = $1 AND channel = $2 AND purpose = $3', [
      digest,
      channel,
      purpose,
    ]);
  }
};

/** For each suppressed key (suppressionKeyOf): the position of the event that suppressed it. */
export const findSuppressions = (db: Queryable, keys: readonly SuppressionKey[]): Promise<Map<string, bigint>> =>
  findKeyedPositions(
    db,
    { table: 'notifier_suppressions', columns: ['digest', 'channel', 'purpose'], keyOf: suppressionKeyOf },
    keys,
  );

export const suppressionKeyOf = (key: { digest: string; channel: string; purpose: string }) =>
  `${key.channel}\u0000${key.digest}\u0000${key.purpose}`;

/**
 * Opt-outs recorded before suppressions existed have no MessagingSuppressed: carry each into a
 * suppression once, at start, so a lead form that brings the address back cannot lift it either.
 * Idempotent (a suppression already there stands), and an explicit opt-in still lifts it.
 */
export const carryOptOutsIntoSuppressions = async (db: Queryable, addressDigest: AddressDigest): Promise<number> => {
  const { rows } = await db.query<{ channel: NotificationChannel; address: string; purpose: string; position: string }>(
    'SELECT channel, address, purpose, position::text AS position FROM notifier_opt_outs',
  );
  if (rows.length === 0) return 0;
  // One statement for them all: it runs on every start, and most starts carry nothing new.
  const inserted = await db.query(
    `INSERT INTO notifier_suppressions (digest, channel, purpose, position)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])
     ON CONFLICT (digest, channel, purpose) DO NOTHING`,
    [
      rows.map((row) => addressDigest(row.channel, row.address)),
      rows.map((row) => row.channel),
      rows.map((row) => row.purpose),
      rows.map((row) => row.position),
    ],
  );
  return inserted.rowCount ?? 0;
};
