// The in-flight mark of a message (migration 1700000000025): who is sending it right now.
// A sender holds a session advisory lock on the message from before it marks the attempt
// until after it cleared the mark, so "marked and unlocked" means the attempt ended with
// its process (SIGKILL, power loss) somewhere between handing it over and recording it.

import type { Queryable } from '@acres/platform/db';

/** The advisory lock's first key; the second is hashtext(message id). */
export const SENDING_LOCK = 'acres.notifier.sending';

/** Answers false when another live session is sending this message right now. */
export const lockSending = async (db: Queryable, id: string): Promise<boolean> => {
  const { rows } = await db.query<{ locked: boolean }>(
    `SELECT pg_try_advisory_lock(hashtext('${SENDING_LOCK}'), hashtext($1)) AS locked`,
    [id],
  );
  return rows[0]?.locked === true;
};

export const unlockSending = async (db: Queryable, id: string): Promise<void> => {
  await db.query(`SELECT pg_advisory_unlock(hashtext('${SENDING_LOCK}'), hashtext($1))`, [id]);
};

/** The attempt marked in flight on the message (null: none). */
export const readSendingAttempt = async (db: Queryable, id: string): Promise<number | null> => {
  const { rows } = await db.query<{ sending_attempt: number | null }>('SELECT sending_attempt FROM notifications WHERE id = $1', [
    id,
  ]);
  return rows[0]?.sending_attempt ?? null;
};

/** The attempt's outcome is recorded on the row and in the sent-log: it is no longer in flight. */
export const clearSending = async (db: Queryable, id: string): Promise<void> => {
  await db.query('UPDATE notifications SET sending_attempt = NULL, sending_since = NULL WHERE id = $1', [id]);
};

/** SQL true while a live session holds the sending lock of the message whose id is `idColumn`. */
export const sendingLockHeld = (idColumn: string) => `EXISTS (
  SELECT 1 FROM pg_locks l
   WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
     AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
     AND l.classid = hashtext('${SENDING_LOCK}')::oid AND l.objid = hashtext(${idColumn})::oid)`;
