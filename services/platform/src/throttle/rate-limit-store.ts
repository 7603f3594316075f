import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Queryable } from '../db.ts';
import { hitWindow, readWindow, type WindowHit } from './table.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

type RouteInfo = { method?: string | string[]; url?: string };

const answer = (promise: Promise<WindowHit>, callback: Callback) => {
  promise.then(
    (hit) => callback(null, { current: hit.count, ttl: hit.ttlMs }),
    (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
  );
};

/**
 * @fastify/rate-limit's custom store (README "Custom store") over the throttle table, so
 * every replica counts against the same window. The plugin builds it with its own
 * settings only, hence a class made per pool. Fixed windows; nothing else of the
 * built-in stores (continueExceeding, exponentialBackoff) is needed by our limits.
 */
export const createPostgresRateLimitStore = (pool: Queryable): FastifyRateLimitStoreCtor => {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(options: { prefix?: string } = {}) {
      this.prefix = options.prefix ?? '';
    }

    incr(key: string, callback: Callback, timeWindow: number) {
      answer(hitWindow(pool, { key: this.prefix + key, windowMs: timeWindow }), callback);
    }

    /** What `createRateLimit()(request, { increment: false })` peeks at. */
    read(key: string, callback: Callback) {
      answer(readWindow(pool, this.prefix + key), callback);
    }

    /**
     * A route limited through its `config.rateLimit` gets its own counters, as with the
     * built-in stores; limiters made by `app.rateLimit()` have no route and rely on their
     * keyGenerator naming the limit.
     */
    // The plugin passes its merged settings plus routeInfo, whatever the typings say.
    child(routeOptions: object) {
      const route = (routeOptions as { routeInfo?: RouteInfo }).routeInfo;
      if (!route?.url) return new PostgresRateLimitStore({ prefix: this.prefix });
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new PostgresRateLimitStore({ prefix: `${this.prefix}${method} ${route.url}:` });
    }
  }
  // The plugin constructs the store with its settings, which carry no prefix.
  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
};
