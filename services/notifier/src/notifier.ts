// The notifier: a follower that plans messages from the event log and pg-boss workers
// that deliver them through each channel's transport (or the local outbox).

import type { EventStore } from '@acres/eventstore/port';
import type { Logger } from '@acres/platform/logger';
import type { Pool } from '@acres/platform/db';
import type { NotifierSettings } from './config.ts';
import { createChannels } from './channels/channels.ts';
import { deliverNotification } from './delivery/deliver.ts';
import { startFollower } from './follower/follower.ts';
import { createUnsubscribeLinks } from './messages/unsubscribe-links.ts';
import { createBoss, NOTIFY_QUEUE, tolerateLostJobOutcomes, type DeliveryJob } from './queue.ts';

export type NotifierOptions = {
  pool: Pool;
  eventStore: EventStore;
  logger: Logger;
  settings: NotifierSettings;
  dataDir: string;
  /** Signs links in messages (password reset, unsubscribe); resolveLinkSigningSecret. */
  linkSigningSecret: string;
  /** Deliveries in flight at once. */
  concurrency?: number;
  now?: () => Date;
};

export type Notifier = { stop(): Promise<void> };

export const startNotifier = async (options: NotifierOptions): Promise<Notifier> => {
  const { pool, eventStore, logger, settings } = options;
  const now = options.now ?? (() => new Date());
  const channels = createChannels({ settings, dataDir: options.dataDir });
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
  const workerIds = await Promise.all(
    Array.from({ length: options.concurrency ?? 4 }, () =>
      boss.work<DeliveryJob>(NOTIFY_QUEUE, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 }, async ([job]) => {
        if (!job) return;
        await deliverNotification(deps, {
          id: job.data.notificationId,
          tries: { retryCount: job.retryCount, retryLimit: job.retryLimit },
        });
      }),
    ),
  );
  const follower = startFollower({
    pool,
    eventStore,
    boss,
    logger,
    retry,
    settings: {
      adminEmail: settings.ADMIN_NOTIFY_EMAIL ?? null,
      publicUrl: settings.PUBLIC_URL ?? null,
      // Without PUBLIC_URL there is no page to link: marketing email then goes without the link.
      unsubscribeLinks: settings.PUBLIC_URL
        ? createUnsubscribeLinks({ publicUrl: settings.PUBLIC_URL, secret: options.linkSigningSecret })
        : null,
    },
    transportOf: (channel, recipient) => channels.transportFor(channel, recipient).name,
    onQueued: () => {
      for (const id of workerIds) boss.notifyWorker(id);
    },
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
    stop: () => {
      stopping ??= (async () => {
        await follower.stop();
        await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
        await channels.close();
      })();
      return stopping;
    },
  };
};
