import { instrumentEventStore } from '@acres/eventstore/metrics';
import { createMetricsRegistry } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import { createAdminGuard, listenHttp, parseConfig } from '@acres/platform';
import { runService } from '@acres/platform/service';
import { resolveLinkSigningSecret } from '@acres/platform/signing';
import { openServiceStore } from '@acres/eventstore/protect';
import { createLogVerifier } from '@acres/eventstore/chain';
import { createPersonLookup } from '@acres/read-models/person-lookup';
import { openUploadsStore, registerAccountPlugins } from './account-plugins.ts';
import { buildCommandApp } from './app.ts';
import { CommandApiConfigSchema } from './config.ts';
import { toInitialSettings } from './settings/config.ts';

runService({
  name: 'command-api',
  readConfig: () => parseConfig(CommandApiConfigSchema),
  stopBoundMs: 10_000,
  start: async ({ config, logger }) => {
    const registry = createMetricsRegistry({ service: 'command-api', defaultMetrics: true });
    const {
      pool,
      vault,
      eventStore: protectedStore,
    } = await openServiceStore({
      config,
      logger,
      pool: { applicationName: 'command-api' },
    });
    const eventStore = instrumentEventStore(protectedStore, registry);
    const adminGuard =
      config.ADMIN_USERNAME && config.ADMIN_PASSWORD
        ? createAdminGuard({ credentials: { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD }, pool })
        : undefined;
    const objectStore = await openUploadsStore(config);
    const app = await buildCommandApp({
      initialSettings: toInitialSettings(config),
      objectStore,
      eventStore,
      addressDigest: vault.addressDigest,
      logger,
      pool,
      adminGuard,
      logVerifier: createLogVerifier({
        pool,
        esdb: config.EVENT_STORE === 'esdb' ? { connectionString: config.ESDB_CONNECTION_STRING ?? '', logger } : undefined,
      }),
      trustProxy: config.TRUST_PROXY,
      observability: { registry, readiness: createServiceReadiness({ pool, eventStore, logger }) },
    });
    // Links in messages (password reset, unsubscribe): the notifier signs them with this secret, this process checks them.
    const linkSigningSecret = await resolveLinkSigningSecret({ dataDir: config.DATA_DIR, secret: config.LINK_SIGNING_SECRET });
    await registerAccountPlugins(app, {
      config,
      eventStore,
      pool,
      vault,
      adminGuard,
      linkSigningSecret,
      personLookup: createPersonLookup(pool),
      objectStore,
    });

    await listenHttp(app, { port: config.PORT, host: config.HOST });
    // In-flight requests finish before the store and the pool close.
    return async () => {
      await app.close();
      await eventStore.close();
      await pool.end();
    };
  },
});
