// Jobs that died with their process. pg-boss keeps a job 'active' until its expiry
// (JOB_EXPIRY_SECONDS) and its next maintenance pass (every 2 minutes) and then delays the
// retry by its back-off, so after a SIGKILL its messages would wait minutes. A job is taken
// to be orphaned, and put back to run at once, when its message's sending lock is free and
// either its attempt is marked in flight (store/sending.ts: its sender died mid-send) or it
// was fetched more than ORPHAN_GRACE_SECONDS ago (its worker died before locking the message;
// a live one locks within milliseconds). Wrongly re-queuing a live job is harmless: the lock
// lets one sender through and the other's job runs again later.

import type PgBoss from 'pg-boss';
import { withTransaction, type Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { NOTIFY_QUEUE, toDb } from '../queue.ts';
import { sendingLockHeld } from '../store/sending.ts';

export const ORPHAN_GRACE_SECONDS = 10;
const RECOVERY_INTERVAL_MS = 5_000;

type Orphan = { job_id: string; notification_id: string; sending_attempt: number | null };

const findOrphanedJobs = async (pool: Pool): Promise<Orphan[]> =>
  (
    await pool.query<Orphan>(
      `SELECT j.id::text AS job_id, n.id AS notification_id, n.sending_attempt
         FROM pgboss.job j
         JOIN notifications n ON n.id = j.data->>'notificationId'
        WHERE j.name = $1 AND j.state = 'active'
          AND NOT ${sendingLockHeld('n.id')}
          AND (n.sending_attempt IS NOT NULL OR j.started_on < now() - make_interval(secs => $2))`,
      [NOTIFY_QUEUE, ORPHAN_GRACE_SECONDS],
    )
  ).rows;

/** Answers how many jobs it put back; cancel and resume (public pg-boss calls) in one transaction. */
export const requeueOrphanedJobs = async (deps: { pool: Pool; boss: PgBoss; logger: Logger }): Promise<number> => {
  const orphans = await findOrphanedJobs(deps.pool);
  if (orphans.length === 0) return 0;
  const ids = orphans.map((orphan) => orphan.job_id);
  await withTransaction(deps.pool, async (client) => {
    await deps.boss.cancel(NOTIFY_QUEUE, ids, { db: toDb(client) });
    await deps.boss.resume(NOTIFY_QUEUE, ids, { db: toDb(client) });
  });
  deps.logger.warn(
    {
      jobs: ids.length,
      inFlight: orphans.filter((orphan) => orphan.sending_attempt !== null).map((orphan) => orphan.notification_id),
    },
    'delivery jobs of a notifier process that ended were queued again',
  );
  return ids.length;
};

/** Looks at once (a restart finds its predecessor's jobs) and then every few seconds (another process's). */
export const startOrphanRecovery = (deps: { pool: Pool; boss: PgBoss; logger: Logger; onRequeued: () => void }) => {
  let running: Promise<void> = Promise.resolve();
  const pass = () => {
    running = running.then(async () => {
      try {
        if ((await requeueOrphanedJobs(deps)) > 0) deps.onRequeued();
      } catch (error) {
        deps.logger.warn({ err: error }, 'could not look for orphaned delivery jobs; trying again shortly');
      }
    });
  };
  pass();
  const timer = setInterval(pass, RECOVERY_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
