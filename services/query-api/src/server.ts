import { createPool, listenHttp, parseConfig } from '@acres/platform';
import { createMetricsRegistry } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import { runService } from '@acres/platform/service';
import { randomUUID } from 'node:crypto';
import { createEventStore } from '@acres/eventstore';
import { openKeyVault, protectEventStore } from '@acres/eventstore/protect';
import { buildQueryApp } from './app.ts';
import { createDataExportRecorder } from './data-export/record-download.ts';
import { enablePageCache } from './shared/list-page.ts';
import { QueryApiConfigSchema } from './config.ts';
import { deliveryChannelsFromFlags } from './settings/channels.ts';

runService({
  name: 'query-api',
  readConfig: () => parseConfig(QueryApiConfigSchema),
  stopBoundMs: 10_000,
  start: async ({ config, logger }) => {
    const pool = createPool({ connectionString: config.DATABASE_URL, applicationName: 'query-api' });
    // Every read-model write reaches this database through the projector, which announces it.
    const pageCache = enablePageCache(pool);
    // This process never follows the log, so it never sees a SubjectErased: keys are looked up
    // again after 5 s, not the default 5 minutes, so an erasure elsewhere shows here at once.
    const vault = await openKeyVault({ pool, config, cacheTtlMs: 5_000 });
    // Written to once per admin download of a person's data (the Audit log's record of it); read by
    // the as-of views and the access exports; every other route reads read models only.
    const eventStore = protectEventStore(
      createEventStore(
        config.EVENT_STORE === 'esdb'
          ? { kind: 'esdb', connectionString: config.ESDB_CONNECTION_STRING ?? '', logger }
          : { kind: 'postgres', pool, connectionString: config.DATABASE_URL, logger },
      ),
      vault,
    );
    const app = buildQueryApp({
      pool,
      vault,
      eventStore,
      // As the projector's metrics: counting EventStoreDB's events means reading them.
      ...(config.EVENT_STORE === 'esdb' && { lagCountCap: 1_000 }),
      recordDataExport: createDataExportRecorder({ eventStore, now: () => new Date(), newId: randomUUID }),
      logger,
      adminCredentials: { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD },
      trustProxy: config.TRUST_PROXY,
      channels: deliveryChannelsFromFlags(config),
      // The links to the due-diligence room: the notifier signs them with the secret every service shares.
      ...(config.LINK_SIGNING_SECRET && { linkSigningSecret: config.LINK_SIGNING_SECRET }),
      // No event store check: the query API only reads read models, and keeps serving them while the store is down.
      observability: {
        registry: createMetricsRegistry({ service: 'query-api', defaultMetrics: true }),
        readiness: createServiceReadiness({ pool, logger }),
      },
    });

    await listenHttp(app, { port: config.PORT, host: config.HOST });
    return async () => {
      await app.close();
      await pageCache.close();
      await eventStore.close();
      await pool.end();
    };
  },
});
