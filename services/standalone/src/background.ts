import type { EventStore } from '@acres/eventstore/port';
import type { KeyVault } from '@acres/eventstore/protect';
import { createPool, type Logger, type Pool } from '@acres/platform';
import { ALL_PROJECTIONS, startLeadAdvances, startLogAuditWorker, startOperationsWorker, startProjector } from '@acres/projector';
import { startNotifier } from '@acres/notifier';
import type { StandaloneConfig } from './config.ts';
import type { createStops } from './stops.ts';

/**
 * The parts of the product that follow the log, in this process: the projector with the
 * Operations tab's worker and the log audit, and the notifier, each on pools of their own.
 * Each is added to the stops as it starts.
 */
export const startBackgroundParts = async (options: {
  config: StandaloneConfig;
  databaseUrl: string;
  projectorPool: Pool;
  eventStore: EventStore;
  vault: KeyVault;
  logger: Logger;
  stops: ReturnType<typeof createStops>;
  linkSigningSecret: string;
}) => {
  const { config, databaseUrl, projectorPool, eventStore, vault, logger, stops, linkSigningSecret } = options;
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
  // The lead pipeline's own moves: an application or payment of the lead's verified person.
  const leadAdvances = startLeadAdvances({
    pool: operationsPool,
    eventStore,
    now: () => new Date(),
    logger: logger.child({ component: 'lead-advances' }),
  });
  stops.add('lead advances', () => leadAdvances.stop());
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
};
