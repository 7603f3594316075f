import type { OutboxList } from '@acres/contracts/notification';
import type { Queryable } from '@acres/platform';
import { NOTIFICATION_SELECT, NOTIFICATIONS_TABLE, toOutboxMessage, type NotificationRow } from './notifications.ts';

/** The newest messages; older ones stay in the table and in the sent-log events. */
export const OUTBOX_LIMIT = 100;

/**
 * GET /api/admin/outbox: newest first, with status and attempts. By when each was planned, not by
 * the position of its cause: the sweeper's alerts (waiting over 24 hours, a stopped projection)
 * name an older event as their cause.
 */
export const readOutbox = async (db: Queryable): Promise<OutboxList> => {
  const [rows, total] = await Promise.all([
    db.query<NotificationRow>(
      `SELECT ${NOTIFICATION_SELECT} FROM ${NOTIFICATIONS_TABLE} ORDER BY created_at DESC, event_position DESC, id LIMIT $1`,
      [OUTBOX_LIMIT],
    ),
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM ${NOTIFICATIONS_TABLE}`),
  ]);
  return { total: total.rows[0]?.total ?? 0, messages: rows.rows.map(toOutboxMessage) };
};
