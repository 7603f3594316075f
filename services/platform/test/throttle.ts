import type { Queryable } from '../src/db.ts';

/**
 * For tests: as if every throttle wait had run out (the counts stay), so the next
 * attempt is checked again. Waits are real minutes; tests do not sleep through them.
 */
export const liftThrottleWaits = async (db: Queryable) => {
  await db.query('UPDATE throttle SET blocked_until = now() WHERE blocked_until > now()');
};

/** For tests: as if every window and wait had ended, so rows are spent and counts restart. */
export const endThrottleWindows = async (db: Queryable) => {
  await db.query('UPDATE throttle SET window_ends_at = now(), blocked_until = NULL');
};
