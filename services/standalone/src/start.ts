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
import { createEventStore, type EsdbEventStoreOptions } from '@acres/eventstore';
import { instrumentEventStore } from '@acres/eventstore/metrics';
import { createMetricsGuard, createMetricsRegistry, registerObservability, type Liveness } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import { openApiPlugin } from '@acres/platform/openapi/plugin';
import { ADMIN_BASIC, ADMIN_OR_METRICS_TOKEN } from '@acres/platform/openapi/security';
import { instrumentCommands } from '@acres/command-api/metrics';
import { toInitialSettings } from '@acres/command-api/settings/config';
import { registerProjectionMetrics } from '@acres/projector/metrics';
import {
  commandApiPlugin,
  consentPlugin,
  identityPlugin,
  resolveUploadSigningSecret,
  s3OptionsFromConfig,
  toConsentWebhookSecrets,
  toOidcOptions,
  uploadsPlugin,
  createObjectStore,
  erasurePlugin,
} from '@acres/command-api';
import { createDataExportRecorder, enablePageCache, queryApiPlugin, toDeliveryChannels } from '@acres/query-api';
import { ALL_PROJECTIONS, startLogAuditWorker, startOperationsWorker, startProjector } from '@acres/projector';
import { startNotifier } from '@acres/notifier';
import { resolveLinkSigningSecret } from '@acres/platform/signing';
import type { StandaloneConfig } from './config.ts';
import { resolveAdminCredentials } from './admin-credentials.ts';
import { runOneOffRewrites } from './one-off-rewrites.ts';
import { createStops } from './stops.ts';
import { createSpaFallback, ensureWebBuilt, readIndexHtml, registerSpaAssets } from './spa.ts';
import { openProtectedStore } from '@acres/eventstore/protect';

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
    const { eventStore: protectedStore, vault } = await openProtectedStore({
      store: createEventStore(
        config.EVENT_STORE === 'esdb'
          ? { kind: 'esdb', connectionString: config.ESDB_CONNECTION_STRING ?? '', logger, client: options.esdbClient }
          : { kind: 'postgres', pool, connectionString: databaseUrl, logger },
      ),
      pool,
      config,
    });
    const eventStore = instrumentEventStore(protectedStore, registry);
    stops.add('event store', () => eventStore.close());
    // A log left by an older version is brought up to date before anything reads or appends.
    if (config.EVENT_STORE === 'postgres') await runOneOffRewrites({ pool, vault, logger });

    const projector = await startProjector({
      eventStore,
      pool: projectorPool,
      logger: logger.child({ component: 'projector' }),
      projections: ALL_PROJECTIONS,
    });
    stops.add('projector', () => projector.stop());
    // The Operations tab's rebuilds, resumes and skips run here, in the projector's process
    // (see @acres/projector's operations/worker.ts); a pool of their own, as a rebuild holds
    // a few connections for minutes.
    const operationsPool = createPool({ connectionString: databaseUrl, max: 6, applicationName: 'acres-standalone-operations' });
    stops.add('operations pool', () => operationsPool.end());
    const operations = startOperationsWorker({
      pool: operationsPool,
      eventStore,
      logger: logger.child({ component: 'projection-operations' }),
      countEvents: config.EVENT_STORE === 'postgres',
    });
    stops.add('operations worker', () => operations.stop());
    // The tamper-evident log's digests and periodic verification (PostgreSQL store only).
    if (config.EVENT_STORE === 'postgres') {
      const logAudit = startLogAuditWorker({
        pool: operationsPool,
        logger: logger.child({ component: 'log-audit' }),
        digestIntervalSeconds: config.LOG_DIGEST_INTERVAL_SECONDS,
        verifyIntervalSeconds: config.LOG_VERIFY_INTERVAL_SECONDS,
      });
      stops.add('log audit', () => logAudit.stop());
    }

    // The notifier on a pool of its own too: its follower's transactions and the delivery
    // workers never queue behind commands or hold the projections' connections.
    // Each delivery holds a connection while it sends and takes another to record the outcome.
    const notifierPool = createPool({
      connectionString: databaseUrl,
      max: Math.max(8, config.NOTIFY_CONCURRENCY * 2),
      applicationName: 'acres-standalone-notifier',
    });
    stops.add('notifier pool', () => notifierPool.end());
    // One secret for links in messages: the notifier signs them, the API checks them.
    const linkSigningSecret = await resolveLinkSigningSecret({ dataDir: config.DATA_DIR, secret: config.LINK_SIGNING_SECRET });
    const notifier = await startNotifier({
      pool: notifierPool,
      eventStore,
      addressDigest: vault.addressDigest,
      logger: logger.child({ component: 'notifier' }),
      settings: { ...config, PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}` },
      dataDir: config.DATA_DIR,
      linkSigningSecret,
    });
    stops.add('notifier', () => notifier.stop());

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
    const app = createHttpApp({
      logger,
      notFound: createSpaFallback(indexHtml),
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
    await app.register(commandApiPlugin, {
      eventStore,
      addressDigest: vault.addressDigest,
      logger,
      pool,
      adminGuard,
      initialSettings: toInitialSettings(config),
    });
    await app.register(identityPlugin, {
      eventStore,
      pool,
      addressDigest: vault.addressDigest,
      oidc: toOidcOptions(config),
      linkSigningSecret,
      adminGuard,
    });
    const signingSecret = await resolveUploadSigningSecret({ dataDir: config.DATA_DIR, secret: config.UPLOAD_SIGNING_SECRET });
    await app.register(uploadsPlugin, {
      pool,
      dataDir: config.DATA_DIR,
      signingSecret,
      adminGuard,
      s3: s3OptionsFromConfig(config),
    });
    // The admin's erasure (issue 14 item 2): destroys keys in this vault and objects in this store.
    const objectStore = createObjectStore({ dataDir: config.DATA_DIR, signingSecret, s3: s3OptionsFromConfig(config) });
    await app.register(erasurePlugin, { eventStore, pool, vault, objectStore, adminGuard });
    // The inbound webhooks (STOP replies) and the email unsubscribe, checking the links the notifier signed.
    await app.register(consentPlugin, {
      eventStore,
      addressDigest: vault.addressDigest,
      linkSigningSecret,
      secrets: toConsentWebhookSecrets(config),
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
      objects: createObjectStore({ dataDir: config.DATA_DIR, signingSecret, s3: s3OptionsFromConfig(config) }),
      // Each admin download of a person's data is an event naming the admin (the Audit log shows it).
      recordDataExport: createDataExportRecorder({ eventStore, now: () => new Date(), newId: randomUUID }),
    });
    await registerSpaAssets(app, indexHtml);
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
