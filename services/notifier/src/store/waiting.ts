// The notifier_waiting table: what waits for the admin's decision (messages/waiting.ts).

import { z } from 'zod';
import type { Queryable } from '@acres/platform/db';
import type { WaitingChange, WaitingItem } from '../messages/waiting.ts';

/**
 * A submission is recorded once (a replay finds it there, decided or not); a decision marks
 * it decided and never removes it, so a replay of the submission cannot make it wait again.
 */
export const applyWaitingChange = async (
  db: Queryable,
  options: { change: WaitingChange; position: bigint; eventType: string },
) => {
  const { change } = options;
  if (!change) return;
  if ('reassigned' in change) {
    await db.query(
      `UPDATE notifier_waiting SET details = jsonb_set(details, '{ownerId}', to_jsonb($3::text)) WHERE kind = $1 AND item_id = $2`,
      [change.reassigned.kind, change.reassigned.itemId, change.reassigned.ownerId],
    );
    return;
  }
  if ('submitted' in change) {
    const item = change.submitted;
    await db.query(
      `INSERT INTO notifier_waiting (kind, item_id, submitted_at, event_position, event_type, who, details)
       VALUES ($1, $2, $3, $4::bigint, $5, $6, $7::jsonb)
       ON CONFLICT (kind, item_id) DO NOTHING`,
      [
        item.kind,
        item.itemId,
        item.submittedAt,
        options.position.toString(),
        options.eventType,
        item.who,
        JSON.stringify(item.details),
      ],
    );
    return;
  }
  await db.query(`UPDATE notifier_waiting SET decided_at = $3 WHERE kind = $1 AND item_id = $2 AND decided_at IS NULL`, [
    change.decided.kind,
    change.decided.itemId,
    change.decided.decidedAt,
  ]);
};

const RowSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('payment'),
    details: z.object({ acres: z.number(), amount: z.number() }),
  }),
  z.object({
    kind: z.literal('application'),
    details: z.object({ applicationNumber: z.string(), acres: z.number(), value: z.number() }),
  }),
  z.object({ kind: z.literal('lead'), details: z.object({ ownerId: z.string() }) }),
]);

type RawRow = {
  kind: string;
  item_id: string;
  submitted_at: Date;
  event_position: string;
  event_type: string;
  who: string;
  details: unknown;
};

/** The undecided items submitted at or before `submittedBy`, oldest first. */
export const findWaitingSince = async (db: Queryable, submittedBy: Date): Promise<WaitingItem[]> => {
  const { rows } = await db.query<RawRow>(
    `SELECT kind, item_id, submitted_at, event_position::text AS event_position, event_type, who, details
       FROM notifier_waiting WHERE decided_at IS NULL AND submitted_at <= $1
      ORDER BY submitted_at, kind, item_id`,
    [submittedBy],
  );
  return rows.map((row) => ({
    ...RowSchema.parse({ kind: row.kind, details: row.details }),
    itemId: row.item_id,
    submittedAt: row.submitted_at.toISOString(),
    who: row.who,
    eventPosition: BigInt(row.event_position),
    eventType: row.event_type,
  }));
};
