import { createAdminGuard, createHttpApp, createLogger, type AdminCredentials, type Logger, type Pool } from '@acres/platform';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createFreshReadHook, DEFAULT_FRESH_READ_TIMEOUT_MS } from './shared/fresh-read.ts';
import { DEFAULT_EXPORT_PAGE_SIZE } from './leads/routes.ts';
import { registerAdminCountersRoutes } from './operations/counters-routes.ts';
import { registerAdminChartsRoutes } from './operations/charts-routes.ts';
import { registerAuthUserRoutes } from './identity/routes.ts';
import { registerAdminLeadsRoutes } from './leads/routes.ts';
import { registerAdminSubscriptionsRoutes } from './applications/routes.ts';
import {
  registerApplicationStatusRoutes,
  registerMyApplicationsRoutes,
  type StatusLookupLimit,
} from './applications/applicant-routes.ts';
import { registerAdminAllocationRoutes } from './allocation/routes.ts';
import { registerAdminPaymentsRoutes } from './payments/admin-routes.ts';
import { registerAdminProjectionOperationsRoutes, registerAdminProjectionsRoutes } from './operations/projections-routes.ts';
import { registerPaymentsRoutes } from './payments/routes.ts';
import { registerAffiliateRoutes } from './affiliates/routes.ts';
import { registerAffiliateAdminRoutes } from './affiliates/admin-routes.ts';
import { registerAdminSettingsRoutes, registerPublicSettingsRoutes } from './settings/routes.ts';
import { registerAdminDocumentsRoutes, registerMaterialsPageRoutes } from './documents/routes.ts';
import { registerInvestorRoomRoutes } from './documents/investor-routes.ts';
import { registerAdminAuditLogRoutes } from './audit/routes.ts';
import { registerAdminStaffRoutes } from './staff/routes.ts';
import { registerAdminOutboxRoutes } from './notifications/routes.ts';
import { registerAdminConsentHistoryRoutes, registerMessagePreferencesRoutes } from './consent/routes.ts';
import { registerMyPhonesRoutes } from './identity/phone-routes.ts';
import { registerAdminDataExportRoutes, registerMyDataExportRoutes } from './data-export/routes.ts';
import type { RecordDataExport } from './data-export/record-download.ts';
import type { ObjectReader } from './data-export/files.ts';
import { registerSessionSupport } from '@acres/platform/sessions';
import type { FailureLimits } from '@acres/platform/throttle/failure-throttle';
import { registerObservability, type ObservabilityOptions } from '@acres/platform/observability';
import type { QueryApp, RouteDeps } from './shared/route-types.ts';
import { createPostgresEventStore } from '@acres/eventstore';
import type { EventStore } from '@acres/eventstore/port';
import { protectEventStore, type KeyVault } from '@acres/eventstore/protect';
import { NO_DELIVERY_CHANNELS, type DeliveryChannels } from '@acres/contracts/settings-reads';

export type QueryApiOptions = {
  pool: Pool;
  adminCredentials: AdminCredentials;
  /** Share one guard with other services on the same port so failed attempts add up. */
  adminGuard?: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** Failed-attempt limits for the guard built here when adminGuard is not given. */
  adminRateLimit?: Partial<FailureLimits>;
  /** Read-your-writes bound (default 2 s) and the fallback poll for a missed NOTIFY. */
  readYourWrites?: { timeoutMs?: number; pollMs?: number };
  exportPageSize?: number;
  now?: () => Date;
  /** Public application-status lookups per client address (default 20 per 15 minutes). */
  statusLookupLimit?: StatusLookupLimit;
  /** The notifier channels that really deliver (default none: nothing is promised). */
  channels?: DeliveryChannels;
  /** The subject keys: events read straight from the log are opened with them. */
  vault: KeyVault;
  /**
   * The event store the service runs on, its sealed fields opened (protectEventStore): the
   * as-of views and access exports read the log through it. Without it, the PostgreSQL store
   * in this pool's database.
   */
  eventStore?: EventStore;
  /** Events counted behind each projection on the Operations view (default 100,000); EventStoreDB counts by reading them. */
  lagCountCap?: number;
  /** The uploads' object store, read by the data exports (without it they list the files but hold no bytes). */
  objects?: ObjectReader;
  /** Records each admin download of a person's data in the log; without it that download is off. */
  recordDataExport?: RecordDataExport;
  /** Checks the links to the due-diligence room the notifier signs; without it their page is off. */
  linkSigningSecret?: string;
};

type RegisterRoutes = (app: QueryApp, deps: RouteDeps) => void;

