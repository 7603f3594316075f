import { createHttpApp } from '@acres/platform/http';
import type { Logger } from '@acres/platform/logger';
import { registerObservability, type Registry } from '@acres/platform/observability';
import type { ReadinessCheck } from '@acres/platform/observability-readiness';

/**
 * The projector alone has no API, so it gets a small HTTP server of its own for
 * /healthz, /readyz and /metrics (METRICS_PORT, 9464 by default: Prometheus's
 * conventional exporter port). Internal network only: it carries no auth.
 */
export const startMetricsServer = async (options: {
  port: number;
  host?: string;
  registry: Registry;
  readiness: ReadinessCheck;
  logger: Logger;
}) => {
  const app = createHttpApp({ logger: options.logger.child({ component: 'metrics-server' }) });
  await registerObservability(app, { registry: options.registry, readiness: options.readiness });
  await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  return app;
};
