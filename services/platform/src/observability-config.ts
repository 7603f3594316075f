// Environment keys for running behind a proxy and being scraped; services spread the
// shapes they use into their own config schema.

import { z } from 'zod';
import { portSchema } from './config.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** The projector's own small HTTP server for /healthz, /readyz and /metrics. */
export const MetricsPortConfigShape = {
  METRICS_PORT: portSchema(9464),
};

/** A bearer token a Prometheus scraper sends for /metrics on a public port (the standalone server). */
export const MetricsTokenConfigShape = {
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
};

/**
 * true behind the reverse proxy: client address and protocol come from X-Forwarded-For
 * and X-Forwarded-Proto (per-address rate limits, Secure cookies). Only safe when the
 * service is reachable through that proxy alone, which overwrites those headers.
 */
export const TrustProxyConfigShape = {
  TRUST_PROXY: z.preprocess(
    (value) => (value === '' || value === undefined ? 'false' : value),
    z.enum(['true', 'false'], { error: 'must be true or false' }).transform((value) => value === 'true'),
  ),
};