/** The admin's reads, each behind the admin guard. */
const ADMIN_ROUTES: readonly RegisterRoutes[] = [
  registerAdminLeadsRoutes,
  registerAdminSubscriptionsRoutes,
  registerAdminCountersRoutes,
  registerAdminChartsRoutes,
  registerAdminPaymentsRoutes,
  registerAdminAllocationRoutes,
  registerAdminProjectionsRoutes,
  registerAdminProjectionOperationsRoutes,
  registerAffiliateAdminRoutes,
  registerAdminSettingsRoutes,
  registerAdminAuditLogRoutes,
  registerAdminOutboxRoutes,
  registerAdminConsentHistoryRoutes,
  registerAdminStaffRoutes,
  registerAdminDocumentsRoutes,
];

/** The investor's own reads, behind the session cookie. */
const INVESTOR_ROUTES: readonly RegisterRoutes[] = [
  registerPaymentsRoutes,
  registerAuthUserRoutes,
  registerAffiliateRoutes,
  registerMyApplicationsRoutes,
  registerMessagePreferencesRoutes,
  registerMyPhonesRoutes,
  registerInvestorRoomRoutes,
];

// Personal data: no browser or proxy keeps a copy.
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store');
};

/**
 * The read side over HTTP: the admin's leads (JSON and CSV), applications and counters,
 * all behind admin Basic auth. Register it into any fastify app built by createHttpApp.
 */
export const queryApiPlugin: FastifyPluginAsync<QueryApiOptions> = async (fastify, options) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const timeoutMs = options.readYourWrites?.timeoutMs ?? DEFAULT_FRESH_READ_TIMEOUT_MS;
  const pollMs = options.readYourWrites?.pollMs;
  const deps: RouteDeps = {
    pool: options.pool,
    freshRead: (projections) => createFreshReadHook({ pool: options.pool, projections, timeoutMs, pollMs }),
    now: options.now ?? (() => new Date()),
    exportPageSize: options.exportPageSize ?? DEFAULT_EXPORT_PAGE_SIZE,
    eventLog: options.eventStore ?? protectEventStore(createPostgresEventStore({ pool: options.pool }), options.vault),
    lagCountCap: options.lagCountCap ?? 100_000,
    addressDigest: options.vault.addressDigest,
  };

  const guard =
    options.adminGuard ??
    createAdminGuard({ credentials: options.adminCredentials, pool: options.pool, limits: options.adminRateLimit });

  await app.register(async (admin) => {
    // onRequest runs before query validation: without credentials the answer is 401,
    // never a 400 that tells a stranger how the endpoint works.
    admin.addHook('onRequest', guard);
    admin.addHook('onSend', noStore);
    for (const register of ADMIN_ROUTES) register(admin, deps);
    registerAdminDataExportRoutes(admin, { ...deps, objects: options.objects, recordDataExport: options.recordDataExport });
  });

  // Public reads: no guard, no session.
  await app.register(async (visitor) =>
    registerPublicSettingsRoutes(visitor, { ...deps, channels: options.channels ?? NO_DELIVERY_CHANNELS }),
  );
  const { linkSigningSecret } = options;
  if (linkSigningSecret) await app.register(async (lead) => registerMaterialsPageRoutes(lead, { ...deps, linkSigningSecret }));
  await app.register(async (applicant) =>
    registerApplicationStatusRoutes(applicant, { ...deps, limit: options.statusLookupLimit }),
  );

  // The investor's own reads, behind the session cookie.
  await app.register(async (investor) => {
    registerSessionSupport(investor, { pool: options.pool });
    investor.addHook('onSend', noStore);
    for (const register of INVESTOR_ROUTES) register(investor, deps);
    await investor.register(async (own) => registerMyDataExportRoutes(own, { ...deps, objects: options.objects }));
  });
};

export type BuildQueryAppOptions = QueryApiOptions & {
  logger?: Logger;
  /** Behind the reverse proxy: client address and protocol from X-Forwarded-*. */
  trustProxy?: boolean;
  /** /healthz, /readyz, /metrics and the HTTP histogram on this app. */
  observability?: ObservabilityOptions;
};

/** A stand-alone query API app (tests drive it with app.inject). */
export const buildQueryApp = (options: BuildQueryAppOptions) => {
  const logger = options.logger ?? createLogger({ name: 'query-api' });
  const app = createHttpApp({ logger, trustProxy: options.trustProxy });
  const { logger: _logger, observability, trustProxy: _trustProxy, ...pluginOptions } = options;
  if (observability) void registerObservability(app, observability);
  void app.register(queryApiPlugin, pluginOptions);
  return app;
};
