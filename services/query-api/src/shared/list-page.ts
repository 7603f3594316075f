import type { Pool } from '@acres/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MIN_POSITION_HEADER, parseMinPosition } from './fresh-read.ts';
import { createPageCache, serialize, type PageCache, type PageCacheOptions } from './page-cache.ts';
import type { QueryApp, RouteDeps } from './route-types.ts';

// The page cache of a pool's read models, when the process has one: one per pool, like the
// freshness module's LISTEN connection. Off unless enabled, for only where every read-model
// write goes through the projector (tests inserting rows straight into the tables would
// otherwise read their own stale pages). The query API's server enables it.
const caches = new WeakMap<Pool, PageCache>();

/** Keeps the admin lists' pages read over `pool` until a projection they read moves; close it on shutdown. */
export const enablePageCache = (pool: Pool, options: PageCacheOptions = {}): PageCache => {
  const cache = createPageCache(pool, options);
  caches.set(pool, cache);
  return cache;
};

/**
 * Answers an admin list's page: from the pool's page cache, or read by `read` (the list's
 * query and mapper). The answer goes out as UTF-8 JSON: the contract's zod schema stays
 * the route's documented response (OpenAPI) but is not run again over every row of every
 * page; the read models' typed mappers (`toLead`, …) are where the shape is guaranteed,
 * and re-validating 50 rows cost more than the page's SQL (issue 10, goal 5).
 */
export const sendListPage = async (
  pool: Pool,
  request: FastifyRequest,
  reply: FastifyReply,
  projections: readonly string[],
  read: () => Promise<unknown>,
): Promise<FastifyReply> => {
  const cache = caches.get(pool);
  const json = cache
    ? await cache.json({
        // The route and its query string: everything the page depends on besides the read models.
        key: request.url,
        projections,
        // Already validated by the route's fresh-read hook.
        minPosition: parseMinPosition(request.headers[MIN_POSITION_HEADER]),
        read,
      })
    : serialize(await read());
  return reply.type('application/json; charset=utf-8').send(json);
};

/** GET `url`: an admin list's page (sendListPage) once the read models it names are fresh enough. */
export const registerListRoute = <Q extends z.ZodType>(
  app: QueryApp,
  deps: RouteDeps,
  options: {
    url: string;
    querystring: Q;
    response: z.ZodType;
    reads: readonly string[];
    list: (query: z.output<Q>) => Promise<unknown>;
  },
) =>
  app.get(
    options.url,
    {
      schema: { querystring: options.querystring, response: { 200: options.response } },
      preHandler: deps.freshRead(options.reads),
    },
    async (request, reply) =>
      sendListPage(deps.pool, request, reply, options.reads, () => options.list(request.query as z.output<Q>)),
  );
