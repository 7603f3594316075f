// The notifier's copy of the suppressions (MessagingSuppressed / MessagingResumed), by the keyed
// digest of an address, written in the follower's transaction with its checkpoint. An erasure
// leaves it alone: it is what keeps an erased address from being sent marketing again.

import type { RefusablePurpose } from '@acres/contracts/consent-texts';
import type { DomainEvent, NotificationChannel } from '@acres/contracts/events';
import type { Queryable } from '@acres/platform/db';

export type SuppressionKey = { digest: string; channel: NotificationChannel; purpose: RefusablePurpose };

export const applySuppression = async (db: Queryable, options: { event: DomainEvent; position: bigint }) => {
  const { event } = options;
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
export const findSuppressions = async (db: Queryable, keys: readonly SuppressionKey[]): Promise<Map<string, bigint>> => {
  if (keys.length === 0) return new Map();
  const { rows } = await db.query<{ digest: string; channel: string; purpose: string; position: string }>(
    `SELECT digest, channel, purpose, position::text AS position FROM notifier_suppressions
      WHERE (digest, channel, purpose) IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[]))`,
    [keys.map((key) => key.digest), keys.map((key) => key.channel), keys.map((key) => key.purpose)],
  );
  return new Map(rows.map((row) => [suppressionKeyOf(row), BigInt(row.position)]));
};

export const suppressionKeyOf = (key: { digest: string; channel: string; purpose: string }) =>
  `${key.channel}\u0000${key.digest}\u0000${key.purpose}`;
