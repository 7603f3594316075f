// The delivery queue: pg-boss jobs in the product's own PostgreSQL (schema pgboss), through
// the notifier's pool, so a job is inserted in the same transaction as the message row and
// the checkpoint (see follower), and retried with back-off by pg-boss itself.

import { v5 as uuidv5 } from 'uuid';
import PgBoss from 'pg-boss';
import type { Pool, Queryable } from '@acres/platform/db';

export const NOTIFY_QUEUE = 'notify';

/** Namespace of the job ids: the same message gets the same job id, so queuing it twice inserts one job. */
const JOB_NAMESPACE = '6f1d9a52-1f4e-4a3c-9a0e-7d7c2b8e5a11';

export type DeliveryJob = { notificationId: string };

export const JOB_EXPIRY_SECONDS = 120;

export type RetryPolicy = { retryLimit: number; retryDelaySeconds: number };

export const toDb = (db: Queryable): PgBoss.Db => ({
  executeSql: (text, values) => db.query(text, values),
});

export const createBoss = (pool: Pool) =>
  new PgBoss({
    db: toDb(pool),
    // No cron schedules of ours; maintenance (expiry, archiving) stays on.
    schedule: false,
    supervise: true,
  });

/** `generation` tells apart the first delivery and each admin retry of the same message. */
export const queueDeliveries = async (
  boss: PgBoss,
  db: Queryable,
  options: { ids: readonly string[]; generation: string; retry: RetryPolicy },
) => {
  if (options.ids.length === 0) return;
  await boss.insert(
    options.ids.map((id) => ({
      id: uuidv5(`${id}#${options.generation}`, JOB_NAMESPACE),
      name: NOTIFY_QUEUE,
      data: { notificationId: id } satisfies DeliveryJob,
      retryLimit: options.retry.retryLimit,
      retryDelay: options.retry.retryDelaySeconds,
      retryBackoff: true,
      // A job still active after this is taken to have died with its process and runs again
      // (pg-boss's default is 15 minutes); a send gives up long before (15 s HTTP, SMTP timeouts).
      expireInSeconds: JOB_EXPIRY_SECONDS,
    })),
    { db: toDb(db) },
  );
};

let guarding = false;

/**
 * pg-boss 10 records a job's outcome (complete or fail) without awaiting it, so while the
 * database is away (a postmaster restart) that write's rejection is unhandled and Node ends the
 * whole product. Such a job stays active until it expires (JOB_EXPIRY_SECONDS) and runs again,
 * and delivery looks in the sent-log first, so losing that write loses nothing: it is logged.
 * Any other unhandled rejection still ends the process as Node's default does.
 */
export const tolerateLostJobOutcomes = (logger: { warn: (object: object, message: string) => void }) => {
  if (guarding) return;
  guarding = true;
  process.on('unhandledRejection', (reason) => {
    const stack = reason instanceof Error ? (reason.stack ?? '') : '';
    if (/pg-boss[\\/]src[\\/]manager\.js/.test(stack) && /Manager\.(complete|fail)/.test(stack)) {
      logger.warn(
        { err: reason },
        'job queue: a job outcome was not recorded (database away); the job runs again after it expires',
      );
      return;
    }
    throw reason;
  });
};
