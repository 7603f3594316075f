import { createHttpApp } from '@acres/platform/http';
import type { Logger } from '@acres/platform/logger';
import { registerObservability, type Registry } from '@acres/platform/observability';
import type { ReadinessCheck } from '@acres/platform/observability-readiness';

/**
 * The notifier alone has no API: /healthz, /readyz and /metrics on METRICS_PORT, for the
 * container's health check and a scraper. Internal network only: it carries no auth.
 */
export const startHealthServer = async (options: {
  port: number;
  registry: Registry;
  readiness: ReadinessCheck;
  logger: Logger;
}) => {
  const app = createHttpApp({ logger: options.logger.child({ component: 'health-server' }) });
  await registerObservability(app, { registry: options.registry, readiness: options.readiness });
  await app.listen({ port: options.port, host: '0.0.0.0' });
  return app;
};
