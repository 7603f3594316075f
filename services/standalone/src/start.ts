import { randomUUID } from 'node:crypto';
import {
  createAdminGuard,
  createHttpApp,
  createPool,
  listenHttp,
  originsOf,
  runMigrations,
  StartupError,
  type Logger,
} from '@acres/platform';
import { startEmbeddedPostgres } from '@acres/platform/embedded';
import type { EsdbEventStoreOptions } from '@acres/eventstore';
import { instrumentEventStore } from '@acres/eventstore/metrics';
import { createMetricsGuard, createMetricsRegistry, registerObservability, type Liveness } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import { openApiPlugin } from '@acres/platform/openapi/plugin';
import { ADMIN_BASIC, ADMIN_OR_METRICS_TOKEN } from '@acres/platform/openapi/security';
import { instrumentCommands } from '@acres/command-api/metrics';
import { toInitialSettings } from '@acres/command-api/settings/config';
import { registerProjectionMetrics } from '@acres/projector/metrics';
import { commandApiPlugin, openUploadsStore, registerAccountPlugins } from '@acres/command-api';
import { createDataExportRecorder, enablePageCache, queryApiPlugin, toDeliveryChannels } from '@acres/query-api';
import { ALL_PROJECTIONS } from '@acres/projector';
import { resolveLinkSigningSecret } from '@acres/platform/signing';
import type { StandaloneConfig } from './config.ts';
import { resolveAdminCredentials } from './admin-credentials.ts';
import { runOneOffRewrites } from './one-off-rewrites.ts';
import { createStops } from './stops.ts';
import { startBackgroundParts } from './background.ts';
import { createPageSender, createSpaFallback, ensureWebBuilt, readIndexHtml, registerSpaAssets } from './spa.ts';
import { openLivePages } from './live-pages.ts';
import { readPublicSettings } from '@acres/read-models/business-settings-queries';
import { openLogStore } from '@acres/eventstore/protect';
import { createLogVerifier } from '@acres/eventstore/chain';
import { createPersonLookup } from '@acres/read-models/person-lookup';

const DATABASE_NAME = 'acres';

/**
 * The whole product in one process: embedded PostgreSQL (unless DATABASE_URL points
 * elsewhere), migrations, command API, query API, projector and the SPA on one port.
 * Each part is the same code the separate services run.
 */
