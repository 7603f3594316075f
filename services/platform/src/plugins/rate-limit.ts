import fastifyRateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import type { Queryable } from '../db.ts';
import { createPostgresRateLimitStore } from '../throttle/rate-limit-store.ts';

export type RateLimitPluginOptions = { pool: Queryable };

/**
 * @fastify/rate-limit with its counters in PostgreSQL (the throttle table), so every
 * replica sees them. Nothing is limited unless asked: a route opts in with
 * `config.rateLimit`, or a hook made by `app.rateLimit({...})`. Wrapped in
 * fastify-plugin: the decorators land in the context that registers it.
 *
 * @see https://github.com/fastify/fastify-rate-limit
 */
export const rateLimitPlugin = fp<RateLimitPluginOptions>(
  async (app, options) => {
    await app.register(fastifyRateLimit, { global: false, store: createPostgresRateLimitStore(options.pool) });
  },
  { name: 'acres-rate-limit', fastify: '5.x' },
);
