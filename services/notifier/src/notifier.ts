// The notifier: a follower that plans messages from the event log and pg-boss workers
// that deliver them through each channel's transport (or the local outbox).

import { carryOptOutsIntoSuppressions } from './store/suppressions.ts';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import type { Logger } from '@acres/platform/logger';
import type { Pool } from '@acres/platform/db';
import type { NotifierSettings } from './config.ts';
import { createChannels, outboxDirOf } from './channels/channels.ts';
import { deliverNotification } from './delivery/deliver.ts';
import { startOrphanRecovery } from './delivery/recover.ts';
import { startFollower } from './follower/follower.ts';
import { startSweeper, sweepOnce, type SweepDeps } from './sweeper/sweep.ts';
import { readCheckpoint } from './store/checkpoint.ts';
import { createUnsubscribeLinks } from './messages/unsubscribe-links.ts';
import { createBoss, NOTIFY_QUEUE, tolerateLostJobOutcomes, type DeliveryJob } from './queue.ts';

export type NotifierOptions = {
  pool: Pool;
  eventStore: EventStore;
  /** The key vault's addressDigest: suppressions and unsubscribe tokens name addresses by it. */
  addressDigest: AddressDigest;
  logger: Logger;
  settings: NotifierSettings;
  dataDir: string;
  /** Signs links in messages (password reset, unsubscribe); resolveLinkSigningSecret. */
  linkSigningSecret: string;
  /** Deliveries in flight at once; NOTIFY_CONCURRENCY unless given. */
  concurrency?: number;
  now?: () => Date;
  /** false: no periodic alert sweep (specs drive `sweepOnce` with a clock of their own). */
  sweep?: boolean;
};

export type Notifier = {
  stop(): Promise<void>;
  /** One alert sweep at `now` with this notifier's queue and settings (sweeper/sweep.ts). */
  sweepOnce(now: Date): Promise<number>;
};

export const startNotifier = async (options: NotifierOptions): Promise<Notifier> => {
  const { pool, eventStore, logger, settings } = options;
  const now = options.now ?? (() => new Date());
  const channels = createChannels({ settings, dataDir: options.dataDir });
  const carried = await carryOptOutsIntoSuppressions(pool, options.addressDigest);
  if (carried > 0) logger.info({ carried }, 'opt-outs of before carried into suppressions');
  const boss = createBoss(pool);
  boss.on('error', (error) => logger.error({ err: error }, 'job queue error'));
  tolerateLostJobOutcomes(logger);
  await boss.start();
  const retry = { retryLimit: settings.NOTIFY_RETRY_LIMIT, retryDelaySeconds: settings.NOTIFY_RETRY_DELAY_SECONDS };
  await boss.createQueue(NOTIFY_QUEUE, {
    name: NOTIFY_QUEUE,
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelaySeconds,
    retryBackoff: true,
  });

  const deps = { pool, eventStore, channels, logger, now };
  const workerIds: string[] = [];
  const wakeWorkers = () => {
    for (const id of workerIds) boss.notifyWorker(id);
  };
  // pg-boss 10 waits out the polling interval after every job, even with more waiting; a
  // worker that found a job has itself woken, so a backlog (a restart after a burst) drains
  // at full speed while an empty queue is still polled once a second.
  const work = async () => {
    const worker: { id?: string } = {};
    worker.id = await boss.work<DeliveryJob>(
      NOTIFY_QUEUE,
      { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (!job) return;
        if (worker.id) boss.notifyWorker(worker.id);
        await deliverNotification(deps, {
          id: job.data.notificationId,
          tries: { retryCount: job.retryCount, retryLimit: job.retryLimit },
        });
      },
    );
    return worker.id;
  };
  for (let index = 0; index < (options.concurrency ?? settings.NOTIFY_CONCURRENCY); index += 1) workerIds.push(await work());
  const recovery = startOrphanRecovery({ pool, boss, logger, onRequeued: wakeWorkers });
  const planning = {
    pool,
    boss,
    logger,
    retry,
    settings: {
      adminEmail: settings.ADMIN_NOTIFY_EMAIL ?? null,
      publicUrl: settings.PUBLIC_URL ?? null,
      linkSigningSecret: options.linkSigningSecret,
      addressDigest: options.addressDigest,
      // Without PUBLIC_URL there is no page to link: marketing email then goes without the link.
      unsubscribeLinks: settings.PUBLIC_URL
        ? createUnsubscribeLinks({
            publicUrl: settings.PUBLIC_URL,
            secret: options.linkSigningSecret,
            addressDigest: options.addressDigest,
          })
        : null,
    },
    transportOf: (channel, recipient) => channels.transportFor(channel, recipient).name,
    onQueued: wakeWorkers,
  } satisfies SweepDeps & { onQueued: () => void };
  const follower = startFollower({
    ...planning,
    eventStore,
    outboxDir: outboxDirOf(options.dataDir),
  });
  // Sweeps start once the follower has passed the log as it stands now: an item decided while the
  // notifier was down is not alerted as still waiting on the restart.
  const headAtStart = await eventStore.readHeadPosition();
  const sweeper =
    options.sweep === false
      ? null
      : startSweeper({
          ...planning,
          everyMs: settings.NOTIFY_SWEEP_SECONDS * 1000,
          now,
          followed: async () => (await readCheckpoint(pool)) >= headAtStart,
        });
  logger.info(
    {
      email: channels.transportFor('email', '@').name,
      sms: channels.transportFor('sms', '').name,
      whatsapp: channels.transportFor('whatsapp', '').name,
    },
    'notifier started',
  );
  let stopping: Promise<void> | undefined;
  return {
    sweepOnce: async (at) => {
      const queued = await sweepOnce(planning, at);
      if (queued > 0) planning.onQueued();
      return queued;
    },
    stop: () => {
      stopping ??= (async () => {
        await sweeper?.stop();
        await follower.stop();
        await recovery.stop();
        await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
        await channels.close();
      })();
      return stopping;
    },
  };
};