export const startStandalone = async (options: {
  config: StandaloneConfig;
  logger: Logger;
  buildWeb?: boolean;
  /** Tests: with EVENT_STORE=esdb, a stand-in for the EventStoreDB client (the adapter's own test seam). */
  esdbClient?: EsdbEventStoreOptions['client'];
}) => {
  const { config, logger } = options;
  const stops = createStops(logger);
  try {
    if (options.buildWeb !== false && config.WEB_BUILD === 'auto') await ensureWebBuilt(logger);

    let databaseUrl = config.DATABASE_URL;
    let liveness: (() => Liveness) | undefined;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres({
        dataDir: config.DATA_DIR,
        logger: logger.child({ component: 'embedded-postgres' }),
      });
      liveness = embedded.liveness;
      stops.add('embedded PostgreSQL', () => embedded.stop());
      databaseUrl = await embedded.ensureDatabase(DATABASE_NAME);
      logger.info({ dataDir: config.DATA_DIR, port: embedded.port }, 'embedded PostgreSQL started');
    }
    await runMigrations({ databaseUrl, logger });

    const pool = createPool({ connectionString: databaseUrl, max: 20, applicationName: 'acres-standalone' });
    stops.add('command and query pool', () => pool.end());
    // Every read-model write reaches this database through the projector, which announces
    // it: the admin lists' pages are kept until a projection they read moves (as in the query API's server).
    const pageCache = enablePageCache(pool);
    stops.add('admin page cache', () => pageCache.close());
    // Each projection holds a connection for good (its ownership lock and transactions), so
    // they get a pool of their own, sized like the projector service's: on the shared pool
    // they held 10 of its 20 and commands queued for the rest (issue 10, goal 1).
    const projectorPool = createPool({
      connectionString: databaseUrl,
      max: ALL_PROJECTIONS.length + 4,
      applicationName: 'acres-standalone-projector',
    });
    stops.add('projector pool', () => projectorPool.end());
    const registry = createMetricsRegistry({ service: 'standalone', defaultMetrics: true });
    const { eventStore: protectedStore, vault } = await openLogStore({
      config,
      pool,
      databaseUrl,
      logger,
      esdbClient: options.esdbClient,
    });
    const eventStore = instrumentEventStore(protectedStore, registry);
    stops.add('event store', () => eventStore.close());
    // A log left by an older version is brought up to date before anything reads or appends.
    if (config.EVENT_STORE === 'postgres') await runOneOffRewrites({ pool, vault, logger });

    // One secret for links in messages: the notifier signs them, the API checks them.
    const linkSigningSecret = await resolveLinkSigningSecret({ dataDir: config.DATA_DIR, secret: config.LINK_SIGNING_SECRET });
    await startBackgroundParts({ config, databaseUrl, projectorPool, eventStore, vault, logger, stops, linkSigningSecret });

    const { credentials, source } = await resolveAdminCredentials({
      dataDir: config.DATA_DIR,
      username: config.ADMIN_USERNAME,
      password: config.ADMIN_PASSWORD,
    });

    // One guard for every admin route on this port, so failed attempts add up across them.
    const adminGuard = createAdminGuard({ credentials, pool });

    const indexHtml = await readIndexHtml().catch((error: unknown) => {
      throw new StartupError({
        what: 'The web app is not built (web/dist/index.html is missing).',
        fix: 'Run `npm run build`, or start with WEB_BUILD=auto so it is built for you.',
        cause: error,
      });
    });
    // The public pages with the owner's terms and contacts in their HTML (none flash SPEC's figures first).
    const livePages = await openLivePages({ readSettings: () => readPublicSettings(pool, toDeliveryChannels(config)), logger });
    const sendPage = createPageSender(indexHtml, livePages);
    const app = createHttpApp({
      logger,
      notFound: createSpaFallback(sendPage),
      trustProxy: config.TRUST_PROXY,
      // Browsers PUT uploads straight to the bucket when S3 is configured.
      securityHeaders: { connectSources: originsOf(config.S3_ENDPOINT) },
    });
    // /metrics shares the public port here: admin Basic, or METRICS_TOKEN as a bearer for a scraper.
    const metricsGuard = createMetricsGuard({ token: config.METRICS_TOKEN, adminGuard });
    // Before every route: the OpenAPI document collects routes as they are added.
    await app.register(openApiPlugin, {
      guards: [
        { hook: adminGuard, security: ADMIN_BASIC },
        { hook: metricsGuard, security: ADMIN_OR_METRICS_TOKEN },
      ],
    });
    await registerObservability(app, {
      registry,
      readiness: createServiceReadiness({ pool, eventStore, logger }),
      liveness,
      metricsGuard,
    });
    instrumentCommands(app, registry);
    registerProjectionMetrics(registry, {
      pool,
      eventStore,
      eventStoreKind: config.EVENT_STORE,
      names: ALL_PROJECTIONS.map((projection) => projection.name),
      logger,
    });
    const objectStore = await openUploadsStore(config);
    await app.register(commandApiPlugin, {
      objectStore,
      eventStore,
      addressDigest: vault.addressDigest,
      logger,
      pool,
      adminGuard,
      initialSettings: toInitialSettings(config),
      logVerifier: createLogVerifier({
        pool,
        esdb:
          config.EVENT_STORE === 'esdb'
            ? { connectionString: config.ESDB_CONNECTION_STRING ?? '', logger, client: options.esdbClient }
            : undefined,
      }),
    });
    // Identity, uploads, the admin's erasure and consent, as the command API's server mounts them.
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
    await app.register(queryApiPlugin, {
      pool,
      vault,
      eventStore,
      // As the projector's metrics: counting EventStoreDB's events means reading them.
      ...(config.EVENT_STORE === 'esdb' && { lagCountCap: 1_000 }),
      adminCredentials: credentials,
      adminGuard,
      // The notifier runs in this process with these very keys: a channel set here delivers.
      channels: toDeliveryChannels(config),
      // The data exports read the uploads (same folder or bucket as uploadsPlugin's store).
      objects: objectStore,
      // Each admin download of a person's data is an event naming the admin (the Audit log shows it).
      recordDataExport: createDataExportRecorder({ eventStore, now: () => new Date(), newId: randomUUID }),
      linkSigningSecret,
    });
    await registerSpaAssets(app, sendPage);
    // Before listening: when the port is taken, the app's own hooks (its LISTEN clients and
    // timers) must be closed too, or the pool waits for them and the failed start never exits.
    stops.add('HTTP server', () => app.close());
    await listenHttp(app, { port: config.PORT, host: config.HOST });

    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    return {
      app,
      port,
      url: `http://localhost:${port}`,
      adminCredentials: credentials,
      adminSource: source,
      stop: stops.stopAll,
    };
  } catch (error) {
    // As a shutdown is bounded (main.ts), so is the clean-up of a failed start: a part that
    // never finishes stopping must not keep the reason from being told and the process from exiting.
    let bound: NodeJS.Timeout | undefined;
    await Promise.race([
      stops.stopAll(),
      new Promise<void>((resolve) => {
        bound = setTimeout(() => {
          logger.error('stopping after a failed start took over 15 s; exiting without waiting for the rest');
          resolve();
        }, 15_000);
      }),
    ]);
    clearTimeout(bound);
    throw error;
  }
};
