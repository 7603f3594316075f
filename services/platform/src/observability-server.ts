import { createHttpApp } from './http.ts';
import type { Logger } from './logger.ts';
import { registerObservability, type Registry } from './observability.ts';
import type { ReadinessCheck } from './observability-readiness.ts';

/**
 * A worker process with no API of its own (the projector, the notifier) serves /healthz,
 * /readyz and /metrics on a small HTTP server, for the container's health check and a
 * scraper. Internal network only: it carries no auth.
 */
export const startObservabilityServer = async (options: {
  /** Names the server in the log lines. */
  component: string;
  port: number;
  host?: string;
  registry: Registry;
  readiness: ReadinessCheck;
  logger: Logger;
}) => {
  const app = createHttpApp({ logger: options.logger.child({ component: options.component }) });
  await registerObservability(app, { registry: options.registry, readiness: options.readiness });
  await app.listen({ port: options.port, host: options.host ?? '0.0.0.0' });
  return app;
};
