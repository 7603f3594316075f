import { startObservabilityServer } from '@acres/platform/observability-server';

/**
 * The projector alone has no API, so it gets a small HTTP server of its own for
 * /healthz, /readyz and /metrics (METRICS_PORT, 9464 by default: Prometheus's
 * conventional exporter port). Internal network only: it carries no auth.
 */
export const startMetricsServer = (options: Omit<Parameters<typeof startObservabilityServer>[0], 'component'>) =>
  startObservabilityServer({ ...options, component: 'metrics-server' });
