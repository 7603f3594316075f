import { createEventStore } from '@acres/eventstore';
import { instrumentEventStore } from '@acres/eventstore/metrics';
import { createMetricsRegistry } from '@acres/platform/observability';
import { createServiceReadiness } from '@acres/platform/observability-readiness';
import {
  ConfigError,
  runMain,
  createAdminGuard,
  createLogger,
  createPool,
  listenWithGracefulShutdown,
  parseConfig,
} from '@acres/platform';
import { buildCommandApp } from './app.ts';
import { CommandApiConfigSchema, type CommandApiConfig } from './config.ts';
import { toOidcOptions } from './identity/config.ts';
import { toInitialSettings } from './settings/config.ts';
import { identityPlugin } from './identity/plugin.ts';
import { createObjectStore, resolveUploadSigningSecret, s3OptionsFromConfig, uploadsPlugin } from './uploads/index.ts';
import { erasurePlugin } from './erasure/plugin.ts';
import { resolveLinkSigningSecret } from '@acres/platform/signing';
import { consentPlugin } from './consent/plugin.ts';
import { toConsentWebhookSecrets } from './consent/config.ts';
import { openProtectedStore } from '@acres/eventstore/protect';
import { createPersonLookup } from '@acres/read-models/person-lookup';

const readConfig = (): CommandApiConfig => {
  try {
    return parseConfig(CommandApiConfigSchema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`command-api: ${error.message}`);
    process.exit(1);
  }
};

// Any start-up failure prints what went wrong and what to do, never a bare stack.
runMain(async () => {
  const config = readConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, name: 'command-api' });
  const pool = createPool({ connectionString: config.DATABASE_URL, applicationName: 'command-api' });
  const registry = createMetricsRegistry({ service: 'command-api', defaultMetrics: true });
  const { eventStore: protectedStore, vault } = await openProtectedStore({
    store: createEventStore(
      config.EVENT_STORE === 'esdb'
        ? { kind: 'esdb', connectionString: config.ESDB_CONNECTION_STRING ?? '', logger }
        : { kind: 'postgres', pool, connectionString: config.DATABASE_URL, logger },
    ),
    pool,
    config,
  });
  const eventStore = instrumentEventStore(protectedStore, registry);
  const adminGuard =
    config.ADMIN_USERNAME && config.ADMIN_PASSWORD
      ? createAdminGuard({ credentials: { username: config.ADMIN_USERNAME, password: config.ADMIN_PASSWORD }, pool })
      : undefined;
  const app = await buildCommandApp({
    initialSettings: toInitialSettings(config),
    eventStore,
    addressDigest: vault.addressDigest,
    logger,
    pool,
    adminGuard,
    trustProxy: config.TRUST_PROXY,
    observability: { registry, readiness: createServiceReadiness({ pool, eventStore, logger }) },
  });
  // Links in messages (password reset, unsubscribe): the notifier signs them with this secret, this process checks them.
  const linkSigningSecret = await resolveLinkSigningSecret({ dataDir: config.DATA_DIR, secret: config.LINK_SIGNING_SECRET });
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
  if (adminGuard) {
    const objectStore = createObjectStore({ dataDir: config.DATA_DIR, signingSecret, s3: s3OptionsFromConfig(config) });
    await app.register(erasurePlugin, {
      eventStore,
      pool,
      vault,
      objectStore,
      adminGuard,
      personLookup: createPersonLookup(pool),
    });
  }
  // The notifier signs the unsubscribe links with the same secret as the reset links.
  await app.register(consentPlugin, {
    eventStore,
    addressDigest: vault.addressDigest,
    linkSigningSecret,
    secrets: toConsentWebhookSecrets(config),
  });

  await listenWithGracefulShutdown(app, {
    port: config.PORT,
    host: config.HOST,
    onClose: async () => {
      await eventStore.close();
      await pool.end();
    },
  });
});
