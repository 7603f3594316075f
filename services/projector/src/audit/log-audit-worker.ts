// The tamper-evident log's periodic jobs, in the projector process: a digest of the stream
// heads every LOG_DIGEST_INTERVAL_SECONDS (when events arrived) and a full verification every
// LOG_VERIFY_INTERVAL_SECONDS, recorded for the admin's Audit tab. Several projector
// processes may run them: the digester takes turns on an advisory lock, and a verification
// only reads (two runs record two rows).

import { describeBrokenLink, recordLogDigest, recordLogVerification, verifyEventLog } from '@acres/eventstore/chain';
import type { Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';

export type LogAuditWorker = { stop: () => Promise<void> };

const every = (intervalMs: number, job: () => Promise<void>, logger: Logger, name: string) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = job()
        .catch((error: unknown) => logger.error({ err: error }, `${name} failed`))
        .finally(schedule);
    }, intervalMs);
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
};

export const startLogAuditWorker = (options: {
  pool: Pool;
  logger: Logger;
  digestIntervalSeconds: number;
  verifyIntervalSeconds: number;
}): LogAuditWorker => {
  const { pool, logger } = options;
  const stopDigests = every(
    options.digestIntervalSeconds * 1000,
    async () => {
      const digest = await recordLogDigest(pool);
      if (digest) logger.debug({ position: digest.position.toString(), streams: digest.streams }, 'log digest recorded');
    },
    logger,
    'log digest',
  );
  const stopVerifications = every(
    options.verifyIntervalSeconds * 1000,
    async () => {
      const result = await verifyEventLog({ db: pool });
      await recordLogVerification(pool, result);
      if (result.firstBroken)
        logger.error({ firstBroken: result.firstBroken }, `event log chain broken: ${describeBrokenLink(result.firstBroken)}`);
      else logger.info({ events: result.eventsChecked, eventsPerSecond: result.eventsPerSecond }, 'event log verified');
    },
    logger,
    'log verification',
  );
  return { stop: async () => void (await Promise.all([stopDigests(), stopVerifications()])) };
};
