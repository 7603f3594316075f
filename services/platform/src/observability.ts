// Health and metrics for every service: /healthz, /readyz, /metrics (Prometheus text).
// One Registry per process; the standalone server shares one across all its parts.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { ReadinessCheck } from './observability-readiness.ts';

export { Registry } from 'prom-client';

export type MetricsGuard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/**
 * A registry labelled with the service name. Default process metrics (CPU, memory, event
 * loop lag, GC) start an event-loop monitor that never stops, so they are for the one
 * registry of a real process, not for the many apps a test suite builds.
 */
export const createMetricsRegistry = (options: { service: string; defaultMetrics?: boolean }) => {
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.service });
  if (options.defaultMetrics) collectDefaultMetrics({ register: registry });
  return registry;
};

type MetricConfig<L extends string> = { name: string; help: string; labelNames?: readonly L[] };

// A metric can be registered once per registry; plugins sharing one registry (the
// standalone server) must get the same instance instead of a duplicate-name error.
export const counterIn = <L extends string>(registry: Registry, config: MetricConfig<L>): Counter<L> =>
  (registry.getSingleMetric(config.name) as Counter<L> | undefined) ?? new Counter<L>({ ...config, registers: [registry] });

export const gaugeIn = <L extends string>(
  registry: Registry,
  config: MetricConfig<L> & { collect?: (this: Gauge<L>) => Promise<void> | void },
): Gauge<L> =>
  (registry.getSingleMetric(config.name) as Gauge<L> | undefined) ?? new Gauge<L>({ ...config, registers: [registry] });

export const histogramIn = <L extends string>(
  registry: Registry,
  config: MetricConfig<L> & { buckets?: number[] },
): Histogram<L> =>
  (registry.getSingleMetric(config.name) as Histogram<L> | undefined) ?? new Histogram<L>({ ...config, registers: [registry] });

/** Label of requests no route matched (404s, the SPA fallback): raw URLs would let any visitor mint series. */
export const UNMATCHED_ROUTE = 'unmatched';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The route pattern a request matched (`/api/admin/payments/:id/status`), never its raw URL. */
export const routeLabel = (request: FastifyRequest) => request.routeOptions.url ?? UNMATCHED_ROUTE;

export const methodLabel = (request: FastifyRequest) => (KNOWN_METHODS.has(request.method) ? request.method : 'OTHER');

/**
 * `http_request_duration_seconds{method, route, status_code}` for every request of the
 * app. Added on the root instance, so it covers every plugin's routes, whenever they register.
 */
export const registerHttpMetrics = (app: FastifyInstance, registry: Registry) => {
  const duration = histogramIn(registry, {
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });
  // Synchronous: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: methodLabel(request), route: routeLabel(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
};

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Guards /metrics on a public port: a scraper's `Authorization: Bearer METRICS_TOKEN`
 * when a token is configured, else (or for a person) the admin's Basic credentials.
 */
export const createMetricsGuard = (options: { token?: string | undefined; adminGuard: MetricsGuard }): MetricsGuard => {
  const expected = options.token ? digest(options.token) : null;
  return async (request, reply) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (expected && match?.[1] && timingSafeEqual(digest(match[1]), expected)) return;
    return options.adminGuard(request, reply);
  };
};

export type ObservabilityOptions = {
  registry: Registry;
  /** Without it /readyz answers like /healthz: nothing to depend on. */
  readiness?: ReadinessCheck | undefined;
  /** Protects /metrics (the standalone server's public port); open when absent. */
  metricsGuard?: MetricsGuard | undefined;
  /**
   * Whether this process can still recover by itself (no I/O: the embedded database's
   * supervisor state). When it cannot, /healthz answers 503 so an outside supervisor
   * restarts the process; a database that is merely down shows in /readyz instead.
   */
  liveness?: (() => Liveness) | undefined;
};

export type Liveness = { ok: true } | { ok: false; reason: string };

/**
 * GET /healthz (alive: no I/O, so a slow database never gets a live process killed),
 * GET /readyz (dependencies answer: 503 naming each failing check) and GET /metrics,
 * plus the HTTP latency histogram for every route of the app.
 */
export const registerObservability = async (app: FastifyInstance, options: ObservabilityOptions) => {
  registerHttpMetrics(app, options.registry);
  await app.register(async (ops) => {
    ops.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    ops.get('/healthz', async (_request, reply) => {
      const live = options.liveness?.() ?? { ok: true };
      return live.ok ? { status: 'ok' } : reply.status(503).send({ status: 'unhealthy', reason: live.reason });
    });
    ops.get('/readyz', async (_request, reply) => {
      if (!options.readiness) return { status: 'ok', checks: {} };
      const report = await options.readiness();
      return reply.status(report.ready ? 200 : 503).send({ status: report.ready ? 'ok' : 'unavailable', checks: report.checks });
    });
    ops.get('/metrics', { onRequest: options.metricsGuard ? [options.metricsGuard] : [] }, async (_request, reply) => {
      const body = await options.registry.metrics();
      return reply.type(options.registry.contentType).send(body);
    });
  });
};
