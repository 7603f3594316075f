import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { EventStore } from '@acres/eventstore/port';
import type { AddressDigest } from '@acres/eventstore/protect';
import { createHttpApp, toLoggedUrl } from '@acres/platform/http';
import { createLogger, type Logger } from '@acres/platform/logger';
import { registerObservability, type ObservabilityOptions } from '@acres/platform/observability';
import type { Pool } from '@acres/platform/db';
import { assertJsonContentType, assertJsonObjectBody } from './commands/content-type.ts';
import { commandDepsOf, type AdminGuard } from './commands/deps.ts';
import { commandSerializerCompiler } from './commands/accepted.ts';
import { instrumentCommands } from './commands/metrics.ts';
import { readIdempotencyKey } from './commands/request-context.ts';
import { registerLeadRoutes } from './leads/routes.ts';
import { registerAdminLeadRoutes } from './leads/admin-routes.ts';
import { registerApplicationRoutes } from './applications/routes.ts';
import { registerPaymentCommands } from './payments/register.ts';
import { registerAffiliateCommands } from './affiliates/register.ts';
import { registerAdminPayoutRoutes } from './payouts/routes.ts';
import { registerSettingsCommands } from './settings/register.ts';
import { registerConsentLedgerCommands } from './consent/register-preferences.ts';
import { registerOperationsCommands } from './operations/register.ts';
import { registerNotificationCommands } from './notifications/routes.ts';
import { registerLogIntegrityCommands } from './log-integrity/register.ts';
import type { LogVerifier } from '@acres/eventstore/chain';
import type { SettingsField } from '@acres/contracts';
import type { ObjectStore } from './uploads/object-store.ts';

export type CommandApiOptions = {
  eventStore: EventStore;
  /** The key vault's addressDigest: names the streams kept per email (one application per email). */
  addressDigest: AddressDigest;
  /** Defaults to the host app's logger. */
  logger?: Logger;
  now?: () => Date;
  newId?: () => string;
  /** Sessions and uploaded objects live here; without it POST /api/payments is not served. */
  pool?: Pool;
  /** Without it the admin's payment decisions are not served. Share one createAdminGuard across plugins on a port. */
  adminGuard?: AdminGuard;
  /** Business settings from configuration: the settings stream's first event when it has none yet. */
  initialSettings?: Partial<Record<SettingsField, string>>;
  /** Where uploads live (openUploadsStore): with S3, a proof is checked on the payment or sale that names it. */
  objectStore?: ObjectStore;
  /** The log's verifier (createLogVerifier of the configured store): without it the Audit tab's check is not served. */
  logVerifier?: LogVerifier;
};

/**
 * POST /api/leads and POST /api/subscriptions. Not wrapped in fastify-plugin on
 * purpose: the content-type and header hooks stay inside this plugin and never touch
 * routes of other plugins sharing the app (the standalone server).
 */
export const commandApiPlugin: FastifyPluginAsync<CommandApiOptions> = async (app, options) => {
  const deps = commandDepsOf(options);
  const log = (options.logger ?? app.log).child({ component: 'command-api' });
  // This plugin's routes only (encapsulated): the 201 answer written without a zod encode.
  app.setSerializerCompiler(commandSerializerCompiler);
  // Synchronous hooks (done, or done(error) for the error handler): every command passes
  // them, and an async hook costs a promise and a microtask turn each.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      assertJsonContentType(request);
      // Before the body is read: a malformed key is refused however the body looks.
      readIdempotencyKey(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      assertJsonObjectBody(request);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  // debug: the request log line already records every request at info; a second line per
  // accepted command cost more than it said. Not even registered unless debug is on.
  if (log.level === 'debug' || log.level === 'trace') {
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.statusCode === 201)
        log.debug(
          { reqId: request.id, url: toLoggedUrl(request), replayed: reply.getHeader('idempotent-replayed') === 'true' },
          'command accepted',
        );
      done();
    });
  }
  registerLeadRoutes(app, deps);
  await registerAdminLeadRoutes(app, { deps, adminGuard: options.adminGuard, logger: log });
  await registerApplicationRoutes(app, deps, { pool: options.pool, adminGuard: options.adminGuard, logger: log });
  const { objectStore } = options;
  await registerPaymentCommands(app, { deps, pool: options.pool, adminGuard: options.adminGuard, logger: log, objectStore });
  await registerAffiliateCommands(app, {
    deps,
    pool: options.pool,
    adminGuard: options.adminGuard,
    logger: log,
    objectStore,
    adminRoutes: [registerAdminPayoutRoutes],
  });
  await registerSettingsCommands(app, {
    deps,
    adminGuard: options.adminGuard,
    initialSettings: options.initialSettings,
    logger: log,
    pool: options.pool,
    objectStore,
  });
  await registerOperationsCommands(app, { deps, pool: options.pool, adminGuard: options.adminGuard, logger: log });
  await registerNotificationCommands(app, { deps, adminGuard: options.adminGuard, logger: log });
  await registerLogIntegrityCommands(app, { deps, adminGuard: options.adminGuard, logger: log, verifier: options.logVerifier });
  await registerConsentLedgerCommands(app, { deps, pool: options.pool, adminGuard: options.adminGuard, logger: log });
};

export type BuildCommandAppOptions = CommandApiOptions & {
  bodyLimit?: number;
  trustProxy?: boolean;
  /** /healthz, /readyz, /metrics, the HTTP histogram and commands_total on this app. */
  observability?: ObservabilityOptions;
};

/** The command API on its own fastify instance; tests drive it with app.inject. */
export const buildCommandApp = async (options: BuildCommandAppOptions): Promise<FastifyInstance> => {
  const logger = options.logger ?? createLogger({ level: 'silent', pretty: false });
  const app = createHttpApp({ logger, bodyLimit: options.bodyLimit, trustProxy: options.trustProxy });
  if (options.observability) {
    await registerObservability(app, options.observability);
    instrumentCommands(app, options.observability.registry);
  }
  await app.register(commandApiPlugin, { ...options, logger });
  return app;
};
