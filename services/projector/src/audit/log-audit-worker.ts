// The tamper-evident log's periodic jobs, in the projector process: a digest of the stream
// heads every LOG_DIGEST_INTERVAL_SECONDS (when events arrived) and a full verification every
// LOG_VERIFY_INTERVAL_SECONDS, recorded for the admin's Audit tab. Several projector
// processes may run them: the digester takes turns on an advisory lock, and a verification
// only reads (two runs record two rows).

import { describeBrokenLink, recordLogDigest, recordLogVerification, verifyEventLog } from '@acres/eventstore/chain';
import type { Pool } from '@acres/platform/db';
import type { Logger } from '@acres/platform/logger';
import { repeatEvery } from '../shared/repeat-every.ts';

export type LogAuditWorker = { stop: () => Promise<void> };

export const startLogAuditWorker = (options: {
  pool: Pool;
  logger: Logger;
  digestIntervalSeconds: number;
  verifyIntervalSeconds: number;
}): LogAuditWorker => {
  const { pool, logger } = options;
  const failed = (name: string) => (error: unknown) => logger.error({ err: error }, `${name} failed`);
  const stopDigests = repeatEvery(
    options.digestIntervalSeconds * 1000,
    async () => {
      const digest = await recordLogDigest(pool);
      if (digest) logger.debug({ position: digest.position.toString(), streams: digest.streams }, 'log digest recorded');
    },
    failed('log digest'),
  );
  const stopVerifications = repeatEvery(
    options.verifyIntervalSeconds * 1000,
    async () => {
      const result = await verifyEventLog({ db: pool });
      await recordLogVerification(pool, result);
      if (result.firstBroken)
        logger.error({ firstBroken: result.firstBroken }, `event log chain broken: ${describeBrokenLink(result.firstBroken)}`);
      else logger.info({ events: result.eventsChecked, eventsPerSecond: result.eventsPerSecond }, 'event log verified');
    },
    failed('log verification'),
  );
  return { stop: async () => void (await Promise.all([stopDigests(), stopVerifications()])) };
};
